import CZlib
import Foundation

/// A decoded PNG, as 8-bit RGBA pixels: enough of the format to read what rsvg-convert and
/// Chromium write (8 bits a channel, grey, grey and alpha, RGB or RGBA, not interlaced).
/// The image data is inflated by the system's zlib.
struct PNGImage {
  let width: Int
  let height: Int
  /// RGBA, row by row.
  let pixels: [UInt8]

  enum DecodingError: Error, CustomStringConvertible {
    case notPNG
    case unsupported(String)
    case corrupt(String)

    var description: String {
      switch self {
      case .notPNG: return "not a PNG"
      case .unsupported(let what): return "unsupported PNG: \(what)"
      case .corrupt(let what): return "corrupt PNG: \(what)"
      }
    }
  }

  init(data: Data) throws {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw DecodingError.notPNG
    }
    func u32(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    var offset = 8
    var width = 0
    var height = 0
    var colorType = 0
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length = u32(offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let start = offset + 8
      guard start + length + 4 <= bytes.count else { throw DecodingError.corrupt("chunk \(type)") }
      switch type {
      case "IHDR":
        width = u32(start)
        height = u32(start + 4)
        let depth = bytes[start + 8]
        colorType = Int(bytes[start + 9])
        guard depth == 8 else { throw DecodingError.unsupported("bit depth \(depth)") }
        guard bytes[start + 12] == 0 else { throw DecodingError.unsupported("interlaced") }
      case "IDAT": compressed += bytes[start..<(start + length)]
      default: break
      }
      offset = start + length + 4
      if type == "IEND" { break }
    }
    let channels: Int
    switch colorType {
    case 0: channels = 1
    case 2: channels = 3
    case 4: channels = 2
    case 6: channels = 4
    default: throw DecodingError.unsupported("colour type \(colorType)")
    }
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: height * (stride + 1))
    var rawLength = uLongf(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { out in
      compressed.withUnsafeBufferPointer { input in
        uncompress(out.baseAddress, &rawLength, input.baseAddress, uLong(input.count))
      }
    }
    guard status == Z_OK, Int(rawLength) == raw.count else {
      throw DecodingError.corrupt("zlib status \(status), \(rawLength) of \(raw.count) bytes")
    }
    // Undo each row's filter.
    var image = [UInt8](repeating: 0, count: height * stride)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      let source = row * (stride + 1) + 1
      let target = row * stride
      for index in 0..<stride {
        let x = Int(raw[source + index])
        let a = index >= channels ? Int(image[target + index - channels]) : 0
        let b = row > 0 ? Int(image[target - stride + index]) : 0
        let c = row > 0 && index >= channels ? Int(image[target - stride + index - channels]) : 0
        let value: Int
        switch filter {
        case 0: value = x
        case 1: value = x + a
        case 2: value = x + b
        case 3: value = x + (a + b) / 2
        case 4:
          let p = a + b - c
          let pa = abs(p - a)
          let pb = abs(p - b)
          let pc = abs(p - c)
          value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
        default: throw DecodingError.corrupt("filter \(filter) in row \(row)")
        }
        image[target + index] = UInt8(value & 0xFF)
      }
    }
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for pixel in 0..<(width * height) {
      let from = pixel * channels
      let to = pixel * 4
      switch channels {
      case 1, 2:
        rgba[to] = image[from]
        rgba[to + 1] = image[from]
        rgba[to + 2] = image[from]
        if channels == 2 { rgba[to + 3] = image[from + 1] }
      default:
        rgba[to] = image[from]
        rgba[to + 1] = image[from + 1]
        rgba[to + 2] = image[from + 2]
        if channels == 4 { rgba[to + 3] = image[from + 3] }
      }
    }
    self.width = width
    self.height = height
    self.pixels = rgba
  }

  /// The pixel at `x`, `y`: red, green, blue, alpha.
  func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let index = (y * width + x) * 4
    return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
  }

  /// Whether the pixel is dark: opaque, and each channel under half (an edge pixel counts
  /// when the black covers at least about half of it, on a light wallpaper).
  func isDark(_ x: Int, _ y: Int) -> Bool {
    let p = pixel(x, y)
    return p.a > 128 && p.r < 128 && p.g < 128 && p.b < 128
  }

  /// The bounding box, in pixels (x, y, width, height), of the dark pixels in the columns
  /// `columns` and rows `rows`; nil when there are none.
  func darkBox(columns: Range<Int>? = nil, rows: Range<Int>? = nil) -> (
    x: Int, y: Int, width: Int, height: Int
  )? {
    let columns = columns.map { max(0, $0.lowerBound)..<min(width, $0.upperBound) } ?? 0..<width
    let rows = rows.map { max(0, $0.lowerBound)..<min(height, $0.upperBound) } ?? 0..<height
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in rows {
      for x in columns where isDark(x, y) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }
}
