// What a conversion must keep, checked on any input: shared by the conversion fuzzer
// (Fuzz/Conversion) and the test that replays what it found (Fixtures/conversion-findings).
import CaptionFormats
import TimedText

/// One input through every writer and back.
///
/// What must hold, besides not crashing or hanging:
/// - what a writer writes, its own reader reads without an error (when there was a cue to write;
///   written in its own format, without an error the input did not have);
/// - a writer that changes what a player shows says so: the cues read back differ from those
///   written — in number, in text (whitespace aside), or in time by more than the format's time
///   step — only when the writer reported something (or the TTML reader said it cut paragraphs
///   where what they show changes: karaoke's timed spans).
public enum ConversionCheck {
    /// The input's format for a fuzz input's first byte: one of the readable formats in registry
    /// order, or nil (one value in n + 1) for the format the registry detects, as `legible` does.
    public static func format(forByte byte: UInt8) -> CaptionFormat? {
        let readable = CaptionFormat.readable
        let k = Int(byte) % (readable.count + 1)
        return k < readable.count ? readable[k] : nil
    }

    /// The first broken promise for `bytes` read as `format` (nil: detected), written as every
    /// writable format and read back; nil when every one holds (or no format reads the bytes).
    public static func problem(_ bytes: [UInt8], as format: CaptionFormat?) -> String? {
        guard let file = try? CaptionFile(bytes: bytes, fileName: nil, options: .init(format: format, maximumCores: 1)) else { return nil }
        let source = file.format
        let cues = file.document.tracks.first?.cues ?? []
        for target in CaptionFormat.writable {
            guard let written = file.written(as: target) else { continue }
            let back = try? CaptionFile(bytes: written.value, fileName: nil, options: .init(format: target, maximumCores: 1))
            guard !cues.isEmpty else { continue }
            guard let back else { return "\(source.id) → \(target.id): the written file cannot be read" }
            // A file written in its own format may keep what it could not read (an ASS script's
            // unchanged lines are copied as written): only errors it did not have count.
            let had = target == source ? Set(file.diagnostics.filter { $0.severity == .error }.map(\.code)) : []
            // A TTML document whose every cue lasts no time shows nothing, which its reader says as
            // an error: right, when the writer said of those cues that they show nothing.
            let saidShowsNothing = written.diagnostics.contains { $0.code == "ttml.empty-cue" || $0.code == "ttml.clamped-time" }
            let errors = back.diagnostics.filter {
                $0.severity == .error && !had.contains($0.code) && !($0.code == "ttml.nothing-shown" && saidShowsNothing)
            }
            if !errors.isEmpty { return "\(source.id) → \(target.id): the written file reads with errors: \(errors)" }
            let recut = back.diagnostics.contains { $0.code == "ttml.paragraphs-recut" }
            if written.diagnostics.isEmpty, !recut, let change = difference(cues, back.document.tracks.first?.cues ?? [], step: target.timeStep) {
                return "\(source.id) → \(target.id): \(change), and the writer said nothing"
            }
        }
        return nil
    }

    /// What differs between the cues written and those read back, or nil.
    public static func difference(_ before: [Cue], _ after: [Cue], step: MediaTime?) -> String? {
        func text(_ cue: Cue) -> String { String(cue.plainText.unicodeScalars.filter { !$0.properties.isWhitespace }) }
        guard before.count == after.count else { return "\(before.count) cues came back as \(after.count)" }
        // The writer may order cues of one start differently; compare in the order of times and text.
        func key(_ cue: Cue) -> (MediaTime, String) { (cue.start, text(cue)) }
        let a = before.sorted { key($0) < key($1) }, b = after.sorted { key($0) < key($1) }
        let tolerance = step ?? MediaTime(milliseconds: 1)
        func distance(_ x: MediaTime, _ y: MediaTime) -> MediaTime { x < y ? y - x : x - y }
        for (x, y) in zip(a, b) {
            if text(x) != text(y) { return "cue text '\(x.plainText)' came back as '\(y.plainText)'" }
            if distance(x.start, y.start) > tolerance { return "cue start \(x.start) came back as \(y.start)" }
            if let e = x.end, let f = y.end, distance(e, f) > tolerance { return "cue end \(e) came back as \(f)" }
        }
        return nil
    }
}
