#if canImport(Glibc)
import Glibc
#endif

/// Where a command reads and writes: the real process streams, or buffers in tests.
public final class CommandIO: @unchecked Sendable {
    public var readStandardInput: () -> [UInt8]
    public var writeStandardOutput: ([UInt8]) -> Void
    public var writeStandardError: (String) -> Void
    /// Whether standard error is a terminal (progress output goes there only then).
    public var standardErrorIsTerminal: Bool

    public init(readStandardInput: @escaping () -> [UInt8], writeStandardOutput: @escaping ([UInt8]) -> Void,
                writeStandardError: @escaping (String) -> Void, standardErrorIsTerminal: Bool = false) {
        self.readStandardInput = readStandardInput
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// The process's own standard streams.
    public static var process: CommandIO {
        CommandIO(
            readStandardInput: { FileIO.readAll(descriptor: 0) ?? [] },
            writeStandardOutput: { FileIO.writeAll($0, descriptor: 1) },
            writeStandardError: { FileIO.writeAll(Array($0.utf8), descriptor: 2) },
            standardErrorIsTerminal: isatty(2) == 1)
    }

    func print(_ line: String) { writeStandardOutput(Array((line + "\n").utf8)) }
    func error(_ line: String) { writeStandardError(line + "\n") }
}

/// Whole-file reads and atomic writes with POSIX calls (no Foundation in the hot path of `convert`).
enum FileIO {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func readAll(descriptor fd: Int32) -> [UInt8]? {
        var st = stat()
        var data: [UInt8] = []
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 {
            data.reserveCapacity(Int(st.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        return data
    }

    static func read(path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(description: "\(path) is a directory")
        }
        guard let data = readAll(descriptor: fd) else {
            throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return data
    }

    /// Writes every byte (retrying short writes and EINTR); false on an error, with errno set.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], descriptor fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    /// Writes to a temporary file beside `path` and renames it into place, so that a failed run
    /// never leaves a half-written file under the output name.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = path + ".legible-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        var failed = !writeAll(bytes, descriptor: fd)
        let error = errno
        if close(fd) != 0 { failed = true }
        if failed {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(error)))")
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(message)")
        }
    }
}
