public import TimedText
#if canImport(Glibc)
import Glibc
#endif

/// Reads a Y4M stream from a file descriptor (a file, a pipe from ffmpeg, standard input), one
/// frame at a time into a buffer the caller keeps, so that a long video needs one frame of memory.
public struct Y4MReader {
    /// The stream header, read by the initialiser.
    public let header: Y4MHeader
    private var input: FileInput

    /// Reads the stream header from `descriptor` (not closed by the reader).
    public init(descriptor: Int32) throws(LegibleError) {
        input = FileInput(descriptor: descriptor)
        guard let line = input.readLine(limit: 1024) else { throw Y4MHeader.notY4M }
        header = try Y4MHeader.parse(String(decoding: line, as: UTF8.self))
    }

    private var framesRead = 0

    /// Reads the next frame into three planes (Y, Cb, Cr; tightly packed), resized as needed:
    /// what a compositor works on. False at the end of the stream.
    public mutating func read(planes: inout [[UInt8]]) throws(LegibleError) -> Bool {
        guard let line = input.readLine(limit: 1024) else { return false }
        guard line.starts(with: Array("FRAME".utf8)) else { throw LegibleError(.unreadableInput, "frame \(framesRead) does not start with 'FRAME'") }
        let sizes = header.planeSizes
        let wanted = [sizes.luma, sizes.chroma, sizes.chroma]
        if planes.count != 3 { planes = [[], [], []] }
        for k in 0..<3 {
            if planes[k].count != wanted[k] { planes[k] = [UInt8](repeating: 0, count: wanted[k]) }
            let complete = planes[k].withUnsafeMutableBytes { input.readExactly(into: $0) }
            guard complete else { throw LegibleError(.unreadableInput, "the Y4M stream ends inside frame \(framesRead)") }
        }
        framesRead += 1
        return true
    }
}

/// Writes a Y4M stream to a file descriptor.
public struct Y4MWriter {
    /// The stream header, written by the initialiser; every frame must match its size.
    public let header: Y4MHeader
    private let descriptor: Int32

    /// Writes `header` to `descriptor` (which the writer does not close). Throws
    /// `.unwritableOutput` when the write fails.
    public init(descriptor: Int32, header: Y4MHeader) throws(LegibleError) {
        self.descriptor = descriptor
        self.header = header
        try writeAll(descriptor, Array(header.line.utf8))
    }

    /// Writes a frame given as three planes (Y, Cb, Cr), tightly packed.
    public func write(planes: [[UInt8]]) throws(LegibleError) {
        precondition(planes.reduce(0) { $0 + $1.count } == header.frameSize, "a frame's planes must be header.frameSize bytes")
        try writeAll(descriptor, Array("FRAME\n".utf8))
        for plane in planes { try writeAll(descriptor, plane) }
    }
}

/// Writes every byte, retrying on short writes and interruptions.
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(LegibleError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += n
        }
    }
    if failure != 0 { throw LegibleError(.unwritableOutput, "write failed: \(String(cString: strerror(failure)))") }
}

/// Buffered reading from a file descriptor.
struct FileInput {
    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(descriptor: Int32) { self.descriptor = descriptor }

    private mutating func fill() -> Bool {
        if start == end { start = 0; end = 0 }
        if end == buffer.count {
            buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
            end -= start
            start = 0
        }
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + end, $0.count - end) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            end += n
            return true
        }
    }

    /// The bytes up to the next line end (not included), or nil at the end of input.
    mutating func readLine(limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            if start == end, !fill() { return line.isEmpty ? nil : line }
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                line += buffer[start..<newline]
                start = newline + 1
                return line
            }
            line += buffer[start..<end]
            start = end
            if line.count > limit { return nil }
        }
    }

    /// Fills `target` completely; false when the input ends first.
    mutating func readExactly(into target: UnsafeMutableRawBufferPointer) -> Bool {
        var offset = 0
        let buffered = min(end - start, target.count)
        if buffered > 0 {
            buffer.withUnsafeBytes { target.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: buffered) }
            start += buffered
            offset = buffered
        }
        while offset < target.count {
            let n = Glibc.read(descriptor, target.baseAddress! + offset, target.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
