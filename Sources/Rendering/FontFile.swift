/// A font loaded explicitly from a file, so that rendering does not depend on what else the
/// machine has installed.
public struct FontFile: Sendable, Hashable {
    public let path: String
    public let data: [UInt8]

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String)
        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read font file \(path) (Debian packages fonts-dejavu-core, fonts-noto-cjk)"
            }
        }
    }

    public init(path: String) throws(LoadError) {
        guard let data = readWholeFile(path) else { throw .unreadable(path) }
        self.path = path
        self.data = data
    }

    /// DejaVu Sans from Debian's fonts-dejavu-core: the default Latin, Greek and Cyrillic font.
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Noto Sans CJK from Debian's fonts-noto-cjk: Japanese, Chinese and Korean.
    public static let notoSansCJKPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
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
