public import TimedText
public import TextScanning

/// Everything an SCC file holds: the document (one track per channel that shows captions) and
/// the decoded captions behind its cues.
public struct SCCFile: CaptionFileContents {
    /// The model: one captions track per channel that shows something (`Track.id` `CC1`…), or a
    /// single empty track when none does (no track at all when the text was too large to read).
    public var document: Document
    /// For each track of `document`, in the same order, the caption behind each cue, in cue order.
    public var captions: [[CEA608Caption]]

    /// For each track of `document`, in the same order, each cue's `cea608` view in cue order
    /// (made when asked for: most uses of a file never look at the 608 grid).
    public var cueValues: [[CEA608CueValues]] { captions.map { $0.map(CEA608CueValues.init) } }
    /// For captions decoded from a video's `cc_data`, the pairs of the field they came from, as
    /// the video carried them (what `SCCDisassembler.disassemble(_:options:)` lists); nil for an
    /// SCC file, whose text holds its pairs.
    public var fieldPairs: CEA608FieldPairs?

    /// 608 captions decoded from elsewhere (a video's A/53 caption data) with their document:
    /// `captions[i]` behind the cues of `document.tracks[i]`, in cue order; `fieldPairs`, the
    /// pairs they were decoded from.
    public init(document: Document, captions: [[CEA608Caption]], fieldPairs: CEA608FieldPairs? = nil) {
        self.document = document
        self.captions = captions
        self.fieldPairs = fieldPairs
    }
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
/// not a redundant copy: an SCC file lists line 21's frames, one pair each, and the copy of a code
/// comes in the frame right after it (47 CFR 15.119(i)(4), now 79.101), so the decoders are run
/// with `paddingEndsRedundancy` (a `8080` word between a code and its repeat separates them too).
/// Decoding a video's `cc_data`, where padding fills pictures between the copies, does not.
public struct SCCReader: SourceTextReader, Sendable {
    /// Which field the file holds and how its decoders behave.
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

        /// By default: field 1, no stuck-caption timeout, bytes with a wrong parity bit decoded.
        public init(field: Int = 1, stuckCaptionTimeout: MediaTime? = nil, dropsParityErrors: Bool = false) {
            self.field = field
            self.stuckCaptionTimeout = stuckCaptionTimeout
            self.dropsParityErrors = dropsParityErrors
        }

        /// Field 1, no stuck-caption timeout, parity errors decoded and reported once.
        public static let `default` = Options()
    }

    /// How this reader reads.
    public var options: Options

    /// A reader with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Whether a text looks like Scenarist SCC: it starts with `Scenarist_SCC`.
    public static func looksLike(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        ContentSniffing.starts(head, with: "Scenarist_SCC")
    }

    /// Reads an SCC text into a document (see `readFile(_:)` for the decoded captions too). Never
    /// fails: damaged lines and codes are skipped with diagnostics, sorted by line.
    public func read(_ source: SourceText) -> ParseResult<Document> {
        let file = readFile(source)
        return ParseResult(value: file.value.document, diagnostics: file.diagnostics)
    }

    /// Text larger than this is refused (no real caption file comes close).
    public static let maximumTextSize = Int(UInt32.max)

