/// One thing a caption service's bytes say (CEA-708-E §7.1): a character, or a command with its
/// parameters, as read from the C0, C1, G0, G1, G2, G3 code sets, EXT1's C2 and C3 and P16.
/// Parsing is separate from acting on it, so that the decoder and the disassembler read bytes
/// one way.
public enum CEA708Command: Sendable, Hashable {
    /// A character to write at the pen (G0, G1, G2, G3 or P16), already as Unicode.
    case character(Character)
    /// G2's transparent space (0x20): a cell that shows nothing, not even the pen's background;
    /// `nonBreaking` for NBTSP (0x21), which also keeps the words on each side together.
    case transparentSpace(nonBreaking: Bool)
    /// A G1-range byte a service's own text encoding reads (EUC-KR on Korean broadcasts): kept as
    /// a byte until the run of them is decoded (`CEA708Decoder.Options.serviceEncodings`).
    case encodedByte(UInt8)
    /// ETX (0x03): the end of a block of text; nothing to do but show what was written.
    case endOfText
    /// BS (0x08): the pen moves back one cell and erases it.
    case backspace
    /// FF (0x0C): the window is erased and the pen goes to row 0, column 0.
    case formFeed
    /// CR (0x0D): the pen goes to the start of the next row, scrolling the window at its last.
    case carriageReturn
    /// HCR (0x0E): the pen's row is erased and the pen goes to its start.
    case horizontalCarriageReturn
    /// CW0–CW7: the window later commands and text apply to.
    case setCurrentWindow(Int)
    /// CLW: erase the windows in the bit map (bit n is window n).
    case clearWindows(UInt8)
    /// DSW: show the windows in the bit map.
    case displayWindows(UInt8)
    /// HDW: hide the windows in the bit map.
    case hideWindows(UInt8)
    /// TGW: show the hidden ones and hide the shown ones in the bit map.
    case toggleWindows(UInt8)
    /// DLW: delete the windows in the bit map.
    case deleteWindows(UInt8)
    /// DLY: hold the service's input for this many tenths of a second.
    case delay(Int)
    /// DLC: end a delay now.
    case delayCancel
    /// RST: the service starts again: every window deleted, the input emptied.
    case reset
    /// SPA: the pen's size, offset, text tag, font, italics, underline and edge.
    case setPenAttributes(CEA708PenAttributes)
    /// SPC: the pen's foreground, background and edge colours.
    case setPenColor(CEA708PenColor)
    /// SPL: the pen's row and column in the current window.
    case setPenLocation(row: Int, column: Int)
    /// SWA: the current window's justification, directions, word wrap, effect, fill and border.
    case setWindowAttributes(CEA708WindowAttributes)
    /// DF0–DF7: create a window, or change one, and make it current.
    case defineWindow(CEA708WindowDefinition)
    /// A code the standard leaves unassigned (or reserves for the future), with its parameter
    /// bytes, which were skipped over as its code set's rules say: `set` names it (`C0`, `C1`,
    /// `C2`, `C3`, `G2`, `G3`).
    case unassigned(set: String, bytes: [UInt8])
}

/// A DefineWindow's parameters (CEA-708-E §8.10.5.1 / §8.4).
public struct CEA708WindowDefinition: Sendable, Hashable {
    /// The window's id, 0–7.
    public var id: Int
    /// Shown as soon as it is defined.
    public var visible: Bool
    /// The row count may not grow as text arrives.
    public var rowLock: Bool
    /// The column count may not grow as text arrives.
    public var columnLock: Bool
    /// 0 (highest) – 7: which window is drawn over which.
    public var priority: Int
    /// Anchor coordinates are percentages of the safe-title area (0–99) instead of grid cells.
    public var relativePositioning: Bool
    /// The anchor's vertical coordinate: 0–74 on the grid, or 0–99 percent.
    public var anchorVertical: Int
    /// The anchor's horizontal coordinate: 0–209 (16:9) or 0–159 (4:3) on the grid, or 0–99 percent.
    public var anchorHorizontal: Int
    /// Which point of the window the anchor places: 0 top left, 1 top centre, 2 top right, 3–5 the
    /// middle row, 6–8 the bottom row.
    public var anchorPoint: Int
    /// Rows of text, 1–16 (the byte holds rows − 1; 12 is the standard's most).
    public var rowCount: Int
    /// Columns of text, 1–64 (the byte holds columns − 1; 42 at 16:9 and 32 at 4:3 are the most).
    public var columnCount: Int
    /// 0 keeps an existing window's attributes (style 1 for a new one); 1–7 a predefined style.
    public var windowStyle: Int
    /// 0 keeps an existing window's pen (style 1 for a new one); 1–7 a predefined pen style.
    public var penStyle: Int

