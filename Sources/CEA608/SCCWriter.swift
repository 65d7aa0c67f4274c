import Foundation
public import TimedText
import TextScanning

extension DiagnosticCode {
    public static let sccTooManyRows: Self = "scc.too-many-rows"
    public static let sccUnrepresentableCharacter: Self = "scc.unrepresentable-character"
    public static let sccLateCaption: Self = "scc.late-caption"
    public static let sccEmptyCaption: Self = "scc.empty-caption"
}

/// Writes pop-on SCC (channel CC1, non-drop timecodes) from any track, within CEA-608's limits:
///
/// - **Columns**: each line of a cue is wrapped at 32 characters at Unicode line-break
///   opportunities (`LineBreaking`); a caption of more than 4 rows keeps its first 4, with
///   `scc.too-many-rows`. Rows sit at the bottom of the grid (rows 12–15), centred by the PAC
///   indent and a tab offset.
/// - **Characters**: the basic set, then the special and extended sets (an extended character is
///   sent after its basic fallback, which it replaces, CEA-608-E); anything else becomes the
///   closest representable character (its base letter, straight quotes, `...`), with
///   `scc.unrepresentable-character`.
/// - **Bandwidth**: one byte pair per frame. Caption N is loaded into non-displayed memory (RCL,
///   PACs, text) while caption N−1 is on screen, and its EOC lands on its start frame; an EDM
///   blanks the screen at a caption's end when nothing follows at once. When the frames between
///   two captions cannot hold the loading, the caption is shown late, never silently:
///   `scc.late-caption` says by how many frames.
public struct SCCWriter: Sendable {
    public init() {}

    /// The SCC text of the document's first track, and what had to be changed to fit 608.
    public func write(_ document: Document) -> ParseResult<[UInt8]> {
        write(document.tracks.first?.cues ?? [])
    }

    public func write(_ cues: [Cue]) -> ParseResult<[UInt8]> {
        var log = DiagnosticLog()
        var frames: [Int64: String] = [:]  // frame number → the word sent on it
        var nextFree: Int64 = 0
        let ordered = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var pendingErase: Int64?  // the previous caption's end, when the screen must be blanked then
        for (index, cue) in ordered.enumerated() {
            let units = loadingUnits(for: cue, log: &log)
            let pairs = units.reduce(0) { $0 + $1.count }
            guard !units.isEmpty else {
                log.report(.info, .sccEmptyCaption, "caption \(index + 1) has no text: 608 has nothing to show for it; not written",
                           at: cue.source)
                continue
            }
            let start = Self.frame(of: cue.start)
            // The EOC (the first of its two pairs) lands on the start frame: the loading is laid
            // out backwards from it, around an EDM that blanks the previous caption inside the
            // window, and after what is already sent; when it does not fit, it goes forwards from
            // the first free frame and the caption is late. An end less than two frames before
            // this start is left to the EOC, which replaces the caption there.
            if let erase = pendingErase, erase < start - 2, erase >= nextFree {
                frames[erase] = Self.word(0x14, 0x2C)
                frames[erase + 1] = Self.word(0x14, 0x2C)
            }
            // A unit (a doubled control code, an extended character after its fallback) goes on
            // consecutive frames: a code in between would make the repeat act a second time.
            func free(_ at: Int64, _ count: Int) -> Bool { (0..<Int64(count)).allSatisfy { frames[at + $0] == nil } }
            var layout: [(Int64, [String])] = []
            var last = start + 1
            for unit in units.reversed() {
                var at = last - Int64(unit.count) + 1
                while at >= nextFree, !free(at, unit.count) { at -= 1 }
                guard at >= nextFree else {
                    layout.removeAll()
                    break
                }
                layout.append((at, unit))
                last = at - 1
            }
            var frame = nextFree
            if layout.count == units.count {
                for (at, unit) in layout {
                    for (k, word) in unit.enumerated() { frames[at + Int64(k)] = word }
                }
                frame = start + 2
            } else {
                for unit in units {
                    while !free(frame, unit.count) { frame += 1 }
                    for word in unit {
                        frames[frame] = word
                        frame += 1
                    }
                }
            }
            let shown = frame - 2
            if shown > start {
                log.report(.warning, .sccLateCaption,
                           "caption \(index + 1) is shown \(shown - start) frames late: the frames before it cannot hold its \(pairs) byte pairs after the previous caption",
                           at: cue.source)
            }
            nextFree = frame
            let end = cue.end.map(Self.frame(of:))
            let next = index + 1 < ordered.count ? Self.frame(of: ordered[index + 1].start) : nil
            // Blank the screen at the end unless the next caption replaces this one at once.
            if let end, next.map({ end < $0 }) ?? true {
                pendingErase = max(end, nextFree)
            } else {
                pendingErase = nil
            }
        }
        if let erase = pendingErase {
            let at = max(erase, nextFree)
            frames[at] = Self.word(0x14, 0x2C)
            frames[at + 1] = Self.word(0x14, 0x2C)
        }
        return ParseResult(value: Array(Self.text(frames).utf8), diagnostics: log.finished())
    }

