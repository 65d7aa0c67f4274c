public import TimedText
public import ClosedCaptionData

extension DiagnosticCode {
    /// Warning: a DTVCC packet's sequence number is not the one after the last (packets were
    /// lost); the packet is decoded, and a command a lost packet would have finished is dropped.
    public static let cea708SequenceGap: Self = "cea708.sequence-gap"
    /// Warning: a packet ended before the bytes its header announced (the stream ended, or a new
    /// packet started); what it had is decoded.
    public static let cea708TruncatedPacket: Self = "cea708.truncated-packet"
    /// Warning: a service block runs past the end of its packet; what it had is decoded.
    public static let cea708TruncatedBlock: Self = "cea708.truncated-block"
    /// Warning: a command was cut off (a lost packet, or the end of the stream) and dropped.
    public static let cea708PartialCommand: Self = "cea708.partial-command"
    /// Info: a code with no meaning in CEA-708-E was skipped (with its parameters); an
    /// unassigned G2 or G3 character is shown as `_`.
    public static let cea708UnassignedCode: Self = "cea708.unassigned-code"
    /// Warning: text or a window command came when no window was current; ignored.
    public static let cea708NoWindow: Self = "cea708.no-window"
    /// Warning: SetCurrentWindow named a window not defined.
    public static let cea708UndefinedWindow: Self = "cea708.undefined-window"
    /// Warning: text ran past a window's edge (its columns locked, or at the screen's most):
    /// said once a window.
    public static let cea708WindowOverflow: Self = "cea708.window-overflow"
    /// Info: SetPenLocation named a cell outside the window; the pen went to its edge.
    public static let cea708PenOutside: Self = "cea708.pen-outside"
    /// Warning: more input than the service input buffer holds came during a delay; the delay
    /// was cancelled (CEA-708-E §8.5).
    public static let cea708BufferOverflow: Self = "cea708.buffer-overflow"
    /// Warning: bytes in a service's own encoding (`serviceEncodings`) did not decode cleanly.
    public static let cea708EncodingError: Self = "cea708.encoding-error"
}

/// A streaming CEA-708 (DTVCC) decoder: fed a video's `cc_data` triplets picture by picture (or
/// whole DTVCC packets), it decodes every caption service (1–6 standard, 7–63 extended) into the
/// windows each shows, and each window's states into `CEA708Caption`s.
///
/// - **Packets** (CEA-708-E §5): put together from triplets of `cc_type` 3 and 2 with
///   `DTVCCPacketAssembler`; 0x00 and 0x80 are data here, not padding (only `cc_valid` 0 is). A
///   sequence number that does not follow the last is reported and the packet decoded anyway:
///   a command whose bytes a lost packet would have finished is dropped and said.
/// - **Service blocks** (§6): each service's bytes go to its own parser, which holds a command
///   split across blocks until it is whole.
/// - **Commands** (§7, §8): C0, C1, G0, G1, and through EXT1 the C2, G2, C3 and G3 sets and P16;
///   the window commands on the eight windows; DLY holds the service's input until its time
///   (DLC and RST act at once, and input beyond the 128-byte service input buffer cancels the
///   delay); RST deletes every window.
/// - **Captions**: after each packet (and each delayed run) every visible window that holds text
///   is compared with what it showed: a change ends one caption and starts the next at the
///   packet's time. A window still shown at the end has no end.
public struct CEA708Decoder: Sendable {
    /// What the decoder reads and how.
    public struct Options: Sendable, Hashable {
        /// Services read in another text encoding than ISO 8859-1 (an ICU name for each, such as
        /// `EUC-KR` for Korean broadcasts, which send their text in G1's byte range).
        public var serviceEncodings: [Int: String]

        /// Options; by default every service in the standard's code sets.
        public init(serviceEncodings: [Int: String] = [:]) {
            self.serviceEncodings = serviceEncodings
        }

        /// Every service read with the standard's code sets.
        public static let `default` = Options()
    }

    /// How the decoder reads.
    public let options: Options
    /// The services seen so far, by number.
    public private(set) var services: [Int: CEA708Service] = [:]
    private var parsers: [Int: CEA708CommandParser] = [:]
    private var assembler = DTVCCPacketAssembler()
    private var lastSequence: Int?
    /// What is about the stream (packets), and what is about each service.
    private var log = DiagnosticLog()
    private var serviceLogs: [Int: DiagnosticLog] = [:]
    private var finished = false

    /// A decoder that has seen nothing.
    public init(options: Options = .default) {
        self.options = options
    }

