/// A font loaded explicitly from a file, so that rendering does not depend on what else the
/// machine has installed.
public struct FontFile: Sendable, Hashable {
    public let path: String
    public let data: [UInt8]

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String)
        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read font file \(path) (Debian packages fonts-dejavu-core, fonts-noto-cjk, fonts-urw-base35, fonts-comic-neue: scripts/setup.sh)"
            }
        }
    }

    public init(path: String) throws(LoadError) {
        guard let data = readWholeFile(path) else { throw .unreadable(path) }
        self.path = path
        self.data = data
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

#if canImport(Glibc)
import Glibc
#endif

func readWholeFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n > 0 { data.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count { break }
    }
    return ferror(file) == 0 ? data : nil
}
