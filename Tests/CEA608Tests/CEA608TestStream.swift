@testable import CEA608
import TimedText

/// Builds line 21 byte pairs by name for the tests (with odd parity, control codes sent twice as
/// encoders do), and runs them through a decoder one frame each.
struct TestStream {
    var pairs: [(UInt8, UInt8)] = []
    /// The data channel control codes are addressed to (1 or 2).
    var dataChannel = 1
    /// 1: miscellaneous control codes use 0x14/0x1C; 2: 0x15/0x1D.
    var field = 1
    /// Padding pairs put between a control code and its copy (as a video's `cc_data` can carry them).
    var paddingBetweenCopies = 0

    /// The index (frame) the next pair gets.
    var frame: Int64 { Int64(pairs.count) }

    mutating func raw(_ first: UInt8, _ second: UInt8) {
        pairs.append((first, second))
    }

    mutating func control(_ first: UInt8, _ second: UInt8, twice: Bool = true) {
        let a = CEA608Parity.add(first | (dataChannel == 2 ? 0x08 : 0))
        let b = CEA608Parity.add(second)
        pairs.append((a, b))
        if twice {
            padding(paddingBetweenCopies)
            pairs.append((a, b))
        }
    }

    mutating func command(_ command: CEA608Command, twice: Bool = true) {
        control(field == 2 ? 0x15 : 0x14, command.rawValue, twice: twice)
    }

    /// A preamble address code: an indent (white), or a colour / italics at column 0.
    mutating func pac(row: Int, indent: Int? = nil, color: CEA608Color = .white, italic: Bool = false,
                      underline: Bool = false, twice: Bool = true) {
        let placement: [Int: (UInt8, Bool)] = [
            11: (0, false), 1: (1, false), 2: (1, true), 3: (2, false), 4: (2, true), 12: (3, false), 13: (3, true),
            14: (4, false), 15: (4, true), 5: (5, false), 6: (5, true), 7: (6, false), 8: (6, true), 9: (7, false),
            10: (7, true),
        ]
        let (group, nextRow) = placement[row]!
        let attribute: UInt8 = indent.map { 8 + UInt8($0 / 4) } ?? (italic ? 7 : color.rawValue)
        control(0x10 | group, 0x40 | (nextRow ? 0x20 : 0) | attribute << 1 | (underline ? 1 : 0), twice: twice)
    }

    mutating func midRow(_ color: CEA608Color?, underline: Bool = false) {
        control(0x11, 0x20 | (color?.rawValue ?? 7) << 1 | (underline ? 1 : 0))
    }

    mutating func tab(_ columns: UInt8) { control(0x17, 0x20 + columns) }

    /// Standard characters, two a pair (the last padded with a null).
    mutating func text(_ string: String) {
        var bytes = Array(string.utf8)
        if bytes.count % 2 == 1 { bytes.append(0) }
        for i in stride(from: 0, to: bytes.count, by: 2) {
            pairs.append((CEA608Parity.add(bytes[i]), CEA608Parity.add(bytes[i + 1])))
        }
    }

    mutating func padding(_ count: Int = 1) {
        for _ in 0..<max(count, 0) { pairs.append((0x80, 0x80)) }
    }

    /// Runs the pairs through a decoder, frame i at i × 1001/30000 s, and finishes it.
    func decode(_ channel: CEA608Channel = .cc1, options: CEA608Decoder.Options = .default,
                finishAt: MediaTime? = nil) -> (captions: [CEA608Caption], diagnostics: [Diagnostic]) {
        var decoder = CEA608Decoder(channel: channel, options: options)
        for (i, pair) in pairs.enumerated() {
            decoder.feed(pair.0, pair.1, at: frameTime(Int64(i)))
        }
        decoder.finish(at: finishAt)
        return (decoder.drainCaptions(), decoder.diagnostics)
    }
}

func frameTime(_ frame: Int64) -> MediaTime { SCCTimecode.time(ofFrame: frame) }

extension CEA608Caption {
    /// The rows' text, one line per row (as displayed, spaces kept).
    var text: String { rows.map(\.text).joined(separator: "\n") }
}