    /// What was skipped or repaired, each with its time.
    public var diagnostics: [Diagnostic] {
        var all = log
        for number in serviceLogs.keys.sorted() { all.merge(serviceLogs[number]!) }
        return all.finished()
    }

    /// What was said about the packets (sequence gaps, packets and blocks cut short), which no
    /// one service owns.
    public var streamDiagnostics: [Diagnostic] { log.finished() }

    /// What was said about one service's commands.
    public func diagnostics(service number: Int) -> [Diagnostic] { serviceLogs[number]?.finished() ?? [] }

    /// The services that showed something, ascending.
    public var servicesWithCaptions: [Int] {
        services.values.filter { !$0.allCaptions.isEmpty }.map(\.number).sorted()
    }

    /// Decodes one picture's triplets; `time` is its presentation time.
    public mutating func feed(_ triplets: [CCDataTriplet], at time: MediaTime) {
        for packet in assembler.feed(triplets, at: time) { feed(packet) }
    }

    /// Decodes one DTVCC packet (its time is the picture that carried its start).
    public mutating func feed(_ packet: DTVCCPacket) {
        let time = packet.time
        if let last = lastSequence, packet.sequenceNumber != (last + 1) % 4 {
            log.report(.warning, .cea708SequenceGap,
                       "at \(time.secondsText) s: packet sequence number \(packet.sequenceNumber) after \(last) (packets were lost); decoded on",
                       at: nil)
            for number in parsers.keys.sorted() { dropPartial(service: number, at: time, why: "a lost packet") }
        }
        lastSequence = packet.sequenceNumber
        if !packet.isComplete {
            log.report(.warning, .cea708TruncatedPacket,
                       "at \(time.secondsText) s: a packet ends after \(packet.data.count) of its bytes; what it has is decoded", at: nil)
        }
        let (blocks, truncated) = packet.serviceBlocks
        if truncated {
            log.report(.warning, .cea708TruncatedBlock,
                       "at \(time.secondsText) s: a service block runs past the end of its packet; what it has is decoded", at: nil)
        }
        var touched: [Int] = []
        for block in blocks {
            guard block.service >= 1 else { continue }
            let number = block.service
            if parsers[number] == nil {
                parsers[number] = CEA708CommandParser(readsG1AsEncoded: options.serviceEncodings[number] != nil)
                services[number] = CEA708Service(number: number, encoding: options.serviceEncodings[number])
            }
            let commands = parsers[number]!.feed(block.data)
            services[number]!.run(commands, at: time, log: &serviceLogs[number, default: DiagnosticLog()])
            touched.append(number)
        }
        // Services that received nothing still run input whose delay has passed.
        for number in services.keys where !touched.contains(number) {
            services[number]!.run([], at: time, log: &serviceLogs[number, default: DiagnosticLog()])
        }
    }

    /// Ends the stream: the last packet, held input, and commands left unfinished.
    public mutating func finish() {
        guard !finished else { return }
        finished = true
        if let last = assembler.finish() { feed(last) }
        for number in parsers.keys.sorted() { dropPartial(service: number, at: nil, why: "the end of the stream") }
        for number in services.keys.sorted() { services[number]!.finish(log: &serviceLogs[number, default: DiagnosticLog()]) }
    }

    private mutating func dropPartial(service number: Int, at time: MediaTime?, why: String) {
        let bytes = parsers[number]!.discardPartialCommand()
        guard !bytes.isEmpty else { return }
        let when = time.map { " at \($0.secondsText) s" } ?? ""
        let hex = bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        serviceLogs[number, default: DiagnosticLog()].report(.warning, .cea708PartialCommand,
                   "service \(number)\(when): a command cut off by \(why) (\(hex)) is dropped", at: nil)
    }

    /// The captions every service took off screen since the last call, in service order, and
    /// forgets them: a player following a live stream calls it after each `feed`, and
    /// `currentCaptions` for what is shown now.
    public mutating func drainCaptions() -> [CEA708Caption] {
        services.keys.sorted().flatMap { services[$0]!.drainCaptions() }
    }

    /// What every service shows now: one caption per visible window with text, without an end.
    public var currentCaptions: [CEA708Caption] {
        services.keys.sorted().flatMap { services[$0]!.currentCaptions }
    }

    /// The captions of a service, in start order (nil: the service sent nothing).
    public func captions(service number: Int) -> [CEA708Caption]? {
        services[number]?.allCaptions
    }
}
