import IslandCore

/// The advance widths of DejaVu Sans, the font the pictures name, so that text drawn in it
/// can be squeezed or stretched to exactly the width the engine estimated (librsvg ignores
/// SVG's `textLength`; browsers honour it, and both then agree).
///
/// Thousandths of an em, for printable ASCII (U+0020-U+007E), basic Cyrillic (U+0400-U+045F),
/// and `…`, `·`, `–`, `—`; read from Debian's fonts-dejavu-core by
/// `docs/tools/dejavu-advances.py`. Bold serves for semibold (DejaVu has no semibold; font
/// matching picks bold for weight 600).
package enum FontWidths {
  /// The width of `text` at `size` points in DejaVu Sans (bold or book); a character the
  /// table lacks counts as wide as the engine estimates it (the fallback font's width is
  /// unknown).
  package static func width(of text: String, size: Double, bold: Bool) -> Double {
    let table = bold ? FontWidths.bold : FontWidths.book
    var thousandths = 0
    var ems = 0.0
    for scalar in text.unicodeScalars {
      if let index = index(of: scalar) {
        thousandths += table[index]
      } else {
        ems += TextMetrics.emWidth(of: scalar)
      }
    }
    return (Double(thousandths) / 1000 + ems) * size
  }

  private static func index(of scalar: Unicode.Scalar) -> Int? {
    switch scalar.value {
    case 0x20...0x7E: return Int(scalar.value) - 0x20
    case 0x400...0x45F: return 95 + Int(scalar.value) - 0x400
    case 0x2026: return 191
    case 0xB7: return 192
    case 0x2013: return 193
    case 0x2014: return 194
    default: return nil
    }
  }

  private static let book: [Int] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838, 632,
    632, 786, 610, 698, 635, 295, 295, 295, 1094, 1045, 786, 710, 748, 609, 752, 684,
    686, 686, 610, 781, 632, 1077, 641, 748, 748, 710, 752, 863, 752, 787, 752, 603,
    698, 611, 609, 861, 685, 776, 686, 1069, 1094, 833, 882, 686, 698, 1080, 695, 613,
    617, 589, 525, 691, 615, 901, 532, 650, 650, 604, 639, 754, 654, 612, 654, 635,
    550, 583, 592, 855, 592, 681, 591, 915, 942, 707, 790, 589, 549, 842, 602, 615,
    615, 625, 525, 549, 521, 278, 278, 278, 902, 898, 652, 604, 650, 592, 654, 1000,
    318, 500, 1000,
  ]

  private static let bold: [Int] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838, 683,
    683, 878, 637, 734, 720, 372, 372, 372, 1154, 1130, 878, 817, 837, 771, 837, 774,
    762, 762, 637, 891, 683, 1224, 710, 837, 837, 817, 831, 995, 837, 850, 837, 733,
    734, 682, 771, 992, 771, 928, 808, 1235, 1326, 939, 1036, 762, 734, 1174, 770, 675,
    698, 633, 522, 808, 678, 995, 581, 701, 701, 679, 732, 817, 691, 687, 691, 716,
    593, 580, 652, 992, 645, 741, 687, 1062, 1105, 751, 904, 632, 593, 972, 642, 678,
    678, 714, 522, 593, 595, 343, 343, 343, 991, 956, 734, 679, 701, 652, 691, 1000,
    380, 500, 1000,
  ]
}
