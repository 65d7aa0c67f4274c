import TimedText
// The repertoire is the decoder's own tables: what 608 can carry is the 608 module's to say.
import CEA608

extension ValidationRun {
    /// The columns of a CEA-608 caption row (CEA-608-E §B.4: 32 characters a row).
    static let cea608Columns = 32

    /// Whether the `cea608.*` rules run: on 608 input (SCC), and on any input under a profile for 608.
    var checksCEA608: Bool { layoutFamily == .cea608Grid || profile.checksCEA608 }

    /// `cea608.columns`, `cea608.charset`, `cea608.load-time`: what a line-21 caption can carry.
    mutating func checkCEA608(_ view: CueView, previous: CueView?) {
        let columns = Self.cea608Columns
        for (number, line) in view.lines.enumerated() where line.count > columns {
            report(.cea608Columns, "line \(number + 1) has \(line.count) characters; a CEA-608 row holds \(columns)", cue: view,
                   fix: "re-wrap the text at \(columns) characters per line")
            break
        }
        var missing: [Unicode.Scalar] = []
        for scalar in view.text.unicodeScalars where scalar != "\n" && CEA608Characters.repertoire(of: scalar) == nil {
            if !missing.contains(scalar) { missing.append(scalar) }
        }
        if !missing.isEmpty {
            let list = missing.prefix(5).map { "'\(Character($0))' (U+\(String($0.value, radix: 16, uppercase: true)))" }.joined(separator: ", ")
            report(.cea608Charset, "CEA-608 cannot carry \(list)\(missing.count > 5 ? " and \(missing.count - 5) more" : "")", cue: view)
        }
        // An SCC file is already a transmission: its captions appear when their bytes arrive.
        guard layoutFamily != .cea608Grid, isOn(.cea608LoadTime) else { return }
        let needed = popOnFrames(view.lines)
        let from = previous?.cue.start ?? .zero
        let available = frameRate.frames(in: view.cue.start - from)
        if Int64(needed) > available {
            report(.cea608LoadTime,
                   "a pop-on caption of this text needs about \(needed) frames to load (2 bytes per frame) but only \(available) are free since \(previous == nil ? "the start" : "the previous caption appeared")",
                   cue: view, fix: "start the cue later, shorten it, or send it paint-on or roll-up")
        }
    }

    /// Frames to send a pop-on caption (CEA-608-E §8, one byte pair per frame at 29.97 fps):
    /// each control code is sent twice (RCL, a PAC per row, EOC); standard characters go two to
    /// a pair; a special character is one doubled pair; an extended character a standard fallback
    /// character plus a doubled pair.
    func popOnFrames(_ lines: [Substring]) -> Int {
        var frames = 2 + 2  // RCL, EOC
        for line in lines where !line.isEmpty {
            frames += 2  // PAC
            var standard = 0
            for scalar in line.unicodeScalars {
                switch CEA608Characters.repertoire(of: scalar) {
                case .standard: standard += 1
                case .special: frames += 2
                case .extended, nil:
                    standard += 1
                    frames += 2
                }
            }
            frames += (standard + 1) / 2
        }
        return frames
    }
}
