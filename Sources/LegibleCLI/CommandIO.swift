#if canImport(Glibc)
import Glibc
#endif
import TextScanning

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
