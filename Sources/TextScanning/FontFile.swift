public import TimedText

/// A font file, read by Legible itself (its OpenType tables: the family name, the cell metrics
/// libass sizes text by): the renderer loads fonts explicitly, and an ASS script's checks compare
/// the families it names with those a script and a font directory provide.
///
/// A font loaded explicitly — from a file, or from bytes a player bundles — so that rendering
/// does not depend on what else the machine has installed.
public struct FontFile: Sendable, Hashable {
    /// Where it came from (a path, or the name given with the bytes), for messages.
    public let path: String
    /// The whole file's bytes (TrueType, OpenType or a `.ttc` collection), handed to libass as they are.
    public let data: [UInt8]

    /// Reads the font file at `path`; throws `missingComponent` when it cannot be read, naming the
    /// Debian font packages.
    public init(path: String) throws(LegibleError) {
        guard let data = try? FileIO.read(path: path) else {
            throw LegibleError(.missingComponent,
                               "cannot read font file \(path) (Debian packages fonts-dejavu-core, fonts-noto-cjk, fonts-urw-base35, fonts-comic-neue: scripts/setup.sh)")
        }
        self.path = path
        self.data = data
    }

    /// A font held in memory (a TrueType, OpenType or collection file's bytes).
    public init(data: [UInt8], name: String) {
        path = name
        self.data = data
    }

    /// The family name the font states (OpenType `name` table: typographic family, else family),
    /// which is how libass and content styles find it; nil when the file has none.
    public var familyName: String? {
        guard let table = table("name"), table.count >= 6 else { return nil }
        func u16(_ o: Int) -> Int { Int(table[o]) << 8 | Int(table[o + 1]) }
        let count = u16(2), storage = u16(4)
        var best: (rank: Int, name: String)?
        for k in 0..<count {
            let r = 6 + k * 12
            guard r + 12 <= table.count else { break }
            let platform = u16(r), encoding = u16(r + 2), language = u16(r + 4), nameID = u16(r + 6)
            let length = u16(r + 8), offset = u16(r + 10)
            guard nameID == 16 || nameID == 1, storage + offset + length <= table.count else { continue }
            let bytes = table[(storage + offset)..<(storage + offset + length)]
            let name: String
            if platform == 3 || platform == 0 {  // UTF-16BE
                var units: [UInt16] = []
                var i = bytes.startIndex
                while i + 1 < bytes.endIndex { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
                name = String(decoding: units, as: UTF16.self)
            } else if platform == 1 && encoding == 0 {  // Mac Roman; family names are ASCII in practice
                name = String(decoding: bytes, as: UTF8.self)
            } else {
                continue
            }
            // Typographic family first; English (Windows 0x409, Mac 0) before other languages.
            let english = (platform == 3 && language == 0x409) || (platform == 1 && language == 0) || platform == 0
            let rank = (nameID == 16 ? 0 : 2) + (english ? 0 : 1)
            if !name.isEmpty, best.map({ rank < $0.rank }) ?? true { best = (rank, name) }
        }
        return best?.name
    }

    /// Every font file (`.ttf`, `.otf`, `.ttc`, `.otc`) directly in `directory`, in name order, and
    /// the paths of those that could not be read or name no family (not fonts after all). Throws
    /// `unreadableInput` when the directory itself cannot be read.
    public static func files(inDirectory directory: String) throws(LegibleError) -> (fonts: [FontFile], unreadable: [String]) {
        guard let names = FileIO.listDirectory(directory) else {
            throw LegibleError(.unreadableInput, "cannot read the font directory \(directory)")
        }
        var fonts: [FontFile] = []
        var unreadable: [String] = []
        for name in names.sorted() where [".ttf", ".otf", ".ttc", ".otc"].contains(where: { name.lowercased().hasSuffix($0) }) {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if let file = try? FontFile(path: path), file.familyName != nil {
                fonts.append(file)
            } else {
                unreadable.append(path)
            }
        }
        return (fonts, unreadable)
    }

    /// DejaVu Sans from Debian's fonts-dejavu-core: the default Latin, Greek, Cyrillic, Arabic and Hebrew font.
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Noto Sans CJK from Debian's fonts-noto-cjk: Japanese, Chinese and Korean.
    public static let notoSansCJKPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// The height libass gives the font for a size of one em: (usWinAscent + usWinDescent) /
    /// unitsPerEm from the OS/2 and head tables (libass sizes fonts by that cell, not by the em,
    /// so fonts with tall cells — Noto CJK — would otherwise look small). 1.2 when unreadable.
    public var cellHeightPerEm: Double {
        guard let head = table("head"), head.count >= 20, let os2 = table("OS/2"), os2.count >= 78 else { return 1.2 }
        let unitsPerEm = Double(UInt16(head[18]) << 8 | UInt16(head[19]))
        let ascent = Double(UInt16(os2[74]) << 8 | UInt16(os2[75]))
        let descent = Double(UInt16(os2[76]) << 8 | UInt16(os2[77]))
        return unitsPerEm > 0 ? (ascent + descent) / unitsPerEm : 1.2
    }

    /// The share of the cell above the baseline: usWinAscent / (usWinAscent + usWinDescent) of the
    /// OS/2 table, where libass puts the baseline in a line of the font; 0.8 when unreadable.
    public var ascentShareOfCell: Double {
        guard let os2 = table("OS/2"), os2.count >= 78 else { return 0.8 }
        let ascent = Double(UInt16(os2[74]) << 8 | UInt16(os2[75]))
        let descent = Double(UInt16(os2[76]) << 8 | UInt16(os2[77]))
        return ascent + descent > 0 ? ascent / (ascent + descent) : 0.8
    }

    /// The font's normal line height for a size of one em, as browsers take CSS `line-height:
    /// normal` from it: (ascender − descender + lineGap) / unitsPerEm of the hhea table; nil
    /// when unreadable.
    public var normalLineHeightPerEm: Double? {
        guard let head = table("head"), head.count >= 20, let hhea = table("hhea"), hhea.count >= 10 else { return nil }
        let unitsPerEm = Double(UInt16(head[18]) << 8 | UInt16(head[19]))
        func signed(_ o: Int) -> Double { Double(Int16(bitPattern: UInt16(hhea[o]) << 8 | UInt16(hhea[o + 1]))) }
        let height = signed(4) - signed(6) + signed(8)
        return unitsPerEm > 0 && height > 0 ? height / unitsPerEm : nil
    }

    /// The bytes of an sfnt table of the file's first font (a `.ttc` collection's first face).
    func table(_ tag: String) -> [UInt8]? {
        func u32(_ o: Int) -> Int? {
            guard o + 4 <= data.count else { return nil }
            return Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3])
        }
        var base = 0
        if data.count >= 16, Array(data[0..<4]) == Array("ttcf".utf8) {
            guard let first = u32(12) else { return nil }
            base = first
        }
        guard base + 12 <= data.count else { return nil }
        let count = Int(data[base + 4]) << 8 | Int(data[base + 5])
        let wanted = Array(tag.utf8)
        for i in 0..<count {
            let record = base + 12 + i * 16
            guard record + 16 <= data.count else { return nil }
            if Array(data[record..<record + 4]) == wanted, let offset = u32(record + 8), let length = u32(record + 12),
               offset + length <= data.count {
                return Array(data[offset..<offset + length])
            }
        }
        return nil
    }
}
