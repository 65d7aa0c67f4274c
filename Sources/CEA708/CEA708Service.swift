internal import TimedText
import TextScanning

/// One caption service's decoder (CEA-708-E §8): its eight windows, the current one, the input
/// held back by a delay, and the captions its windows have shown. `CEA708Decoder` feeds it the
/// commands of the service's blocks with their packet's time.
public struct CEA708Service: Sendable {
    /// The service number, 1–63.
    public let number: Int
    /// The windows 0–7 as they are now (nil: not defined).
    public private(set) var windows: [CEA708Window?] = Array(repeating: nil, count: 8)
    /// The window text and pen commands apply to.
    public private(set) var currentWindow: Int?
    /// The captions taken off screen so far, in order of their end.
    public private(set) var captions: [CEA708Caption] = []
    /// What each window shows now, by window id.
    private var open: [Int: CEA708Caption] = [:]
    /// DLY: the time the held input runs at.
    private var delayedUntil: MediaTime?
    private var held: [(command: CEA708Command, length: Int)] = []
    private var heldBytes = 0
    /// G1-range bytes waiting to be read in the service's own encoding.
    private var encoded: [UInt8] = []
    private let encoding: String?
    /// Windows that have lost a character off their edge, so that it is said once a window.
    private var overflowReported: Set<Int> = []

    /// The service input buffer's size (CEA-708-E §8.5): a delay whose held input outgrows it is
    /// cancelled.
    public static let inputBufferSize = 128

    /// A service decoder; `encoding` (an ICU name, such as `EUC-KR`) reads G1-range bytes as that
    /// encoding's multi-byte text instead of ISO 8859-1.
    public init(number: Int, encoding: String? = nil) {
        self.number = number
        self.encoding = encoding
    }

    /// The captions taken off screen since the last call, and forgets them (for a player
    /// following a live stream; `allCaptions` then holds only what came after).
    mutating func drainCaptions() -> [CEA708Caption] {
        defer { captions.removeAll(keepingCapacity: true) }
        return captions
    }

    /// What the service's windows show now, one caption per visible window with text (no end).
    public var currentCaptions: [CEA708Caption] { open.values.sorted { $0.window.definition.id < $1.window.definition.id } }

    /// Every caption, those still on screen last (with no end), in start order.
    public var allCaptions: [CEA708Caption] {
        (captions + open.values.sorted { $0.window.definition.id < $1.window.definition.id }).sorted { $0.start < $1.start }
    }

    /// Runs commands read from the service's blocks at `time`, then notes what the windows show.
    mutating func run(_ commands: [(command: CEA708Command, length: Int)], at time: MediaTime, log: inout DiagnosticLog) {
        releaseIfDue(before: time, log: &log)
        for item in commands { process(item, at: time, log: &log) }
        flushEncoded(log: &log, at: time)
        settle(at: time)
    }

    /// The end of the input: held input runs at its time, and what is shown stays open.
    mutating func finish(log: inout DiagnosticLog) {
        if let due = delayedUntil { release(at: due, log: &log) }
    }

    /// Runs held input whose delay has passed by `time`.
    private mutating func releaseIfDue(before time: MediaTime, log: inout DiagnosticLog) {
        while let due = delayedUntil, due <= time { release(at: due, log: &log) }
    }

    private mutating func release(at time: MediaTime, log: inout DiagnosticLog) {
        let commands = held
        held = []
        heldBytes = 0
        delayedUntil = nil
        for item in commands { process(item, at: time, log: &log) }
        flushEncoded(log: &log, at: time)
        settle(at: time)
    }

    private mutating func process(_ item: (command: CEA708Command, length: Int), at time: MediaTime, log: inout DiagnosticLog) {
        if delayedUntil != nil {
            switch item.command {
            case .delayCancel:
                // DLC acts at once, even on a held input (CEA-708-E §8.10.5.5).
                release(at: time, log: &log)
            case .reset:
                reset(at: time)
            default:
                held.append(item)
                heldBytes += item.length
                if heldBytes > Self.inputBufferSize {
                    log.report(.warning, .cea708BufferOverflow,
                               "service \(number) at \(time.secondsText) s: more than \(Self.inputBufferSize) bytes arrived during a delay; the delay is cancelled and they run now",
                               at: nil)
                    release(at: time, log: &log)
                }
            }
            return
        }
        execute(item.command, at: time, log: &log)
    }

