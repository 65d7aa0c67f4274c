import Foundation
import Legible
import SubStationAlpha
import TextScanning
import TimedText
import TestSupport

/// Reads a fixture of Fixtures/ass (or any path under Fixtures) through the decoder and the reader.
func readFixture(_ relative: String) -> ParseResult<SubStationAlphaFile> {
    let decoded = SourceDecoder.decode(Fixtures.bytes(relative))
    var result = SubStationAlphaReader().readFile(decoded.value)
    result.diagnostics.insert(contentsOf: decoded.diagnostics, at: 0)
    return result
}

/// Reads a script given as text.
func readScript(_ text: String) -> ParseResult<SubStationAlphaFile> {
    SubStationAlphaReader().readFile(SourceText(text))
}

/// A script of one `Default` style on a 1280 × 720 canvas, with these event lines.
func script(events: [String], info: String = "PlayResX: 1280\nPlayResY: 720\n") -> String {
    """
    [Script Info]
    ScriptType: v4.00+
    \(info)
    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,40,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,20,20,20,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

    """ + events.map { $0 + "\n" }.joined()
}

/// The content of the only cue of a one-event script.
func content(ofText text: String) -> [InlineNode] {
    readScript(script(events: ["Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,\(text)"])).value.document.tracks[0].cues[0].content
}

/// Text as the writer gives it back: braces, which ASS reads as override blocks, are written full-width.
func unbraced(_ text: String) -> String {
    text.replacingOccurrences(of: "｛", with: "{").replacingOccurrences(of: "｝", with: "}")
}

func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code.rawValue) }

func centiseconds(_ cs: Int64) -> MediaTime { MediaTime(value: cs, timescale: 100) }

extension CaptionFile {
    /// The file's native script as libass takes it, with the fonts of `fontDirectories` after its
    /// own; with the machine's fonts (fontconfig) only when `systemFonts`, so that a test's picture
    /// does not depend on what else the machine has installed.
    func assScript(fontDirectories: [String] = [], systemFonts: Bool = false) throws -> NativeASSScript? {
        guard let own = nativeScript else { return nil }
        var script = NativeASSScript(own)
        script.systemFonts = systemFonts
        for directory in fontDirectories { try script.addFonts(contentsOfDirectory: directory) }
        return script
    }
}

/// Writes `text` to `path` as UTF-8.
func writeText(_ text: String, to path: String) {
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}
