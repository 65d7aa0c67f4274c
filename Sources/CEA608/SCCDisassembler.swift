import TimedText
public import TextScanning

/// Prints the codes of an SCC file readably, one line per caption line: the timecode, a tab, then
/// each byte pair in order, in the notation of the ttconv suite's `expected_disassembly` (itself
/// McPoodle's Closed Caption Disassembly):
/// - characters as text (standard, special and extended alike, parity bits ignored; an extended
///   character appears after the standard one it replaces on screen), null bytes left out;
/// - `{}` for a padding pair (`8080`);
/// - miscellaneous control codes by their CEA-608 abbreviation: `{RCL}`, `{EOC}`, `{CR}`, …;
///   tab offsets `{TO1}`–`{TO3}`;
/// - preamble address codes as the row and either the indent (`{1504}`: row 15, indent 4) or the
///   colour (`{07R}`) or italics (`{15WhI}`); as in the ttconv suite, their underline bit is not
///   shown (`9473` is `{1504}`);
/// - mid-row codes as the colour (`{Wh}`, `{Gr}`, `{Bl}`, `{Cy}`, `{R}`, `{Y}`, `{Ma}`) or `{I}`,
///   with `U` for underline; background attributes as `{B…}` (`S` semi-transparent, `{BT}`
///   transparent) and the black foreground as `{Bk}`;
/// - any other pair as `{?xxxx}` with its four hexadecimal digits (parity bits removed).
/// Every pair is shown, redundant repeats of control codes included. With `showsChannels`, each
/// control code carries its channel: `{CC1|RCL}`. Lines that the reader skips are left out.
public enum SCCDisassembler {
    /// What the listing shows.
    public struct Options: Sendable {
        /// Prefix each control code with its channel (`CC1|`).
        public var showsChannels: Bool
        /// The field the file holds, for the channel names (1: CC1/CC2, 2: CC3/CC4).
        public var field: Int

        /// By default, no channel prefixes, and field 1.
        public init(showsChannels: Bool = false, field: Int = 1) {
            self.showsChannels = showsChannels
            self.field = field
        }

        /// No channel prefixes; field 1.
        public static let `default` = Options()
    }

    /// The listing of SCC text given as a string (tests, a pasted snippet).
    public static func disassemble(_ text: String, options: Options = .default) -> String {
        disassemble(SourceText(text), options: options)
    }

    /// The listing of an SCC file, one line per caption line with its timecode; the scanner's
    /// diagnostics are not reported (lines it skips are simply absent).
    public static func disassemble(_ source: SourceText, options: Options = .default) -> String {
        var out = ""
        var log = DiagnosticLog(limitPerCode: 0)
        source.withUnsafeBytes { p in
            SCCLineScanner.scan(p, log: &log) { line in
                out += line.timecode.description
                out += "\t"
                for word in line.words {
                    append(word.byte1 & 0x7F, word.byte2 & 0x7F, options: options, to: &out)
                }
                out += "\n"
            }
        }
        return out
    }

    /// The listing of the pairs a video carried for one field (`CEA608FieldPairs`: a closed-caption
    /// channel decoded from a video's `cc_data`), in the notation of SCC listings: one line per
    /// picture that carried something of the field other than padding, its time
    /// (`HH:MM:SS.mmm`, the picture's presentation time: a video's frames are not SCC timecodes),
    /// a tab, then each of the picture's pairs of the field in order, padding (`{}`) included.
    /// `options.field` is the pairs' own field.
    public static func disassemble(_ pairs: CEA608FieldPairs, options: Options = .default) -> String {
        var options = options
        options.field = pairs.field
        var out = ""
        for index in 0..<pairs.count {
            let picture = pairs[index]
            var clock = ByteWriter(capacity: 16)
            clock.appendClock(picture.time, separator: UInt8(ascii: "."))
            out += String(decoding: clock.finish(), as: UTF8.self)
            out += "\t"
            for pair in picture.pairs {
                append(UInt8(truncatingIfNeeded: pair >> 8) & 0x7F, UInt8(truncatingIfNeeded: pair) & 0x7F, options: options, to: &out)
            }
            out += "\n"
        }
        return out
    }

    /// One pair's notation.
    public static func notation(_ byte1: UInt8, _ byte2: UInt8, options: Options = .default) -> String {
        var out = ""
        append(byte1 & 0x7F, byte2 & 0x7F, options: options, to: &out)
        return out
    }

    private static func append(_ first: UInt8, _ second: UInt8, options: Options, to out: inout String) {
        let code = CEA608Code(first, second)
        func braced(_ name: String) {
            out += "{"
            if options.showsChannels, let dataChannel = code.dataChannel {
                out += CEA608Channel(field: options.field, dataChannel: dataChannel).rawValue
                out += "|"
            }
            out += name
            out += "}"
        }
        switch code {
        case .padding:
            out += "{}"
        case .characters(let a, let b):
            if a != 0, let scalar = CEA608Characters.standard(a) { out.unicodeScalars.append(scalar) }
            if b != 0, let scalar = CEA608Characters.standard(b) { out.unicodeScalars.append(scalar) }
        case .special(_, let byte):
            if let scalar = CEA608Characters.special(byte) { out.unicodeScalars.append(scalar) }
        case .extended(_, let set, let byte):
            if let scalar = CEA608Characters.extended(set: set, byte) { out.unicodeScalars.append(scalar) }
        case .command(_, let command):
            braced(command.mnemonic)
        case .preamble(_, let preamble):
            var name = two(preamble.row)
            if let indent = preamble.indent {
                name += two(indent)
            } else {
                name += mnemonic(preamble.color)
                if preamble.italic { name += "I" }
            }
            braced(name)
        case .midRow(_, let midRow):
            braced((midRow.color.map(mnemonic) ?? "I") + (midRow.underline ? "U" : ""))
        case .tabOffset(_, let columns):
            braced("TO\(columns)")
        case .background(_, let color, let semiTransparent):
            braced("B" + (color.map(mnemonic) ?? "T") + (semiTransparent ? "S" : ""))
        case .foregroundBlack(_, let underline):
            braced(underline ? "BkU" : "Bk")
        case .characterSet, .xds, .unassigned:
            out += "{?" + hex(first) + hex(second) + "}"
        }
    }

    /// The colour abbreviations of the disassembly notation.
    public static func mnemonic(_ color: CEA608Color) -> String {
        switch color {
        case .white: "Wh"
        case .green: "Gr"
        case .blue: "Bl"
        case .cyan: "Cy"
        case .red: "R"
        case .yellow: "Y"
        case .magenta: "Ma"
        case .black: "Bk"
        }
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
