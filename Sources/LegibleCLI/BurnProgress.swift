import Legible

/// Progress of `legible burn` on standard error: a bar with frames, speed and time left when
/// standard error is a terminal, JSON Lines with `--progress json` (a record a second and a
/// final one; the fields are documented in the README's burn section, a contract), nothing otherwise.
final class BurnProgress {
    enum Mode: String { case auto, json, none }

    /// How a burn ended, as the final JSON record's `status` says it.
    enum Outcome: String { case ok, failed, interrupted }

    let mode: Mode
    let io: CommandIO
    /// When the command started: `elapsed` counts from here, start-up included.
    private let started = CaptionBurner.now()
    private var lastShown: Double?
    private var latest: CaptionBurner.Progress?
    private let terminal: Bool
    private var finished = false

    init(mode: Mode, io: CommandIO) {
        self.mode = mode
        self.io = io
        terminal = io.standardErrorIsTerminal
    }

    /// Shows `progress` when the last showing is old enough (JSON: a second; the bar: a fifth).
    func update(_ progress: CaptionBurner.Progress) {
        latest = progress
        let now = CaptionBurner.now()
        let interval = mode == .json ? 1.0 : 0.2
        if let lastShown, now - lastShown < interval { return }
        lastShown = now
        switch mode {
        case .none:
            return
        case .json:
            io.writeStandardError(record(progress, elapsed: now - started, outcome: nil, error: nil))
        case .auto:
            guard terminal else { return }
            io.writeStandardError(bar(progress))
        }
    }

    /// Ends the output: the bar's line, or the final JSON record saying how the burn ended
    /// (with `error`'s message when it failed). Once only.
    func finish(_ outcome: Outcome, error: String? = nil) {
        guard !finished else { return }
        finished = true
        switch mode {
        case .none:
            return
        case .json:
            let last = latest ?? CaptionBurner.Progress(frames: 0, totalFrames: nil, elapsed: 0, framesPerSecond: nil, secondsLeft: nil)
            io.writeStandardError(record(last, elapsed: CaptionBurner.now() - started, outcome: outcome, error: error))
        case .auto:
            if terminal && lastShown != nil { io.error("") }
        }
    }

    /// One JSON Lines record: `frame`, `total`, `fps`, `elapsed`, `eta`, `done`, and in the final
    /// one `status` (and `error`). Unknown values are null, never a made-up number.
    private func record(_ progress: CaptionBurner.Progress, elapsed: Double, outcome: Outcome?, error: String?) -> String {
        var left: JSON = .null
        if let seconds = progress.secondsLeft {
            // Rounded up to a millisecond while frames remain: 0 means done.
            left = .number(Self.fixed(seconds, digits: 3, atLeastOneUnit: seconds > 0))
        }
        if outcome != nil && outcome != .ok { left = .null }
        if outcome == .ok { left = .number("0") }
        var members: [(String, JSON)] = [
            ("frame", .int(progress.frames)),
            ("total", progress.totalFrames.map(JSON.int) ?? .null),
            ("fps", progress.framesPerSecond.map { .number(Self.fixed($0, digits: 2)) } ?? .null),
            ("elapsed", .number(Self.fixed(elapsed, digits: 3))),
            ("eta", left),
            ("done", .bool(outcome != nil)),
        ]
        if let outcome { members.append(("status", .string(outcome.rawValue))) }
        if let error { members.append(("error", .string(error))) }
        return String(decoding: JSON.object(members).serialized(pretty: false), as: UTF8.self)
    }

    private func bar(_ progress: CaptionBurner.Progress) -> String {
        var text = "\r"
        if let total = progress.totalFrames, total > 0 {
            let width = 30
            let filled = min(width, progress.frames * width / total)
            text += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            text += "\(progress.frames)/\(total) frames"
        } else {
            text += "\(progress.frames) frames"
        }
        if let fps = progress.framesPerSecond { text += "  " + Self.fixed(fps, digits: 1) + " fps" }
        if let left = progress.secondsLeft { text += "  ETA " + Self.clock(left) }
        text += "\u{1B}[K"
        return text
    }

    /// `value` with `digits` decimals (`12.345`); `atLeastOneUnit` keeps a positive value from
    /// rounding to 0 (`0.001`).
    static func fixed(_ value: Double, digits: Int, atLeastOneUnit: Bool = false) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        var units = Int((max(0, value) * Double(scale)).rounded())
        if atLeastOneUnit && units == 0 { units = 1 }
        let fraction = String(units % scale)
        return "\(units / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// `M:SS`, rounded up: a time left is never shown as 0:00 while frames remain.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }
}
