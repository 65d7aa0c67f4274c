import Dispatch
import Synchronization
import TextScanning
import VideoIO
public import TimedText
internal import Validation
#if canImport(Glibc)
import Glibc
#endif

/// How a worker process is started: a program that calls `BatchWorker.serve` (the `legible`
/// binary does, as `legible validate --batch-worker` with the batch's options).
package struct BatchWorkerCommand: Sendable {
    /// The program's path.
    package var executable: String
    /// Its arguments, without the program name.
    package var arguments: [String]

    /// A command that starts one worker.
    package init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// Runs a batch: hands paths to `jobs` workers and passes on each file's outcome as it finishes
/// (in finishing order).
///
/// A library caller's batch runs on threads of its process, one per job: no time or memory limit
/// can be enforced there (a thread cannot be stopped from outside), and a crash in a reader ends
/// the batch. The `legible` program also runs files in worker processes of itself (`legible
/// validate --format jsonl --max-seconds S --max-memory MB`): one long-lived worker per job, fed
/// one path at a time through a pipe; a file that takes longer than `maxSeconds` has its worker
/// killed (it is reported `timed-out`, and a new worker takes the next file), a worker that dies
/// (a crash, its memory limit) has its file reported `unreadable` (docs/validate.md).
public struct BatchRunner: Sendable {
    /// Where the files are checked.
    package enum Isolation: Sendable {
        /// Threads of this process.
        case threads
        /// Worker processes started with this command.
        case workers(BatchWorkerCommand)
    }

    /// The validator used for `.threads` (workers have their own, from their arguments).
    public var validator: BatchValidator
    /// Files checked at once.
    public var jobs: Int
    /// The most seconds a file may take (worker processes only); nil for no limit.
    package var maxSeconds: Double?
    /// Threads or worker processes.
    package var isolation: Isolation

    /// A runner on `jobs` threads of this process.
    public init(validator: BatchValidator, jobs: Int) {
        self.init(validator: validator, jobs: jobs, maxSeconds: nil, isolation: .threads)
    }

    /// A runner; `maxSeconds` needs `.workers`.
    package init(validator: BatchValidator, jobs: Int, maxSeconds: Double?, isolation: Isolation) {
        self.validator = validator
        self.jobs = max(1, jobs)
        self.maxSeconds = maxSeconds
        self.isolation = isolation
    }

    /// Checks every path of `paths` (read lazily: a list of millions is never held), calling
    /// `emit` once per file as it finishes — from one thread at a time. Throws only when a worker
    /// process cannot be started (or a time limit is asked of threads).
    public func run<Paths: Sequence<String>>(_ paths: Paths, emit: @escaping @Sendable (BatchOutcome) -> Void) throws(LegibleError) -> BatchSummary {
        switch isolation {
        case .threads:
            if maxSeconds != nil { throw LegibleError(.invalidArgument, "a time limit per file needs worker processes (BatchRunner.Isolation.workers)") }
            return runOnThreads(paths, emit: emit)
        case .workers(let command):
            var pool = WorkerPool(command: command, jobs: jobs, maxSeconds: maxSeconds, profile: validator.configuration.profile.name,
                                  profileVersion: validator.configuration.profileVersion)
            var iterator = paths.makeIterator()
            return try pool.run(next: { iterator.next() }, emit: emit)
        }
    }

    private func runOnThreads<Paths: Sequence<String>>(_ paths: Paths, emit: @escaping @Sendable (BatchOutcome) -> Void) -> BatchSummary {
        let summary = Mutex(BatchSummary())
        let validator = self.validator
        Self.onThreads(paths, jobs: jobs) { _, path in
            let outcome = validator.outcome(for: path)
            summary.withLock { total in
                total.add(outcome)
                emit(outcome)
            }
        }
        return summary.withLock { $0 }
    }

    /// Runs `body` for every path on `jobs` threads, each taking the next path as it finishes the
    /// one before (so a slow file does not hold up a fixed share); `body` gets each path's place
    /// in the sequence. Returns when every path is done. The paths are read as they are taken.
    public static func onThreads<Paths: Sequence<String>>(_ paths: Paths, jobs: Int, _ body: @escaping @Sendable (Int, String) -> Void) {
        let source = SharedIterator(AnyIterator(paths.makeIterator()))
        if jobs <= 1 {
            while let (index, path) = source.next() { body(index, path) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while let (index, path) = source.next() { body(index, path) }
        }
    }
}

/// An iterator shared by the job threads, one `next()` at a time, numbering what it gives.
private final class SharedIterator<Base: IteratorProtocol<String>>: @unchecked Sendable {
    private var base: Base
    private var count = 0
    private let lock = Mutex(())
    init(_ base: Base) { self.base = base }
    func next() -> (Int, String)? {
        lock.withLock { _ in
            guard let path = base.next() else { return nil }
            count += 1
            return (count - 1, path)
        }
    }
}

/// The worker processes of a batch and the one loop that feeds and watches them.
private struct WorkerPool {
    let command: BatchWorkerCommand
    let jobs: Int
    let maxSeconds: Double?
    let profile: String
    let profileVersion: String

    final class Slot {
        var process: ChildProcess
        var path: String?
        var started = ContinuousClock.now
        var pending: [UInt8] = []
        init(_ process: ChildProcess) { self.process = process }
    }

    init(command: BatchWorkerCommand, jobs: Int, maxSeconds: Double?, profile: String, profileVersion: String) {
        self.command = command
        self.jobs = jobs
        self.maxSeconds = maxSeconds
        self.profile = profile
        self.profileVersion = profileVersion
    }

    func start() throws(LegibleError) -> ChildProcess {
        // A crashing worker prints one line ("Fatal error: failed to allocate …") instead of a
        // backtrace of every thread that takes seconds (unless the user asked for backtraces).
        let quiet = getenv("SWIFT_BACKTRACE") == nil ? ["SWIFT_BACKTRACE": "enable=no"] : [:]
        return try ChildProcess(executable: command.executable, arguments: command.arguments, pipeInput: true, pipeOutput: true,
                                environment: quiet)
    }

    mutating func run(next: () -> String?, emit: @Sendable (BatchOutcome) -> Void) throws(LegibleError) -> BatchSummary {
        // A worker that dies leaves a pipe with no reader: the write must fail, not kill us.
        signal(SIGPIPE, SIG_IGN)
        var summary = BatchSummary()
        var slots: [Slot] = []
        func finish(_ outcome: BatchOutcome) {
            summary.add(outcome)
            emit(outcome)
        }
        // Gives the slot its next file; false when there is none left.
        func feed(_ slot: Slot) throws(LegibleError) -> Bool {
            while let path = next() {
                if path.utf8.contains(0x0A) {
                    finish(failure(path, "the path contains a line break", status: .unreadable, seconds: 0))
                    continue
                }
                slot.path = path
                slot.started = .now
                let request = Array((path + "\n").utf8)
                if !FileIO.writeAll(request, descriptor: slot.process.standardInput) {
                    // The worker ended after its last answer, before this file: not this file's
                    // doing, so a fresh worker gets it (if that one fails too, the read loop
                    // reports the file).
                    _ = slot.process.wait()
                    slot.process = try start()
                    slot.pending.removeAll()
                    _ = FileIO.writeAll(request, descriptor: slot.process.standardInput)
                }
                return true
            }
            slot.path = nil
            return false
        }
        for _ in 0..<jobs {
            let slot = Slot(try start())
            slots.append(slot)
            if try !feed(slot) { break }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let busy = slots.filter { $0.path != nil }
            if busy.isEmpty { break }
            var timeout: Int32 = -1
            if let maxSeconds {
                let soonest = busy.map { maxSeconds - BatchValidator.seconds(since: $0.started) }.min()!
                timeout = Int32(max(0, min(soonest * 1000 + 1, 60_000)))
            }
            var fds = busy.map { pollfd(fd: $0.process.standardOutput, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { throw LegibleError(.unreadableInput, "poll failed: \(String(cString: strerror(errno)))") }
            for (k, slot) in busy.enumerated() where fds[k].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(slot.process.standardOutput, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n > 0 {
                    slot.pending += buffer[0..<n]
                    while let newline = slot.pending.firstIndex(of: 0x0A), let path = slot.path {
                        let line = Array(slot.pending[...newline])
                        slot.pending.removeSubrange(...newline)
                        finish(outcome(path, line: line))
                        _ = try feed(slot)
                    }
                    continue
                }
                // End of the worker's output: it died on this file.
                let path = slot.path!
                let status = slot.process.wait()
                let lines = slot.process.errorTail
                let tail = (lines.first { $0.hasPrefix("Fatal error") } ?? lines.last).map { ": \($0)" } ?? ""
                let how = status > 128 ? "was killed by signal \(status - 128)" : "exited with status \(status)"
                finish(failure(path, "the worker checking it \(how)\(tail)", status: .unreadable, seconds: BatchValidator.seconds(since: slot.started)))
                slot.process = try start()
                slot.pending.removeAll()
                _ = try feed(slot)
            }
            if let maxSeconds {
                for slot in slots where slot.path != nil && BatchValidator.seconds(since: slot.started) >= maxSeconds {
                    let elapsed = BatchValidator.seconds(since: slot.started)
                    kill(slot.process.pid, SIGKILL)
                    _ = slot.process.wait()
                    finish(failure(slot.path!, "took longer than \(maxSeconds) s; stopped", status: .timedOut, seconds: elapsed))
                    slot.process = try start()
                    slot.pending.removeAll()
                    _ = try feed(slot)
                }
            }
        }
        for slot in slots {
            slot.process.closeInput()
            _ = slot.process.wait()
        }
        return summary
    }

    /// A worker's reply: `status errors warnings infos<TAB>record`.
    func outcome(_ path: String, line: [UInt8]) -> BatchOutcome {
        guard let tab = line.firstIndex(of: 0x09),
              let header = BatchLine.parseHeader(Substring(decoding: line[..<tab], as: UTF8.self)) else {
            return failure(path, "the worker's reply was malformed", status: .unreadable, seconds: 0)
        }
        return BatchOutcome(path: path, status: header.0, errors: header.1, warnings: header.2, infos: header.3,
                            jsonLine: Array(line[(tab + 1)...]))
    }

    /// The record of a file the worker could not finish: its size when it can be found.
    func failure(_ path: String, _ message: String, status: BatchRecord.Status, seconds: Double) -> BatchOutcome {
        var record = BatchRecord(path: path, status: status, profileName: profile, profileVersion: profileVersion)
        var st = stat()
        if stat(path, &st) == 0 { record.size = Int(st.st_size) }
        record.message = message
        record.seconds = seconds
        if status == .unreadable {
            record.setFindings([Finding(rule: RuleID(rawValue: DiagnosticCode.unreadableInput.rawValue), severity: .error, message: message)],
                               listing: 1, firstLocations: 1)
        }
        return BatchOutcome(record)
    }
}

/// The worker side of `BatchRunner.Isolation.workers`: a program's whole job once it has made its
/// validator. Reads one path a line from `input`, answers each with one line on `output`, and
/// returns at the end of the input.
package enum BatchWorker {
    /// Serves requests until `input` ends. `memoryLimitBytes` caps this process's data segment
    /// (`RLIMIT_DATA`: heap and anonymous mappings; mapped input files do not count), so a file
    /// too large to check makes this worker fail, and the batch reports it, instead of the
    /// machine swapping.
    package static func serve(_ validator: BatchValidator, input: Int32 = 0, output: Int32 = 1, memoryLimitBytes: Int? = nil) {
        if let memoryLimitBytes {
            var limit = rlimit(rlim_cur: rlim_t(memoryLimitBytes), rlim_max: rlim_t(memoryLimitBytes))
            _ = setrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
        }
        for path in BatchPathList(descriptor: input, skipsEmptyLines: false) {
            let outcome = validator.outcome(for: path)
            var reply = Array(BatchLine.header(status: outcome.status, errors: outcome.errors, warnings: outcome.warnings, infos: outcome.infos).utf8)
            reply.append(0x09)
            reply += outcome.jsonLine
            if !FileIO.writeAll(reply, descriptor: output) { return }
        }
    }
}

/// Paths read one a line from a file descriptor (`--files-from`), lazily: a trailing `\r` is
/// dropped, and empty lines are skipped unless asked otherwise.
public struct BatchPathList: Sequence, IteratorProtocol {
    private let descriptor: Int32
    private let skipsEmptyLines: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// The lines of `descriptor`, which the caller keeps open (and closes) itself.
    public init(descriptor: Int32, skipsEmptyLines: Bool = true) {
        self.descriptor = descriptor
        self.skipsEmptyLines = skipsEmptyLines
    }

    /// The next path, or nil at the end of the input.
    public mutating func next() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                if line.isEmpty && skipsEmptyLines { continue }
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = buffer.count
                if line.isEmpty && skipsEmptyLines { return nil }
                return line
            }
            if start > 0 {
                buffer.removeSubrange(..<start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { ended = true } else { buffer += chunk[0..<n] }
        }
    }
}