    private mutating func execute(_ command: CEA708Command, at time: MediaTime, log: inout DiagnosticLog) {
        if case .encodedByte(let byte) = command {
            encoded.append(byte)
            return
        }
        flushEncoded(log: &log, at: time)
        switch command {
        case .character(let c): write(c, at: time, log: &log)
        case .transparentSpace: write(nil, at: time, log: &log)
        case .encodedByte: break
        case .endOfText: break
        case .backspace: withCurrent(time, "BS", log: &log) { $0.backspace() }
        case .formFeed: withCurrent(time, "FF", log: &log) { $0.formFeed() }
        case .carriageReturn: withCurrent(time, "CR", log: &log) { $0.carriageReturn() }
        case .horizontalCarriageReturn: withCurrent(time, "HCR", log: &log) { $0.horizontalCarriageReturn() }
        case .setCurrentWindow(let id):
            if windows[id] == nil {
                log.report(.warning, .cea708UndefinedWindow,
                           "service \(number) at \(time.secondsText) s: CW\(id) names a window not defined; what follows has no window until one is",
                           at: nil)
                currentWindow = nil
            } else {
                currentWindow = id
            }
        case .clearWindows(let map): forEach(in: map) { $0.clear() }
        case .displayWindows(let map): forEach(in: map) { $0.isVisible = true }
        case .hideWindows(let map): forEach(in: map) { $0.isVisible = false }
        case .toggleWindows(let map): forEach(in: map) { $0.isVisible.toggle() }
        case .deleteWindows(let map):
            for id in 0..<8 where map & (1 << id) != 0 {
                windows[id] = nil
                overflowReported.remove(id)
                if currentWindow == id { currentWindow = nil }
            }
        case .delay(let tenths):
            delayedUntil = time + MediaTime(value: Int64(tenths), timescale: 10)
        case .delayCancel: break  // no delay to cancel
        case .reset: reset(at: time)
        case .setPenAttributes(let attributes): withCurrent(time, "SPA", log: &log) { $0.pen.attributes = attributes }
        case .setPenColor(let color): withCurrent(time, "SPC", log: &log) { $0.pen.color = color }
        case .setPenLocation(let row, let column):
            var inside = true
            withCurrent(time, "SPL", log: &log) { inside = $0.setPenLocation(row: row, column: column) }
            if !inside, let id = currentWindow, let window = windows[id] {
                log.report(.info, .cea708PenOutside,
                           "service \(number) at \(time.secondsText) s: SPL row \(row), column \(column) is outside window \(id) (\(window.rowCount)×\(window.columnCount)); the pen is put at its edge",
                           at: nil)
            }
        case .setWindowAttributes(let attributes): withCurrent(time, "SWA", log: &log) { $0.attributes = attributes }
        case .defineWindow(let definition):
            if windows[definition.id] == nil {
                windows[definition.id] = CEA708Window(definition)
            } else {
                windows[definition.id]!.redefine(definition)
            }
            currentWindow = definition.id
        case .unassigned(let set, let bytes):
            if bytes == [0] { break }  // NUL
            let hex = bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            log.report(.info, .cea708UnassignedCode,
                       "service \(number) at \(time.secondsText) s: \(set) code \(hex) has no meaning in CEA-708-E; skipped\(set == "G2" || set == "G3" ? " (shown as _)" : "")",
                       at: nil)
            if set == "G2" || set == "G3" { write(CEA708Characters.substitute, at: time, log: &log) }
        }
    }

    private mutating func write(_ character: Character?, at time: MediaTime, log: inout DiagnosticLog) {
        guard let id = currentWindow, windows[id] != nil else {
            log.report(.warning, .cea708NoWindow,
                       "service \(number) at \(time.secondsText) s: text with no current window (none defined, or it was deleted); not shown",
                       at: nil)
            return
        }
        if !windows[id]!.write(character), !overflowReported.contains(id) {
            overflowReported.insert(id)
            log.report(.warning, .cea708WindowOverflow,
                       "service \(number) at \(time.secondsText) s: text runs past the edge of window \(id) (\(windows[id]!.rowCount)×\(windows[id]!.columnCount), columns locked or at the screen's most); the characters past it are not shown",
                       at: nil)
        }
    }

    private mutating func withCurrent(_ time: MediaTime, _ name: String, log: inout DiagnosticLog,
                                      _ body: (inout CEA708Window) -> Void) {
        guard let id = currentWindow, windows[id] != nil else {
            log.report(.warning, .cea708NoWindow,
                       "service \(number) at \(time.secondsText) s: \(name) with no current window; ignored", at: nil)
            return
        }
        body(&windows[id]!)
    }

    private mutating func forEach(in map: UInt8, _ body: (inout CEA708Window) -> Void) {
        for id in 0..<8 where map & (1 << id) != 0 && windows[id] != nil { body(&windows[id]!) }
    }

    /// RST: every window deleted, held input and delay dropped.
    private mutating func reset(at time: MediaTime) {
        windows = Array(repeating: nil, count: 8)
        currentWindow = nil
        held = []
        heldBytes = 0
        delayedUntil = nil
        encoded = []
        overflowReported = []
    }

    /// Decodes the run of G1 bytes held for the service's encoding, and writes its characters.
    private mutating func flushEncoded(log: inout DiagnosticLog, at time: MediaTime) {
        guard !encoded.isEmpty else { return }
        let bytes = encoded
        encoded = []
        let decoded = SourceDecoder.decode(bytes, options: .init(encoding: encoding))
        for diagnostic in decoded.diagnostics where diagnostic.severity != .info {
            log.report(.warning, .cea708EncodingError,
                       "service \(number) at \(time.secondsText) s: \(diagnostic.message)", at: nil)
        }
        for character in String(decoding: decoded.value.bytes, as: UTF8.self) { write(character, at: time, log: &log) }
    }

    /// Ends the captions whose window changed, was hidden or went, and starts those now shown.
    private mutating func settle(at time: MediaTime) {
        for id in 0..<8 {
            let shown = windows[id].flatMap { $0.isVisible && $0.hasText ? $0 : nil }
            let wasShown = open[id] != nil
            if let caption = open[id] {
                if let shown, shown.showsSame(as: caption.window) { continue }
                var ended = caption
                ended.end = time
                ended.disappeared = shown == nil
                if ended.start < time { captions.append(ended) }
                open[id] = nil
            }
            if let shown { open[id] = CEA708Caption(start: time, end: nil, service: number, window: shown, appeared: !wasShown) }
        }
    }
}