    /// A definition from its fields.
    public init(id: Int, visible: Bool, rowLock: Bool = false, columnLock: Bool = false, priority: Int = 0,
                relativePositioning: Bool = false, anchorVertical: Int, anchorHorizontal: Int, anchorPoint: Int,
                rowCount: Int, columnCount: Int, windowStyle: Int = 1, penStyle: Int = 1) {
        self.id = id
        self.visible = visible
        self.rowLock = rowLock
        self.columnLock = columnLock
        self.priority = priority
        self.relativePositioning = relativePositioning
        self.anchorVertical = anchorVertical
        self.anchorHorizontal = anchorHorizontal
        self.anchorPoint = anchorPoint
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.windowStyle = windowStyle
        self.penStyle = penStyle
    }

    /// The six parameter bytes after the DFn code.
    init(id: Int, bytes p: ArraySlice<UInt8>) {
        let b = Array(p)
        self.init(id: id, visible: b[0] & 0x20 != 0, rowLock: b[0] & 0x10 != 0, columnLock: b[0] & 0x08 != 0,
                  priority: Int(b[0] & 0x07), relativePositioning: b[1] & 0x80 != 0, anchorVertical: Int(b[1] & 0x7F),
                  anchorHorizontal: Int(b[2]), anchorPoint: Int(b[3] >> 4), rowCount: Int(b[3] & 0x0F) + 1,
                  columnCount: Int(b[4] & 0x3F) + 1, windowStyle: Int((b[5] >> 3) & 0x07), penStyle: Int(b[5] & 0x07))
    }

    /// The six parameter bytes, as `CEA708Encoder` sends them.
    var bytes: [UInt8] {
        [(visible ? 0x20 : 0) | (rowLock ? 0x10 : 0) | (columnLock ? 0x08 : 0) | UInt8(priority & 7),
         (relativePositioning ? 0x80 : 0) | UInt8(anchorVertical & 0x7F), UInt8(anchorHorizontal & 0xFF),
         UInt8((anchorPoint & 0x0F) << 4) | UInt8((rowCount - 1) & 0x0F), UInt8((columnCount - 1) & 0x3F),
         UInt8((windowStyle & 7) << 3) | UInt8(penStyle & 7)]
    }
}

/// Reads a service's bytes (the data of its service blocks, in order) into commands. A command
/// cut off by the end of the bytes it was given is held until more arrive (`feed` keeps it), so
/// a command split across two service blocks reads whole, as CEA-708-E §6.2 allows.
public struct CEA708CommandParser: Sendable {
    private var pending: [UInt8] = []
    /// Whether G1-range bytes (0xA0–0xFF) are a service encoding's (`encodedByte`) rather than
    /// ISO 8859-1 characters.
    public let readsG1AsEncoded: Bool

    /// A parser that has seen nothing; `readsG1AsEncoded` for a service in another encoding.
    public init(readsG1AsEncoded: Bool = false) {
        self.readsG1AsEncoded = readsG1AsEncoded
    }

    /// True when the bytes fed so far end inside a command.
    public var hasPartialCommand: Bool { !pending.isEmpty }