    /// Reads an SCC text into the document and, beside each cue, the caption the decoder made (the
    /// 608 grid, for the `cea608` view). A file that loads text but never shows it gives empty tracks
    /// and an `scc.nothing-shown` error.
    public func readFile(_ source: SourceText) -> ParseResult<SCCFile> {
        var log = DiagnosticLog()
        let field = options.field == 2 ? 2 : 1
        func decoder(_ dataChannel: Int) -> CEA608Decoder {
            CEA608Decoder(channel: CEA608Channel(field: field, dataChannel: dataChannel),
                          options: .init(stuckCaptionTimeout: options.stuckCaptionTimeout,
                                         dropsParityErrors: options.dropsParityErrors, reportsStreamErrors: dataChannel == 1,
                                         paddingEndsRedundancy: true))
        }
        // The second channel's decoder starts at its first control code: until then it could only
        // have ignored the pairs (characters follow the channel of the last control code, and it
        // reports no stream errors), and most files never use it, so this halves the decoding.
        var firstChannel = decoder(1)
        var secondChannel: CEA608Decoder?
        // The first channel's cues are built on a second core while decoding goes on, in batches,
        // into arrays with room for as many captions as the text could hold (see
        // `expectedCaptions`): only the room used is ever touched.
        let expectedCaptions = Self.expectedCaptions(bytes: source.byteCount)
        let firstChannelCues = BackgroundMap(state: CEA608CueBuilder(), expectedCount: expectedCaptions) { $0.cue(for: $1) }
        var firstChannelCaptions: [CEA608Caption] = []
        firstChannelCaptions.reserveCapacity(expectedCaptions)
        func handOver(_ captions: [CEA608Caption]) {
            firstChannelCues.submit(captions)
            firstChannelCaptions.append(contentsOf: captions)
        }
        guard source.byteCount < Self.maximumTextSize else {
            log.report(.error, .sccTooLarge, "the text is larger than 4 GiB; not read", at: nil)
            return ParseResult(value: SCCFile(document: Document(format: .scc, encoding: source.encoding, layoutFamily: .cea608Grid), captions: []),
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
                    } else if frame < next && !line.words.isEmpty {
                        timing.report(.info, .sccOverlappingLine,
                                      "the previous line's data runs to frame \(next - 1), past \(line.timecode); the frames they share are decoded in file order",
                                      at: location)
                    } else if frame > next {
                        // The frames between carried no data: padding for the decoders.
                        firstChannel.feed(0x80, 0x80, at: .frame(next), location: nil)
                        secondChannel?.feed(0x80, 0x80, at: .frame(next), location: nil)
                    }
                }
                firstChannel.feed(line.words, firstFrame: frame, line: line.number)
                // The second channel's decoder is fed from its first control code on.
                var secondFrom = 0
                if secondChannel == nil {
                    secondFrom = line.words.firstIndex { CEA608Code.isSecondChannelControl($0.byte1, $0.byte2) } ?? line.words.count
                    if secondFrom < line.words.count { secondChannel = decoder(2) }
                }
                secondChannel?.feed(UnsafeBufferPointer(rebasing: line.words[secondFrom...]), firstFrame: frame + Int64(secondFrom),
                                    line: line.number)
                nextFrame = max(frame + Int64(line.words.count), nextFrame ?? 0)
                previous = line.timecode
                if firstChannel.captions.count >= Self.captionBatchSize { handOver(firstChannel.drainCaptions()) }
            }
        }
        log.merge(timing)
        firstChannel.finish()
        handOver(firstChannel.drainCaptions())
        secondChannel?.finish()
        var channels = [(decoder: firstChannel, captions: firstChannelCaptions, cues: firstChannelCues.finish())]
        if let second = secondChannel {
            var builder = CEA608CueBuilder()
            let captions = second.captions
            channels.append((second, captions, captions.map { builder.cue(for: $0) }))
        }
        var tracks: [Track] = []
        var trackCaptions: [[CEA608Caption]] = []
        for (index, channel) in channels.enumerated() {
            log.merge(channel.decoder.diagnosticLog)
            // A file that shows nothing still has its first channel's (empty) track.
            guard !channel.captions.isEmpty || (index == channels.count - 1 && tracks.isEmpty) else { continue }
            let id = channel.captions.isEmpty ? firstChannel.channel : channel.decoder.channel
            tracks.append(Track(id: id.rawValue, kind: .captions, cues: channel.cues))
            trackCaptions.append(channel.captions)
        }
        // Text that was loaded but never shown is an empty result with a reason: say it as an error.
        if tracks.allSatisfy({ $0.cues.isEmpty }), channels.contains(where: { $0.decoder.diagnosticLog.finished().contains { $0.code == .cea608NeverDisplayed } }) {
            log.report(.error, .sccNothingShown, "no caption is ever displayed: text is loaded, but no end-of-caption (EOC) code shows it", at: nil)
        }
        let document = Document(format: .scc, encoding: source.encoding, tracks: tracks, layoutFamily: .cea608Grid)
        let diagnostics = log.finished().enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }.map(\.element)
        return ParseResult(value: SCCFile(document: document, captions: trackCaptions), diagnostics: diagnostics)
    }

    /// How many captions the decoder collects before they are handed over for cue building.
    private static let captionBatchSize = 256

    /// Room to reserve for the captions of `bytes` of SCC text: one for every 32 bytes, more than
    /// files hold (a caption takes a line with a timecode and doubled control codes, five bytes a
    /// word: typically 100–200 bytes); at most a million. A file that holds more grows the arrays.
    static func expectedCaptions(bytes: Int) -> Int { min(bytes / 32, 1_000_000) }
}

extension CaptionFormatID {
    /// Scenarist SCC: CEA-608 byte pairs with SMPTE time codes (`.scc`).
    public static let scc: Self = "scc"
}
