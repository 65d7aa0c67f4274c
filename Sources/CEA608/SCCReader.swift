public import TimedText
public import TextScanning

/// Everything an SCC file holds: the document (one track per channel that shows captions) and
/// each cue's CEA-608 view.
public struct SCCFile: Sendable {
    public var document: Document
    /// For each track of `document`, in the same order, each cue's `cea608` view in cue order.
    public var cueValues: [[CEA608CueValues]]
}

/// Reads Scenarist SCC files: each line's byte pairs go, one a frame from the line's timecode on,
/// through a `CEA608Decoder` for each channel of the field (CC1 and CC2 unless told the file holds
/// field 2), and each channel that shows a caption becomes a track (`Track.id` `CC1`…, kind
/// captions). The lines are split by `SCCLineScanner`, which says what it tolerates.
///
/// Times are exact: frame n of the file is n × 1001/30000 s, for drop-frame and non-drop-frame
/// timecodes alike, and the k-th pair of a line is at the line's frame + k (as ttconv counts).
/// Lines are decoded in file order, as a stream is: when a line's frames reach back before the
/// previous line's last pair (`scc.out-of-order` when its timecode is earlier than the previous
/// line's, an `scc.overlapping-line` note when only its data overlaps), the decoder takes its
/// earlier pairs as arriving with the last one decoded. Frames between lines carry no data, as
/// padding does; that matters to the decoder, for which a control code repeated after a gap is
/// not a redundant copy.
public struct SCCReader: SourceTextReader, Sendable {
    public struct Options: Sendable {
        /// 1: the file holds field 1 (CC1, CC2), as SCC files do; 2: field 2 (CC3, CC4).
        public var field: Int
        /// Passed to the decoders (`CEA608Decoder.Options.stuckCaptionTimeout`); nil by default.
        public var stuckCaptionTimeout: MediaTime?

        /// Passed to the decoders (`CEA608Decoder.Options.dropsParityErrors`). Off by default: an
        /// SCC file was written, not transmitted, so a byte with the wrong parity bit still holds
        /// the data its author meant (files written by hand often lack parity bits); such bytes are
        /// reported once (`cea608.parity-error`) and decoded.
        public var dropsParityErrors: Bool

        public init(field: Int = 1, stuckCaptionTimeout: MediaTime? = nil, dropsParityErrors: Bool = false) {
            self.field = field
            self.stuckCaptionTimeout = stuckCaptionTimeout
            self.dropsParityErrors = dropsParityErrors
        }

        public static let `default` = Options()
    }

    public var options: Options

    public init(options: Options = .default) { self.options = options }

    public func read(_ source: SourceText) -> ParseResult<Document> {
        let file = readFile(source)
        return ParseResult(value: file.value.document, diagnostics: file.diagnostics)
    }

    /// Text larger than this is refused (no real caption file comes close).
    public static let maximumTextSize = Int(UInt32.max)

    public func readFile(_ source: SourceText) -> ParseResult<SCCFile> {
        var log = DiagnosticLog()
        let field = options.field == 2 ? 2 : 1
        func decoder(_ dataChannel: Int) -> CEA608Decoder {
            CEA608Decoder(channel: CEA608Channel(field: field, dataChannel: dataChannel),
                          options: .init(stuckCaptionTimeout: options.stuckCaptionTimeout,
                                         dropsParityErrors: options.dropsParityErrors, reportsStreamErrors: dataChannel == 1))
        }
        // The second channel's decoder starts at its first control code: until then it could only
        // have ignored the pairs (characters follow the channel of the last control code, and it
        // reports no stream errors), and most files never use it, so this halves the decoding.
        var decoders = [decoder(1)]
        guard source.byteCount < Self.maximumTextSize else {
            log.report(.error, .sccTooLarge, "the text is larger than 4 GiB; not read", at: nil)
            return ParseResult(value: SCCFile(document: Document(format: .scc, encoding: source.encoding), cueValues: []),
                               diagnostics: log.finished())
        }
        var timing = DiagnosticLog()
        source.withUnsafeBytes { p in
            var nextFrame: Int64?
            var previous: SCCTimecode?
            SCCLineScanner.scan(p, log: &log) { line in
                let frame = line.timecode.frameNumber
                if let next = nextFrame, let previous {
                    let location = SourceLocation(line: line.number, column: 1)
                    if frame < previous.frameNumber {
                        timing.report(.warning, .sccOutOfOrder,
                                      "the timecode \(line.timecode) is earlier than the previous line's \(previous); its data is decoded as arriving right after that line's",
                                      at: location)
                    } else if frame < next && !line.pairs.isEmpty {
                        timing.report(.info, .sccOverlappingLine,
                                      "the previous line's data runs to frame \(next - 1), past \(line.timecode); the frames they share are decoded in file order",
                                      at: location)
                    } else if frame > next {
                        // The frames between carried no data: padding for the decoders.
                        let time = SCCTimecode.time(ofFrame: next)
                        for d in decoders.indices { decoders[d].feed(0x80, 0x80, at: time) }
                    }
                }
                for (k, pair) in line.pairs.enumerated() {
                    let time = SCCTimecode.time(ofFrame: frame + Int64(k))
                    let location = SourceLocation(line: line.number, column: line.columns[k])
                    if decoders.count == 1, CEA608Code.isSecondChannelControl(UInt8(pair >> 8), UInt8(pair & 0xFF)) {
                        decoders.append(decoder(2))
                    }
                    for d in decoders.indices {
                        decoders[d].feed(UInt8(pair >> 8), UInt8(pair & 0xFF), at: time, location: location)
                    }
                }
                nextFrame = max(frame + Int64(line.pairs.count), nextFrame ?? 0)
                previous = line.timecode
            }
        }
        log.merge(timing)
        var tracks: [Track] = []
        var cueValues: [[CEA608CueValues]] = []
        for d in decoders.indices {
            decoders[d].finish()
            let captions = decoders[d].drainCaptions()
            log.merge(decoders[d].diagnosticLog)
            guard !captions.isEmpty || (d == decoders.count - 1 && tracks.isEmpty) else { continue }
            // A file that shows nothing still has its first channel's (empty) track.
            let channel = captions.isEmpty ? decoders[0].channel : decoders[d].channel
            let (cues, values) = Self.cues(for: captions)
            tracks.append(Track(id: channel.rawValue, kind: .captions, cues: cues))
            cueValues.append(values)
        }
        let document = Document(format: .scc, encoding: source.encoding, tracks: tracks)
        let diagnostics = log.finished().enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }.map(\.element)
        return ParseResult(value: SCCFile(document: document, cueValues: cueValues), diagnostics: diagnostics)
    }

    /// The model cues and `cea608` views of a channel's captions. Each caption stands alone, so a
    /// long file builds them in two halves on two cores (a third of the reading time otherwise).
    private static func cues(for captions: [CEA608Caption]) -> ([Cue], [CEA608CueValues]) {
        let pieces = captions.count >= 2_000 ? 2 : 1
        let size = (captions.count + pieces - 1) / max(pieces, 1)
        let built = parallelMap(count: pieces) { piece in
            var builder = CEA608CueBuilder()
            let slice = captions[min(piece * size, captions.count)..<min((piece + 1) * size, captions.count)]
            return (slice.map { builder.cue(for: $0) }, slice.map(CEA608CueValues.init))
        }
        return (built.flatMap(\.0), built.flatMap(\.1))
    }
}
