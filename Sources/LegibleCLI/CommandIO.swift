#if canImport(Glibc)
import Glibc
#endif
import Legible

/// Where a command reads and writes: the real process streams, or buffers in tests.
public final class CommandIO: @unchecked Sendable {
    public var readStandardInput: () -> [UInt8]
    public var writeStandardOutput: ([UInt8]) -> Void
    public var writeStandardError: (String) -> Void
    /// Whether standard error is a terminal (progress output goes there only then).
    public var standardErrorIsTerminal: Bool
    /// The `legible` program that batch mode starts its worker processes from: this process's
    /// own executable for `.process`; nil when the command line runs inside another program (a
    /// test), where batch mode checks files on threads and cannot enforce time or memory limits.
    public var workerExecutable: String?
    /// How the program names itself on standard error: `legible`, or `legible dump` while a
    /// command runs, so that every line a command says starts the same way as its errors.
    public var program = "legible"

    public init(readStandardInput: @escaping () -> [UInt8], writeStandardOutput: @escaping ([UInt8]) -> Void,
                writeStandardError: @escaping (String) -> Void, standardErrorIsTerminal: Bool = false,
                workerExecutable: String? = nil) {
        self.readStandardInput = readStandardInput
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.workerExecutable = workerExecutable
    }

    /// The process's own standard streams.
    public static var process: CommandIO {
        CommandIO(
            readStandardInput: { FileIO.readAll(descriptor: 0) ?? [] },
            writeStandardOutput: { FileIO.writeAll($0, descriptor: 1) },
            writeStandardError: { FileIO.writeAll(Array($0.utf8), descriptor: 2) },
            standardErrorIsTerminal: isatty(2) == 1,
            workerExecutable: ownExecutable())
    }

    /// The path of the running program, from /proc/self/exe.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func print(_ line: String) { writeStandardOutput(Array((line + "\n").utf8)) }
    func error(_ line: String) { writeStandardError(line + "\n") }
    /// A line from the program itself (not a finding in a file): `legible dump: message`.
    func say(_ message: String) { error("\(program): \(message)") }
}