    /// The loading of one pop-on caption as units of byte-pair words: RCL, each row's PAC (and tab
    /// offset) and text, then EOC; control codes sent twice, as encoders do, each pair one unit.
    private func loadingUnits(for cue: Cue, log: inout DiagnosticLog) -> [[String]] {
        var rows: [String] = []
        for line in cue.plainText.split(separator: "\n", omittingEmptySubsequences: true) {
            rows += (try? LineBreaking.wrap(String(line), width: 32)) ?? [String(line.prefix(32))]
        }
        rows = rows.filter { !$0.isEmpty }
        guard !rows.isEmpty else { return [] }
        if rows.count > 4 {
            log.report(.warning, .sccTooManyRows, "a caption of \(rows.count) rows: CEA-608 pop-on shows 4 here; the first 4 are kept",
                       at: cue.source)
            rows = Array(rows.prefix(4))
        }
        var units = [[Self.word(0x14, 0x20), Self.word(0x14, 0x20)]]  // RCL
        for (k, text) in rows.enumerated() {
            let encoded = encode(text, log: &log, at: cue.source)
            let width = encoded.columns
            let left = max(0, (32 - width) / 2)
            let row = 15 - (rows.count - 1) + k
            units.append(Self.preamble(row: row, indent: left / 4 * 4))
            if left % 4 > 0 { units.append([Self.word(0x17, 0x20 + UInt8(left % 4)), Self.word(0x17, 0x20 + UInt8(left % 4))]) }  // TO1–TO3
            units += encoded.units
        }
        units.append([Self.word(0x14, 0x2F), Self.word(0x14, 0x2F)])  // EOC
        return units
    }

    /// A row's text as units of byte-pair words, and how many columns it takes.
    private func encode(_ text: String, log: inout DiagnosticLog, at location: SourceLocation?) -> (units: [[String]], columns: Int) {
        var words: [[String]] = []
        var pending: [UInt8] = []
        var columns = 0
        func flush() {
            guard !pending.isEmpty else { return }
            words.append([Self.word(pending[0], pending.count > 1 ? pending[1] : 0x00)])
            pending.removeAll()
        }
        for scalar in text.unicodeScalars {
            guard columns < 32 else { break }
            let code = Self.code(for: scalar) ?? {
                let substitute = Self.substitute(for: scalar)
                log.report(.warning, .sccUnrepresentableCharacter,
                           "'\(Character(scalar))' (U+\(String(scalar.value, radix: 16, uppercase: true))) has no CEA-608 character; written as '\(substitute)'",
                           at: location)
                return Self.code(for: substitute) ?? .standard(UInt8(ascii: "?"))
            }()
            switch code {
            case .standard(let byte):
                pending.append(byte)
                if pending.count == 2 { flush() }
            case .special(let byte):
                flush()
                words.append([Self.word(0x11, byte)])
            case .extended(let first, let byte, let fallback):
                pending.append(fallback)
                flush()
                // Sent right after the pair holding its fallback, which it replaces.
                words[words.count - 1].append(Self.word(first, byte))
            }
            columns += 1
        }
        flush()
        return (words, columns)
    }

    enum Code {
        case standard(UInt8)
        case special(UInt8)
        /// An extended character (first byte 0x12 or 0x13 on channel 1), sent after a basic
        /// fallback that it replaces.
        case extended(UInt8, UInt8, fallback: UInt8)
    }

