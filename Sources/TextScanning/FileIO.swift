#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and atomic writes with POSIX calls (no Foundation in the hot path of `convert`).
package enum FileIO {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func readAll(descriptor fd: Int32) -> [UInt8]? {
        var st = stat()
        // A regular file is read straight into an array of its size.
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 {
            let size = Int(st.st_size)
            var failed = false
            var data = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), size)
                while count < size {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { failed = true; return }
                    if n == 0 { break }
                    count += n
                }
            }
            if failed { return nil }
            // A file that grew while being read: take the rest too.
            guard let rest = readStream(descriptor: fd) else { return nil }
            data.append(contentsOf: rest)
            return data
        }
        return readStream(descriptor: fd)
    }

    private static func readStream(descriptor fd: Int32) -> [UInt8]? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
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

    /// The names in a directory (hidden ones left out), or nil when it cannot be read.
    package static func listDirectory(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    package static func read(path: String) throws(Failure) -> [UInt8] {
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
    package static func writeAll(_ bytes: [UInt8], descriptor fd: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { writeAll($0, descriptor: fd) }
    }

    @discardableResult
    package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, descriptor fd: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// An open output file, for `writeAtomically`'s body.
    package struct OutputFile {
        fileprivate let descriptor: Int32
        package let path: String

        package func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
            guard FileIO.writeAll(bytes, descriptor: descriptor) else {
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Lets `body` write a temporary file beside `path`, then renames it into place, so that a
    /// failed run never leaves a half-written file under the output name.
    package static func writeAtomically(to requestedPath: String, _ body: (OutputFile) throws -> Void) throws {
        var path = requestedPath
        var st = stat()
        if stat(requestedPath, &st) == 0 {
            // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written in place: renaming
            // a file over it would replace the device.
            if (st.st_mode & S_IFMT) != S_IFREG { return try writeInPlace(to: requestedPath, body) }
            // A symbolic link keeps pointing at the file it names, which is replaced.
            if let resolved = realpath(requestedPath, nil) {
                path = String(cString: resolved)
                free(resolved)
            }
        }
        let temporary = path + ".legible-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        do {
            try body(OutputFile(descriptor: fd, path: path))
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if close(fd) != 0 {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(message)")
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(message)")
        }
    }

    private static func writeInPlace(to path: String, _ body: (OutputFile) throws -> Void) throws {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try body(OutputFile(descriptor: fd, path: path))
    }
}
