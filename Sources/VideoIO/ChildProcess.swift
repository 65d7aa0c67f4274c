package import TimedText
#if canImport(Glibc)
import Glibc
#endif

/// A program started with pipes to its standard streams (`ffmpeg` decoding or encoding for
/// `legible burn`). Its standard error is collected on a thread, and the last lines are kept for
/// the error message when it fails; standard input and output are plain file descriptors the
/// caller reads and writes frames through.
package final class ChildProcess: @unchecked Sendable {
    /// The path of the program that was started.
    package let executable: String
    /// The arguments it was given (without the program name).
    package let arguments: [String]
    /// The child's process id.
    package let pid: pid_t
    /// Write end of the child's standard input, or -1 when it was not asked for.
    package private(set) var standardInput: Int32
    /// Read end of the child's standard output, or -1 when it was not asked for.
    package private(set) var standardOutput: Int32
    private let errorReader: pthread_t
    private let errorLines: ErrorTail

    /// Starts `executable` (a path) with `arguments`; `pipeInput`/`pipeOutput` give the caller the
    /// child's standard input/output (otherwise they are /dev/null). The child inherits this
    /// process's environment with `environment` set on top (this process's own is not changed).
    package init(executable: String, arguments: [String], pipeInput: Bool, pipeOutput: Bool,
                 environment: [String: String] = [:]) throws(LegibleError) {
        self.executable = executable
        self.arguments = arguments
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        // Close-on-exec everywhere: the child gets only the ends dup2'ed onto 0, 1 and 2, so no
        // other child (the encoder, say) holds a pipe open and keeps its reader from seeing the end.
        func makePipe(_ fds: inout [Int32]) {
            _ = pipe(&fds)
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        if pipeInput { makePipe(&inPipe) }
        if pipeOutput { makePipe(&outPipe) }
        makePipe(&errPipe)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if pipeInput { posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0) } else { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        if pipeOutput { posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1) } else { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var inherited: [String] = []
            var entry = environ
            while let pointer = entry.pointee {
                let text = String(cString: pointer)
                let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
                if environment[name] == nil { inherited.append(text) }
                entry += 1
            }
            envp = (inherited + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        }
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = envp.isEmpty
            ? posix_spawn(&child, executable, &actions, nil, argv, environ)
            : posix_spawn(&child, executable, &actions, nil, argv, envp)
        // The parent keeps only its ends.
        for fd in [inPipe[0], outPipe[1], errPipe[1]] where fd >= 0 { close(fd) }
        guard status == 0 else {
            for fd in [inPipe[1], outPipe[0], errPipe[0]] where fd >= 0 { close(fd) }
            throw LegibleError(.missingComponent, "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        standardInput = inPipe[1]
        standardOutput = outPipe[0]
        // ffmpeg blocks when nobody reads its log: a thread drains it and keeps the tail.
        errorLines = ErrorTail(descriptor: errPipe[0])
        var thread = pthread_t()
        let context = Unmanaged.passRetained(errorLines).toOpaque()
        pthread_create(&thread, nil, { raw in
            let tail = Unmanaged<ErrorTail>.fromOpaque(raw!).takeRetainedValue()
            tail.drain()
            return nil
        }, context)
        errorReader = thread
    }

    /// Closes the child's standard input: the end of the stream for an encoder.
    package func closeInput() {
        if standardInput >= 0 { close(standardInput); standardInput = -1 }
    }

    /// Closes our end of the child's standard output (after reading all of it, or to give up).
    package func closeOutput() {
        if standardOutput >= 0 { close(standardOutput); standardOutput = -1 }
    }

    /// The exit status, once `wait()` has reaped the child.
    private var exitStatus: Int32?

    /// Stops the child (on an error or an interruption); nothing once it has been waited for,
    /// when its process id may already belong to another process.
    package func terminate() {
        if exitStatus == nil { kill(pid, SIGTERM) }
    }

    /// Waits for the child to end; its exit status (128 + signal when killed). Call it after
    /// reading all of the child's output that is wanted. Waiting again returns the same status.
    package func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        // Both ends first: a child blocked writing into a full pipe nobody reads (a decoder we
        // stopped early) gets EPIPE and ends, instead of waiting for us forever.
        closeInput()
        closeOutput()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pthread_join(errorReader, nil)
        let signal = status & 0x7F
        let result = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus = result
        return result
    }

    /// The exit status when the child ends within `seconds` (then it is reaped, as by `wait()`),
    /// else nil and the child is left running. For telling, when writing to it failed, whether it
    /// ended on its own (an encoder that gave up: its reason is the error) or is still there.
    package func exitStatus(waitingAtMost seconds: Double) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        var waited = 0.0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { return nil }
            if waited >= seconds { return nil }
            usleep(10_000)
            waited += 0.01
        }
        closeInput()
        closeOutput()
        pthread_join(errorReader, nil)
        let signal = status & 0x7F
        let result = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus = result
        return result
    }

    /// The last lines the child wrote to standard error (after `wait()`).
    package var errorTail: [String] { errorLines.lines }
}

/// Standard error of a child, drained on a thread; the last lines kept.
final class ErrorTail: @unchecked Sendable {
    let descriptor: Int32
    private(set) var lines: [String] = []
    private static let kept = 12

    init(descriptor: Int32) { self.descriptor = descriptor }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var pending: [UInt8] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            for byte in buffer[0..<n] {
                // ffmpeg's progress lines end in \r: treat it as a line end too.
                if byte == 0x0A || byte == 0x0D {
                    if !pending.isEmpty { keep(String(decoding: pending, as: UTF8.self)) }
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count < 4096 {
                    pending.append(byte)
                }
            }
        }
        if !pending.isEmpty { keep(String(decoding: pending, as: UTF8.self)) }
        close(descriptor)
    }

    private func keep(_ line: String) {
        lines.append(line)
        if lines.count > Self.kept { lines.removeFirst(lines.count - Self.kept) }
    }
}