    /// Unicode → CEA-608 for channel 1: basic characters first, then special, then extended.
    private static let codes: [Unicode.Scalar: Code] = {
        var table: [Unicode.Scalar: Code] = [:]
        for byte in UInt8(0x20)...0x7F {
            if let scalar = CEA608Characters.standard(byte), table[scalar] == nil { table[scalar] = .standard(byte) }
        }
        for byte in UInt8(0x30)...0x3F {
            if let scalar = CEA608Characters.special(byte), table[scalar] == nil { table[scalar] = .special(byte) }
        }
        for (set, first): (Int, UInt8) in [(0, 0x12), (1, 0x13)] {
            for byte in UInt8(0x20)...0x3F {
                guard let scalar = CEA608Characters.extended(set: set, byte), table[scalar] == nil else { continue }
                let base = baseLetter(of: scalar).flatMap { letter -> UInt8? in
                    if case .standard(let b)? = table[letter] { return b }
                    return nil
                } ?? UInt8(ascii: " ")
                table[scalar] = .extended(first, byte, fallback: base)
            }
        }
        return table
    }()

    private static func code(for scalar: Unicode.Scalar) -> Code? { codes[scalar] }

    /// The letter an accented one is built on (`Å` → `A`), by canonical decomposition.
    private static func baseLetter(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first
    }

    /// The closest representable character for one 608 lacks.
    private static func substitute(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "\u{2018}", "\u{2019}", "\u{201B}", "\u{2032}": return "'"
        case "\u{201C}", "\u{201D}", "\u{201E}", "\u{2033}": return "\""
        case "\u{2013}", "\u{2010}", "\u{2011}", "\u{2212}": return "-"
        case "\u{2026}": return "."
        case "\u{00A0}", "\u{2007}", "\u{202F}", "\t": return " "
        default:
            if let base = baseLetter(of: scalar), base != scalar, codes[base] != nil { return base }
            return "?"
        }
    }

    /// A PAC for `row` (1–15) and `indent` (0, 4, …, 28), white, sent twice (CEA-608-E Table 53).
    private static func preamble(row: Int, indent: Int) -> [String] {
        let rows: [Int: (UInt8, UInt8)] = [1: (0x11, 0x40), 2: (0x11, 0x60), 3: (0x12, 0x40), 4: (0x12, 0x60),
                                           5: (0x15, 0x40), 6: (0x15, 0x60), 7: (0x16, 0x40), 8: (0x16, 0x60),
                                           9: (0x17, 0x40), 10: (0x17, 0x60), 11: (0x10, 0x40), 12: (0x13, 0x40),
                                           13: (0x13, 0x60), 14: (0x14, 0x40), 15: (0x14, 0x60)]
        let (first, base) = rows[row]!
        let second = base | 0x10 | UInt8(indent / 4) << 1
        return [word(first, second), word(first, second)]
    }

    /// Two bytes with odd parity, as four hex digits.
    static func word(_ byte1: UInt8, _ byte2: UInt8) -> String {
        let hex = Array("0123456789abcdef".utf8)
        let a = CEA608Parity.add(byte1), b = CEA608Parity.add(byte2)
        return String(decoding: [hex[Int(a >> 4)], hex[Int(a & 15)], hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
    }

    /// The frame (at 30000/1001 fps) a time falls on, rounded to the nearest.
    static func frame(of time: MediaTime) -> Int64 {
        let ticks = time.rounded(toTimescale: 30000)
        return (ticks + 500) / 1001
    }

    /// The SCC text: one line per run of consecutive frames, with its non-drop timecode.
    private static func text(_ frames: [Int64: String]) -> String {
        var out = "Scenarist_SCC V1.0\n"
        var runStart: Int64?
        var previous: Int64 = -2
        var words: [String] = []
        func flush() {
            guard let start = runStart else { return }
            out += "\n\(timecode(start))\t\(words.joined(separator: " "))\n"
            words.removeAll()
        }
        for frame in frames.keys.sorted() {
            if frame != previous + 1 {
                flush()
                runStart = frame
            }
            words.append(frames[frame]!)
            previous = frame
        }
        flush()
        return out
    }

    /// A non-drop-frame label: 30 labels a second.
    static func timecode(_ frame: Int64) -> String {
        let f = max(0, frame)
        return SCCTimecode(hours: Int(f / 108_000), minutes: Int(f / 1800 % 60), seconds: Int(f / 30 % 60),
                           frames: Int(f % 30), isDropFrame: false).description
    }
}
