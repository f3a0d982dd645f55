#!/usr/bin/env python3
"""Prints the advance widths of DejaVu Sans (Book and Bold) for printable ASCII and basic
Cyrillic, in thousandths of an em, as the Swift table in Sources/IslandPictures/FontWidths.swift.
Reads the TrueType files of Debian's fonts-dejavu-core: cmap (format 4), hhea, hmtx, head."""
import struct, sys

def advances(path, codes):
    data = open(path, 'rb').read()
    count = struct.unpack('>H', data[4:6])[0]
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack('>4sIII', data[12 + 16 * i: 28 + 16 * i])
        tables[tag.decode()] = offset
    units = struct.unpack('>H', data[tables['head'] + 18: tables['head'] + 20])[0]
    metrics = struct.unpack('>H', data[tables['hhea'] + 34: tables['hhea'] + 36])[0]
    hmtx = tables['hmtx']
    def advance(glyph):
        glyph = min(glyph, metrics - 1)
        return struct.unpack('>H', data[hmtx + 4 * glyph: hmtx + 4 * glyph + 2])[0]
    cmap = tables['cmap']
    n = struct.unpack('>H', data[cmap + 2: cmap + 4])[0]
    sub = None
    for i in range(n):
        platform, encoding, offset = struct.unpack('>HHI', data[cmap + 4 + 8 * i: cmap + 12 + 8 * i])
        if platform == 3 and encoding == 1:
            sub = cmap + offset
    assert struct.unpack('>H', data[sub: sub + 2])[0] == 4
    segments = struct.unpack('>H', data[sub + 6: sub + 8])[0] // 2
    ends = struct.unpack('>%dH' % segments, data[sub + 14: sub + 14 + 2 * segments])
    base = sub + 16 + 2 * segments
    starts = struct.unpack('>%dH' % segments, data[base: base + 2 * segments])
    deltas = struct.unpack('>%dh' % segments, data[base + 2 * segments: base + 4 * segments])
    range_base = base + 4 * segments
    offsets = struct.unpack('>%dH' % segments, data[range_base: range_base + 2 * segments])
    def glyph(code):
        for i in range(segments):
            if starts[i] <= code <= ends[i]:
                if offsets[i] == 0:
                    return (code + deltas[i]) & 0xFFFF
                at = range_base + 2 * i + offsets[i] + 2 * (code - starts[i])
                g = struct.unpack('>H', data[at: at + 2])[0]
                return (g + deltas[i]) & 0xFFFF if g else 0
        return 0
    return [round(advance(glyph(c)) * 1000 / units) for c in codes]

codes = list(range(0x20, 0x7F)) + list(range(0x400, 0x460)) + [0x2026, 0xB7, 0x2013, 0x2014]
for name in ['DejaVuSans', 'DejaVuSans-Bold']:
    values = advances('/usr/share/fonts/truetype/dejavu/%s.ttf' % name, codes)
    print(name, values)
