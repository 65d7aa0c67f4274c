import Legible

/// Reading a caption file for a command: bytes from a path or stdin, decoding, format detection,
/// the format's reader. Shared by every command that takes caption input.
struct LoadedInput {
    /// The path as given (`-` is shown as `<stdin>`).
    var displayName: String
    var format: SourceFormat
    var source: SourceText
    var result: ParseResult<Document>
    /// What only the format has, when the command asked for it.
    var details: Formats.FormatDetails?

    /// Nothing could be read: an error and no cue at all.
    var isUnreadable: Bool {
        result.hasErrors && result.value.tracks.allSatisfy { $0.cues.isEmpty }
    }
}

extension LoadedInput {
    /// Reads the input as an HLS WebVTT segment: cue times become media times (RFC 8216 §3.5).
    mutating func mapOntoMediaTimeline(reference: MediaTime?) {
        guard case .webVTT(let file)? = details else { return }
        let map = file.timestampMap ?? .absent
        for t in result.value.tracks.indices {
            result.value.tracks[t].cues = map.mapping(result.value.tracks[t].cues, reference: reference)
        }
    }
}

/// The options every command with caption input shares.
enum InputOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "Read the input as this format instead of detecting it (\(Formats.known.map(\.rawValue).joined(separator: ", ")))."),
        OptionSpec("encoding", value: "NAME", help: "Decode the input as this encoding (e.g. windows-1252, Shift_JIS) instead of detecting it."),
    ]

    /// `formatOption` names the option that forces the input format (`validate` uses `--format`
    /// for its output and `--input-format` for this).
    static func load(_ path: String, _ arguments: Arguments, io: CommandIO, details: Bool = false,
                     formatOption: String = "format") throws -> LoadedInput {
        var forced: SourceFormat?
        if let name = arguments.value(formatOption) {
            guard let format = Formats.parseFormat(name) else {
                throw UsageError(message: "unknown format '\(name)' (known: \(Formats.known.map(\.rawValue).joined(separator: ", ")))")
            }
            forced = format
        }
        var encoding: String?
        if let name = arguments.value("encoding") {
            do {
                guard let canonical = try SourceDecoder.canonicalEncodingName(name) else {
                    throw UsageError(message: "unknown encoding '\(name)'")
                }
                encoding = canonical
            } catch let error as SourceDecoder.DecodingError {
                throw InputFailure(message: error.description)
            }
        }
        let displayName = path == "-" ? "<stdin>" : path
        let decoding = SourceDecoder.Options(encoding: encoding)
        let decoded: ParseResult<SourceText>
        if path == "-" {
            decoded = SourceDecoder.decode(io.readStandardInput(), options: decoding)
        } else if let mapped = MappedFile(path: path) {
            // Large files are read in place.
            decoded = SourceDecoder.decode(mapped, options: decoding)
        } else {
            do {
                decoded = SourceDecoder.decode(try FileIO.read(path: path), options: decoding)
            } catch {
                throw InputFailure(message: error.description, code: "input.unreadable-file")
            }
        }
        guard let format = forced ?? FormatSniffer.detect(decoded.value, fileName: path == "-" ? nil : path) else {
            throw InputFailure(message: "cannot tell the caption format of \(displayName); use --format (\(Formats.readableList))",
                               code: "input.unknown-format")
        }
        LargeInputHeap.prepare(forInputOfSize: decoded.value.byteCount, format: format)
        guard let (read, formatDetails) = Formats.read(decoded.value, as: format, details: details) else {
            throw InputFailure(message: "\(displayName): reading \(format.rawValue) is not supported yet (Legible reads: \(Formats.readableList))",
                               code: "input.unsupported-format", format: format.rawValue)
        }
        var result = read
        result.diagnostics.insert(contentsOf: decoded.diagnostics, at: 0)
        return LoadedInput(displayName: displayName, format: format, source: decoded.value, result: result,
                           details: formatDetails)
    }

    /// Diagnostics in the compiler form, `file:line:col: warning: message [code]`.
    /// The track `--track` names (an id such as CC2, or a zero-based number), or the first one.
    static func track(of input: LoadedInput, _ arguments: Arguments) throws -> Track {
        let tracks = input.result.value.tracks
        guard let wanted = arguments.value("track") else { return tracks.first ?? Track() }
        if let found = tracks.first(where: { $0.id == wanted }) { return found }
        if let number = Int(wanted), tracks.indices.contains(number) { return tracks[number] }
        throw UsageError(message: "no track '\(wanted)' in \(input.displayName) (tracks: \(tracks.enumerated().map { $1.id ?? "\($0)" }.joined(separator: ", ")))")
    }

    static func report(_ input: LoadedInput, io: CommandIO, minimum: Severity = .warning) {
        for diagnostic in input.result.diagnostics where diagnostic.severity >= minimum {
            io.error("\(input.displayName):\(diagnostic.description)")
        }
    }
}
