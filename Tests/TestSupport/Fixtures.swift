#if canImport(Glibc)
import Glibc
#endif

/// The repository's Fixtures folder, found from this source file's path.
public enum Fixtures {
    public static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Fixtures"
    }()

    public static func bytes(_ relative: String) -> [UInt8] {
        let path = root + "/" + relative
        guard let file = fopen(path, "rb") else { fatalError("missing fixture \(path)") }
        defer { fclose(file) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { data.append(contentsOf: chunk[0..<n]) }
        return data
    }

    public static func list(_ folder: String) -> [String] {
        guard let dir = opendir(root + "/" + folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}

/// The external conformance suites in `../shared/conformance`, beside the checkout (CI lays them
/// there); nil when they are absent, so that suites are reported as skipped, never as passed.
public enum SharedConformance {
    public static let root: String? = {
        let path = Fixtures.root + "/../../shared/conformance"
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR ? path : nil
    }()

    public static var isAvailable: Bool { root != nil }
}