    /// Reads `bytes` after whatever was held back; returns the whole commands, in order, each
    /// with the number of bytes it took. A command that the bytes end inside is held back.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [(command: CEA708Command, length: Int)] {
        pending += bytes
        var out: [(CEA708Command, Int)] = []
        var k = 0
        while k < pending.count {
            guard let (command, length) = Self.command(in: pending, at: k, g1Encoded: readsG1AsEncoded) else { break }
            out.append((command, length))
            k += length
        }
        pending.removeFirst(k)
        return out
    }

    /// Drops a held partial command (the service's data was cut off); returns its bytes.
    public mutating func discardPartialCommand() -> [UInt8] {
        defer { pending.removeAll() }
        return pending
    }

    /// Reads all of `bytes` at once: the commands, and the bytes of a command left unfinished.
    public static func parse(_ bytes: [UInt8], readsG1AsEncoded: Bool = false) -> (commands: [CEA708Command], unfinished: [UInt8]) {
        var parser = CEA708CommandParser(readsG1AsEncoded: readsG1AsEncoded)
        let commands = parser.feed(bytes).map(\.command)
        return (commands, parser.discardPartialCommand())
    }

    /// The command at `k`, or nil when the bytes end inside it.
    static func command(in b: [UInt8], at k: Int, g1Encoded: Bool = false) -> (CEA708Command, Int)? {
        let code = b[k]
        func take(_ n: Int) -> ArraySlice<UInt8>? { k + 1 + n <= b.count ? b[(k + 1)..<(k + 1 + n)] : nil }
        switch code {
        case 0x00: return (.unassigned(set: "C0", bytes: [0]), 1)  // NUL: skipped, as the standard says
        case 0x03: return (.endOfText, 1)
        case 0x08: return (.backspace, 1)
        case 0x0C: return (.formFeed, 1)
        case 0x0D: return (.carriageReturn, 1)
        case 0x0E: return (.horizontalCarriageReturn, 1)
        case 0x10:
            guard k + 1 < b.count else { return nil }
            return extended(in: b, at: k + 1).map { ($0.0, $0.1 + 1) }
        case 0x18:
            // P16: a 16-bit character code (CEA-708-E §7.1.1), Unicode here.
            guard let p = take(2) else { return nil }
            let value = UInt32(p[p.startIndex]) << 8 | UInt32(p[p.startIndex + 1])
            return (Unicode.Scalar(value).map { .character(Character($0)) } ?? .unassigned(set: "P16", bytes: [0x18] + p), 3)
        case 0x01...0x0F: return (.unassigned(set: "C0", bytes: [code]), 1)
        case 0x11...0x17:
            guard let p = take(1) else { return nil }
            return (.unassigned(set: "C0", bytes: [code] + p), 2)
        case 0x19...0x1F:
            guard let p = take(2) else { return nil }
            return (.unassigned(set: "C0", bytes: [code] + p), 3)
        case 0x7F: return (.character("♪"), 1)  // G0's one change from ASCII
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(code))), 1)
        case 0x80...0x87: return (.setCurrentWindow(Int(code - 0x80)), 1)
        case 0x88...0x8C, 0x8D:
            guard let p = take(1) else { return nil }
            let map = p[p.startIndex]
            let command: CEA708Command = switch code {
            case 0x88: .clearWindows(map)
            case 0x89: .displayWindows(map)
            case 0x8A: .hideWindows(map)
            case 0x8B: .toggleWindows(map)
            case 0x8C: .deleteWindows(map)
            default: .delay(Int(map))
            }
            return (command, 2)
        case 0x8E: return (.delayCancel, 1)
        case 0x8F: return (.reset, 1)
        case 0x90:
            guard let p = take(2) else { return nil }
            return (.setPenAttributes(CEA708PenAttributes(bytes: p)), 3)
        case 0x91:
            guard let p = take(3) else { return nil }
            return (.setPenColor(CEA708PenColor(bytes: p)), 4)
        case 0x92:
            guard let p = take(2) else { return nil }
            return (.setPenLocation(row: Int(p[p.startIndex] & 0x0F), column: Int(p[p.startIndex + 1] & 0x3F)), 3)
        case 0x93...0x96: return (.unassigned(set: "C1", bytes: [code]), 1)
        case 0x97:
            guard let p = take(4) else { return nil }
            return (.setWindowAttributes(CEA708WindowAttributes(bytes: p)), 5)
        case 0x98...0x9F:
            guard let p = take(6) else { return nil }
            return (.defineWindow(CEA708WindowDefinition(id: Int(code - 0x98), bytes: p)), 7)
        default:
            // G1: ISO 8859-1's upper half, which is Unicode's U+00A0–U+00FF.
            if g1Encoded { return (.encodedByte(code), 1) }
            return (.character(Character(Unicode.Scalar(code))), 1)
        }
    }

    /// The code after EXT1 (C2, G2, C3, G3), or nil when the bytes end inside it; the length
    /// counts from the code after EXT1.
    static func extended(in b: [UInt8], at k: Int) -> (CEA708Command, Int)? {
        let code = b[k]
        func skip(_ n: Int, _ set: String) -> (CEA708Command, Int)? {
            k + 1 + n <= b.count ? (.unassigned(set: set, bytes: [0x10] + b[k..<(k + 1 + n)]), 1 + n) : nil
        }
        switch code {
        // C2: no command is assigned; its lengths by range (CEA-708-E §7.1.7).
        case 0x00...0x07: return skip(0, "C2")
        case 0x08...0x0F: return skip(1, "C2")
        case 0x10...0x17: return skip(2, "C2")
        case 0x18...0x1F: return skip(3, "C2")
        case 0x20: return (.transparentSpace(nonBreaking: false), 1)
        case 0x21: return (.transparentSpace(nonBreaking: true), 1)
        case 0x22...0x7F:
            if let character = CEA708Characters.g2[code] { return (.character(character), 1) }
            return (.unassigned(set: "G2", bytes: [0x10, code]), 1)
        // C3: 0x80–0x87 take four bytes, 0x88–0x8F five; 0x90–0x9F are variable-length
        // (CEA-708-E §7.1.11): a header byte whose low six bits count the bytes that follow.
        case 0x80...0x87: return skip(4, "C3")
        case 0x88...0x8F: return skip(5, "C3")
        case 0x90...0x9F:
            guard k + 1 < b.count else { return nil }
            return skip(1 + Int(b[k + 1] & 0x3F), "C3")
        default:
            if let character = CEA708Characters.g3[code] { return (.character(character), 1) }
            return (.unassigned(set: "G3", bytes: [0x10, code]), 1)
        }
    }
}
