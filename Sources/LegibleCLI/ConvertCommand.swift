import Legible

/// `legible convert`: read one caption format, write another.
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "Convert a caption file to another format."
    static let usage = "legible convert INPUT -o OUTPUT [--to FORMAT] [--from FORMAT] [--encoding NAME] [--open-end TIME]\(writerSettings.map { " [--\($0.name)\($0.valueName.map { " " + $0 } ?? "")]" }.joined()) [--fidelity-report FILE.json|FILE.sarif] [--track ID] [--quiet | --verbose]"
    /// Every writer's own settings, from the format registry (`--drop-frame`, `--dfxp`, …).
    static var writerSettings: [FormatSetting] { CaptionFormat.writable.flatMap(\.writerSettings) }
    static let discussion = """
        INPUT may be '-' for standard input and OUTPUT '-' for standard output (then --to is needed).
        The output format comes from --to, else from OUTPUT's extension. Output is UTF-8. Warnings and
        errors the reader reports go to stderr as file:line:column: severity: message [code].
        What the writer had to change to fit the output format is reported the same way: a track
        the format has no room for, a cue without an end (SRT and WebVTT cues must end: it is
        given the end of the track, or shown for 5 seconds when nothing later ends it, or --open-end),
        SCC's character set, columns and bandwidth; converting out of ASS, what the target cannot
        carry of it (ass.dropped-animation, ass.dropped-drawing, …: one per kind, with a count and
        the first place). --fidelity-report FILE.json writes all of these as JSON, so that a
        pipeline can refuse a lossy conversion ("lossless": false); FILE.sarif writes them as
        SARIF 2.1.0, as validate --format sarif does, for code-scanning interfaces.
        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1), 708 service (SERVICE1) or language (fr), else the selection rules do and say which (docs/media.md).
        Writes: \(CaptionFormat.writable.map(\.id.rawValue).joined(separator: ", ")). Reads: \(CaptionFormat.readable.map(\.id.rawValue).joined(separator: ", ")).
        """
    static let options: [OptionSpec] = [
        OptionSpec("output", short: "o", value: "OUTPUT", help: "Where to write ('-' for standard output)."),
        OptionSpec("to", value: "FORMAT", help: "Output format (\(CaptionFormat.writable.map(\.id.rawValue).joined(separator: ", ")); dfxp for TTML1)."),
        OptionSpec("fidelity-report", value: "FILE.json|FILE.sarif",
                   help: "Also write what the conversion lost or changed (the writer's diagnostics) to FILE: JSON for .json, SARIF 2.1.0 for .sarif ('-' is not allowed)."),
        OptionSpec("open-end", value: "TIME",
                   help: "SRT and WebVTT output: end cues that have no end at TIME (seconds or h:mm:ss, e.g. the programme's length) rather than at the track's end."),
    ] + writerSettings.map { OptionSpec($0.name, value: $0.valueName, help: $0.help) } + [InputOptions.trackSpec] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "convert needs an INPUT" : "convert takes one INPUT")
        }
        guard let output = arguments.value("output") else { throw UsageError(message: "convert needs -o OUTPUT") }
        let target: CaptionFormat
        let writable = CaptionFormat.writable.map(\.id.rawValue).joined(separator: ", ")
        if let name = arguments.value("to") {
            guard let format = CaptionFormat.named(name) else { throw UsageError(message: "unknown output format '\(name)' (Legible writes \(writable))") }
            target = format
        } else if output != "-", let format = CaptionFormat.forFileName(output) {
            target = format
        } else {
            throw UsageError(message: "cannot tell the output format from '\(output)'; use --to (\(writable))")
        }
        guard target.canWrite else {
            throw UsageError(message: "writing \(target.name) is not supported yet (Legible writes \(writable))")
        }

        var options = CaptionWriteOptions()
        // A name may ask for a variant of the writer (`--to dfxp`, `movie.dfxp`: TTML1).
        if let name = arguments.value("to") ?? ContentSniffing.fileExtension(output) {
            target.applyWriterVariant(named: name, to: &options.formats)
        }
        for setting in writerSettings where arguments.has(setting.name) {
            do {
                try setting.apply(arguments.value(setting.name), &options.formats)
            } catch {
                throw UsageError(message: error.message)
            }
        }
        options.openEnds.end = try arguments.time("open-end")
        if arguments.value("fidelity-report") == "-" {
            throw UsageError(message: "--fidelity-report needs a file name ('-' is the converted output's place)")
        }
        // The report's form comes from its name: FILE.json or FILE.sarif, nothing else.
        let reportForm = try arguments.value("fidelity-report").map { path in
            guard let form = FidelityReport.Form(fileName: path) else {
                throw UsageError(message: "--fidelity-report must name a .json or .sarif file (its form), not '\(path)'")
            }
            return form
        }

        // Every option checked; now read, then write.
        let input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        InputOptions.report(input, io: io, arguments)
        if input.isUnreadable {
            io.say("\(input.displayName) could not be read")
            return 1
        }
        var written: [Diagnostic] = []
        if output == "-" {
            written = try input.file.write(input.document, as: target, options: options) { io.writeStandardOutput(Array($0)) }
        } else {
            do {
                try FileIO.writeAtomically(to: output) { file in
                    written = try input.file.write(input.document, as: target, options: options) { try file.write($0) }
                }
            } catch {
                throw LegibleError(.unwritableOutput, "\(error)")
            }
        }
        // What the writer changed to fit the output format, located in the input.
        InputOptions.report(written, of: input.displayName, io: io, arguments)
        if let reportPath = arguments.value("fidelity-report"), let reportForm {
            let report = FidelityReport.report(written, form: reportForm, input: input.displayName, from: input.format, to: target)
            do {
                try FileIO.writeAtomically(to: reportPath) { file in try report.withUnsafeBufferPointer { try file.write($0) } }
            } catch {
                throw LegibleError(.unwritableOutput, "\(error)")
            }
        }
        ProcessLifetime.keepUntilExit(input)
        return 0
    }
}
