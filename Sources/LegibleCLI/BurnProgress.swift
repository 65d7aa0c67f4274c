#if canImport(Glibc)
import Glibc
#endif

/// Progress of `legible burn` on standard error: a bar with frames, speed and time left when
/// standard error is a terminal, one JSON object a second with `--progress json`, nothing otherwise.
struct BurnProgress {
    enum Mode: String { case auto, json, none }

    let mode: Mode
    let total: Int?
    let io: CommandIO
    private let started = BurnProgress.now()
    private var lastShown = 0.0
    private let terminal: Bool

    init(mode: Mode, total: Int?, io: CommandIO) {
        self.mode = mode
        self.total = total
        self.io = io
        terminal = io.standardErrorIsTerminal
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    mutating func update(frames: Int, force: Bool = false) {
        let now = Self.now()
        let interval = mode == .json ? 1.0 : 0.2
        guard force || now - lastShown >= interval else { return }
        lastShown = now
        let elapsed = max(now - started, 1e-6)
        let fps = Double(frames) / elapsed
        let remaining = total.map { max(0, $0 - frames) }
        let eta = remaining.map { fps > 0 ? Double($0) / fps : 0 }
        switch mode {
        case .none:
            return
        case .json:
            var line = "{\"frame\": \(frames), \"total\": \(total.map(String.init) ?? "null"), \"fps\": \(Int(fps * 10) / 10)"
            line += ", \"elapsed\": \(Int(elapsed * 10) / 10), \"eta\": \(eta.map { String(Int($0 * 10) / 10) } ?? "null")}\n"
            io.writeStandardError(line)
        case .auto:
            guard terminal else { return }
            var text = "\r"
            if let total, total > 0 {
                let width = 30
                let filled = min(width, frames * width / total)
                text += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                text += "\(frames)/\(total) frames"
            } else {
                text += "\(frames) frames"
            }
            text += String(format1(fps)) + " fps"
            if let eta { text += "  ETA " + clock(eta) }
            text += "   "
            io.writeStandardError(text)
        }
    }

    /// Ends the bar's line.
    func finish() {
        if mode == .auto && terminal { io.error("") }
    }

    private func format1(_ value: Double) -> String { "  " + String(Int(value * 10) / 10) + "." + String(Int(value * 10) % 10) }

    private func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }
}
