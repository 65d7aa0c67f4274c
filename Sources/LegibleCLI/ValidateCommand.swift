import Dispatch
import Legible
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `legible validate`: caption quality control for pipelines — stable rule ids, published
/// profiles, machine-readable output, exit codes, and safe mechanical fixes.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check caption files against a profile's rules (timing, reading speed, layout, text, contrast, CEA-608, spec)."
    static let usage = "legible validate (FILE|DIR... | --files-from LIST|-) [--profile NAME|FILE.json] [--format text|json|jsonl|sarif|junit] [--fail-on SEVERITY] [-q | -v] [--fps RATE] [--playback-rate R]... [--fonts-dir DIR]... [--fix (-o OUT | --in-place)] [--jobs N] [--track ID] [--from FORMAT] [--encoding NAME] [--max-seconds S] [--max-memory MB] [--cache DIR]"
    static let discussion = """
        Each input (\(CaptionFormat.readable.map(\.id.rawValue).sorted().joined(separator: ", ")), or a media file's caption track) is checked
        against a profile's rules: \(ValidationProfile.builtIn.map(\.name).joined(separator: ", ")),
        or a JSON file that extends one (docs/validate.md); --list-rules and --list-profiles list them.

        Text output: file:line:col: severity: message [rule-id], a file's findings in line order, then
        a summary line that counts every finding. Errors and warnings are printed; -q prints errors
        only, -v infos too (a finding --fail-on counts is always printed). The other forms hold every
        finding whatever -q and -v say; -q also silences the notes on stderr (fixes made, the track
        chosen), and -v names each file a directory walk skipped.

        Directories, given or listed, are searched recursively for caption files: names ending in
        \(CaptionFileDiscovery.fileExtensions.map { "." + $0 }.joined(separator: " ")), and names without an
        extension whose first bytes a format recognises; other files are skipped and counted in the
        summary, hidden ones (.name) left out. Files are validated in parallel on all cores; text and
        jsonl output is written as each file finishes, json, sarif and junit at the end.

        --fix applies the safe fixes (drop empty cues, chain short gaps, extend short cues into free
        time, re-wrap long lines) and writes the result to -o OUT (one input), or over each input with
        --in-place; each fix is said on stderr, and so is each finding it had to leave, with why (a
        cue's start is never moved). The findings printed are those that remain.

        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1), 708 service (SERVICE1) or language (fr), else the selection rules do and say which (docs/media.md).

        Batch mode: --format jsonl writes one record per file as it finishes (path, status ok,
        findings, unreadable or timed-out, size, sha256, format, encoding, cue counts, findings by
        rule, profile version, seconds), then a summary line. --files-from reads the paths one a line
        from a file or standard input, as the batch goes. --max-seconds and --max-memory check each
        file in a worker process that is stopped when it takes longer or needs more; --cache DIR
        keeps results by content hash, profile version and engine version.

        Exit status: 0 when no finding reaches --fail-on (default: error), 1 when one does, 2 for a
        usage error or an input that cannot be read (or, in batch mode, that timed out).
        """
    static let options: [OptionSpec] = [
        OptionSpec("profile", short: "p", value: "NAME", help: "Profile: a built-in name or a JSON file (default: general)."),
        OptionSpec("format", short: "f", value: "FORMAT", help: "Output: text (default), json, jsonl, sarif, junit."),
        OptionSpec("json", help: "Short for --format json."),
        OptionSpec("fail-on", value: "SEVERITY", help: "Exit 1 when a finding is at least this severe: error (default), warning, info, never."),
        OptionSpec("quiet", short: "q", help: "Text output: print only errors (the summary still counts all); no notes on stderr."),
        OptionSpec("verbose", short: "v", help: "Text output: print infos too; name each file a directory walk skips."),
        OptionSpec("fps", value: "RATE", help: "Frame rate for frame-based rules: 23.976, 24, 25, 29.97, 29.97df, 30, 50, 59.94, 60."),
        OptionSpec("playback-rate", value: "R", help: "Also check reading speed at this playback rate (repeatable, e.g. 1.5 and 2)."),
        OptionSpec("fonts-dir", value: "DIR", help: "Fonts a player has beside an ASS script's [Fonts] (repeatable), for ass.missing-font."),
        OptionSpec("fix", help: "Apply the safe mechanical fixes and write the result (-o OUT or --in-place)."),
        OptionSpec("output", short: "o", value: "OUT", help: "With --fix: where to write the fixed file (its extension may change the format)."),
        OptionSpec("in-place", help: "With --fix: overwrite each input with its fixed version."),
        OptionSpec("jobs", short: "j", value: "N", help: "Files validated at once (default: the number of cores)."),
        OptionSpec("files-from", value: "LIST", help: "Also check the paths listed in LIST, one a line (- for standard input); directories are walked."),
        OptionSpec("max-seconds", value: "S", help: "With --format jsonl: stop a file that takes longer than S seconds and report it timed-out."),
        OptionSpec("max-memory", value: "MB", help: "With --format jsonl: a file's worker may use at most MB megabytes; a file that needs more is reported unreadable."),
        OptionSpec("cache", value: "DIR", help: "With --format jsonl: reuse results kept in DIR (by content hash, profile version and engine version)."),
        OptionSpec("list-rules", help: "Print the rules with their default severities and exit."),
        OptionSpec("list-profiles", help: "Print the built-in profiles and exit."),
        // What batch mode starts its worker processes with; not for people.
        OptionSpec("batch-worker", help: "Serve paths from standard input for a batch.", hidden: true),
    ] + [InputOptions.trackSpec] + InputOptions.readingSpecs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        if arguments.has("list-rules") {
            for rule in RuleCatalog.rules {
                io.print("\(rule.id.rawValue.padding(27)) \(rule.defaultSeverity.rawValue.padding(8)) \(rule.summary)\(rule.isFixable ? " (--fix)" : "")")
            }
            io.print("\("spec.<code>".padding(27)) \("(reader)".padding(8)) Every reader diagnostic, with its own severity.")
            return 0
        }
        if arguments.has("list-profiles") {
            for profile in ValidationProfile.builtIn { io.print("\(profile.name.padding(11)) \(profile.summary)") }
            return 0
        }
        let settings = try Settings(arguments)
        if arguments.has("batch-worker") {
            BatchWorker.serve(batchValidator(settings, arguments), memoryLimitBytes: settings.maxMemory)
            return 0
        }
        if settings.format != .jsonl {
            for name in ["max-seconds", "max-memory", "cache"] where arguments.has(name) {
                throw UsageError(message: "--\(name) is for batch mode (--format jsonl)")
            }
        }
        let listed = arguments.value("files-from")
        guard !arguments.positionals.isEmpty || listed != nil else { throw UsageError(message: "validate needs at least one FILE or DIR, or --files-from LIST") }
        if listed == "-" && arguments.positionals.contains("-") { throw UsageError(message: "standard input cannot be both the list (--files-from -) and an input") }
        var list: Int32?
        if let listed {
            if listed == "-" {
                list = 0
            } else {
                let fd = open(listed, O_RDONLY)
                guard fd >= 0 else { throw UsageError(message: "cannot read the list \(listed): \(String(cString: strerror(errno)))") }
                list = fd
            }
        }
        defer { if let list, list != 0 { close(list) } }
        if settings.format == .jsonl {
            if settings.fixes { throw UsageError(message: "--fix is not for batch mode (--format jsonl): use --format text or json") }
            if arguments.positionals.contains("-") { throw UsageError(message: "batch mode (--format jsonl) checks files by path; give standard input as a list with --files-from -") }
            return try runBatch(settings, arguments, list: list, io: io)
        }
        // Directories given or listed are walked alike; a path that is missing is reported
        // unreadable (exit 2) by its own check.
        let inputs = CaptionInputs(GivenPaths(given: arguments.positionals, listed: list.map { BatchPathList(descriptor: $0) }),
                                   onSkip: skipNote(settings, io))
        let paths = Array(inputs)
        if settings.fixes {
            if arguments.has("output") && paths.count != 1 { throw UsageError(message: "--fix -o OUT takes exactly one input file (use --in-place for several)") }
            if !arguments.has("output") && !arguments.has("in-place") { throw UsageError(message: "--fix needs -o OUT or --in-place") }
            if arguments.value("output") == "-" { throw UsageError(message: "--fix -o needs a file: standard output carries the report") }
            if arguments.has("in-place") && paths.contains("-") { throw UsageError(message: "--in-place cannot rewrite standard input") }
        }

        let validation = FileValidation(validator: Validator(profile: settings.profile, options: settings.options),
                                        reading: try InputOptions.sourceOptions(arguments, io: io, needsFonts: true, path: nil),
                                        track: arguments.value("track"),
                                        fixes: settings.fixes ? (settings.inPlace ? .inPlace : .file(settings.output!)) : nil)
        var writer = ReportWriter(format: settings.format, failOn: settings.failOn, toolVersion: LegibleCommandLine.version)
        writer.textShows = settings.shown
        let state = Mutex(writer)
        let notes = !settings.quiet
        let output = io
        BatchRunner.onThreads(paths, jobs: settings.jobs) { index, path in
            let result = validation.validate(path, standardInput: { output.readStandardInput() })
            state.withLock { writer in
                // What the file's checking said besides its findings, then its report.
                if notes {
                    if let choice = result.choice { output.say("\(path): \(choice)") }
                    for change in result.fixes {
                        output.error("\(result.displayName): fixed cue \(change.cue.label): \(change.description) [\(change.rule.rawValue)]")
                    }
                    for left in result.notFixed {
                        output.error("\(result.displayName): cannot fix cue \(left.cue.label): \(left.reason) [\(left.rule.rawValue)]")
                    }
                }
                // What the writer had to change, as every command reports it (-q: errors only).
                if let written = result.written {
                    for diagnostic in written.diagnostics where diagnostic.severity >= settings.notesFrom {
                        output.error(diagnostic.described(in: written.path))
                    }
                }
                let bytes = writer.add(result.report, order: index)
                if !bytes.isEmpty { output.writeStandardOutput(bytes) }
            }
        }
        writer = state.withLock { $0 }
        writer.addSkipped(inputs.skipped)
        io.writeStandardOutput(writer.finish())
        let summary = writer.summary
        // SARIF and JUnit have no summary to say it in.
        if summary.skipped > 0 && (settings.format == .sarif || settings.format == .junit) {
            io.say("\(summary.skipped) file\(summary.skipped == 1 ? "" : "s") under the directories given skipped as not caption files")
        }
        if summary.unreadable > 0 { return 2 }
        if let failOn = settings.failOn, summary.count(atLeast: failOn) > 0 { return 1 }
        return 0
    }

    /// Batch mode: every path (positionals, then the list, directories walked as they come)
    /// through the library's batch runner, each record printed as its file finishes, then the
    /// summary. The list and the walks are read as the batch goes.
    static func runBatch(_ settings: Settings, _ arguments: Arguments, list: Int32?, io: CommandIO) throws -> Int32 {
        let paths = CaptionInputs(GivenPaths(given: arguments.positionals, listed: list.map { BatchPathList(descriptor: $0) }),
                                  onSkip: skipNote(settings, io))
        // Worker processes whenever there is a program to start them from: they are what can be
        // stopped (--max-seconds, --max-memory, a crash), and at two jobs they were faster than
        // threads in one process, not slower (docs/validate.md, "Throughput").
        let isolation: BatchRunner.Isolation
        if let executable = io.workerExecutable {
            isolation = .workers(BatchWorkerCommand(executable: executable, arguments: workerArguments(arguments)))
        } else if settings.maxSeconds != nil || settings.maxMemory != nil {
            throw UsageError(message: "--max-seconds and --max-memory need worker processes, which this embedded command line cannot start")
        } else {
            isolation = .threads
        }
        let runner = BatchRunner(validator: batchValidator(settings, arguments), jobs: settings.jobs,
                                 maxSeconds: settings.maxSeconds, isolation: isolation)
        let output = io
        var summary = try runner.run(paths) { output.writeStandardOutput($0.jsonLine) }
        summary.skipped = paths.skipped
        io.writeStandardOutput(summary.jsonLine)
        if summary.unreadable + summary.timedOut > 0 { return 2 }
        if let failOn = settings.failOn, summary.count(atLeast: failOn) > 0 { return 1 }
        return 0
    }

    /// With -v, each file a directory walk leaves out is named on stderr.
    static func skipNote(_ settings: Settings, _ io: CommandIO) -> ((String) -> Void)? {
        guard settings.verbose else { return nil }
        return { path in io.say("skipped \(path): not a caption file (no readable format's extension, and no format recognises its start)") }
    }

    /// The paths as given: the arguments, then those of the list, read as needed.
    struct GivenPaths: Sequence, IteratorProtocol {
        var given: [String]
        var listed: BatchPathList?
        var index = 0
        mutating func next() -> String? {
            if index < given.count {
                index += 1
                return given[index - 1]
            }
            return listed?.next()
        }
    }

    static func batchValidator(_ settings: Settings, _ arguments: Arguments) -> BatchValidator {
        var reading = CaptionFile.Options(encoding: arguments.value("encoding"), format: try? InputOptions.forcedFormat(arguments), maximumCores: 1)
        // The heap reservation for a large input counts against a worker's --max-memory
        // (RLIMIT_DATA counts reserved memory too): only without a limit.
        if settings.maxMemory == nil {
            reading.beforeReading = { format, size in LargeInputHeap.prepare(forInputOfSize: size, format: format) }
        }
        return BatchValidator(BatchConfiguration(profile: settings.profile, options: settings.options, reading: reading,
                                                 cacheDirectory: arguments.value("cache")))
    }

    /// A worker is this program again, with the options that decide what a file's record says.
    static func workerArguments(_ arguments: Arguments) -> [String] {
        var out = ["validate", "--batch-worker"]
        for name in ["profile", "fps", "from", "encoding", "cache", "max-memory"] {
            if let value = arguments.value(name) { out += ["--\(name)", value] }
        }
        for rate in arguments.all("playback-rate") { out += ["--playback-rate", rate] }
        for directory in arguments.all("fonts-dir") { out += ["--fonts-dir", directory] }
        return out
    }

    /// The options, checked once before any file is read.
    struct Settings: @unchecked Sendable {
        var format: ReportFormat = .text
        var failOn: Severity? = .error
        var profile: ValidationProfile = .general
        var options = ValidationOptions()
        var fixes = false
        var inPlace = false
        var output: String?
        var jobs = 1
        var maxSeconds: Double?
        var maxMemory: Int?
        /// -q: errors only, no notes on stderr; -v: infos too, and the files a walk skips named.
        var quiet = false
        var verbose = false
        /// The least severe finding the text form prints: warnings by default, errors with -q,
        /// infos with -v, and never above --fail-on (a finding that fails the run is printed).
        var shown: Severity = .warning
        /// The least severe writer diagnostic printed on stderr, as in every command.
        var notesFrom: Severity = .warning

        init(_ arguments: Arguments) throws {
            format = ReportFormat(rawValue: try OutputOptions.format(arguments, ReportFormat.allCases.map(\.rawValue)))!
            _ = try InputOptions.forcedFormat(arguments)
            if let name = arguments.value("fail-on") {
                if name == "never" || name == "none" {
                    failOn = nil
                } else {
                    guard let severity = Severity(rawValue: name.lowercased()) else {
                        throw UsageError(message: "unknown severity '\(name)' for --fail-on (error, warning, info, never)")
                    }
                    failOn = severity
                }
            }
            if let name = arguments.value("profile") {
                if let builtIn = ValidationProfile.named(name) {
                    profile = builtIn
                } else if name.hasSuffix(".json") || name.contains("/") {
                    let bytes: [UInt8]
                    do { bytes = try FileIO.read(path: name) } catch { throw UsageError(message: "cannot read profile: \(error)") }
                    do { profile = try ValidationProfile.load(json: bytes) } catch { throw UsageError(message: "\(name): \(error.description)") }
                } else {
                    throw UsageError(message: "unknown profile '\(name)' (\(ValidationProfile.builtIn.map(\.name).joined(separator: ", ")), or a .json file)")
                }
            }
            if let text = arguments.value("fps") {
                guard let rate = FrameRate(parsing: text) else {
                    throw UsageError(message: "unknown frame rate '\(text)' (23.976, 24, 25, 29.97, 29.97df, 30, 50, 59.94, 60)")
                }
                options.frameRate = rate
            }
            for text in arguments.all("playback-rate") {
                guard let rate = Fraction(decimal: text.utf8), rate > .zero, rate <= Fraction(16) else {
                    throw UsageError(message: "bad --playback-rate '\(text)' (a number such as 1.5)")
                }
                options.playbackRates.append(rate)
            }
            for directory in arguments.all("fonts-dir") {
                guard CaptionFileDiscovery.isDirectory(directory) else { throw UsageError(message: "--fonts-dir: '\(directory)' is not a directory") }
                options.fontDirectories.append(directory)
            }
            quiet = arguments.has("quiet")
            verbose = arguments.has("verbose") && !quiet
            notesFrom = quiet ? .error : verbose ? .info : .warning
            shown = min(notesFrom, failOn ?? notesFrom)
            fixes = arguments.has("fix")
            inPlace = arguments.has("in-place")
            output = arguments.value("output")
            if (inPlace || output != nil) && !fixes { throw UsageError(message: "-o and --in-place are for --fix") }
            if let text = arguments.value("jobs") {
                guard let n = Int(text), n >= 1 else { throw UsageError(message: "bad --jobs '\(text)'") }
                jobs = n
            } else {
                jobs = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            }
            if let text = arguments.value("max-seconds") {
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else { throw UsageError(message: "bad --max-seconds '\(text)' (seconds, such as 30 or 0.5)") }
                maxSeconds = seconds
            }
            if let text = arguments.value("max-memory") {
                guard let megabytes = Int(text), megabytes >= 64 else { throw UsageError(message: "bad --max-memory '\(text)' (megabytes, at least 64)") }
                maxMemory = megabytes << 20
            }
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
