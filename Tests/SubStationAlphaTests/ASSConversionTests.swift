import Testing
import Foundation
import Legible
import LegibleCLI
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Converting out of ASS through the registry and the CLI: what the target loses is reported,
/// once per kind with a count and the first place; ASS to ASS is the script itself.
@Suite struct ASSConversionTests {
    @Test func registryReadsAndWritesASS() throws {
        let format = try #require(CaptionFormat.named("ass"))
        #expect(format.canRead && format.canWrite)
        #expect(CaptionFormat.forFileName("episode.ssa") == format)
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/v4plus_aegisub.ass")
        #expect(file.format == .substationAlpha)
        #expect(file.contents is SubStationAlphaFile)
        let same = try #require(file.written(as: .substationAlpha))
        #expect(same.value == Fixtures.bytes("ass/v4plus_aegisub.ass"))
        #expect(same.diagnostics.isEmpty)
    }

    @Test func convertingOutReportsEachLostKindOnce() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/move_and_drawing.ass")
        let vtt = try #require(file.written(as: .webVTT))
        let lost = vtt.diagnostics.filter { $0.code.rawValue.hasPrefix("ass.dropped-") }
        #expect(lost.map(\.code.rawValue) == ["ass.dropped-animation", "ass.dropped-drawing", "ass.dropped-clip",
                                             "ass.dropped-outline", "ass.dropped-layer", "ass.dropped-effect"])
        let animation = lost[0]
        #expect(animation.message.contains("(2 events, the first here)"))
        #expect(animation.location == SourceLocation(line: 12, column: 56))
        // The text and its place survive.
        let text = String(decoding: vtt.value, as: UTF8.self)
        #expect(text.contains("Sliding across"))
        #expect(text.contains("line:50%"))
    }

    /// Layers are stacking order: TTML says it as the region's tts:zIndex (an event on layer 2 gets
    /// a region of its own), so the TTML report has no ass.dropped-layer; WebVTT still reports it.
    @Test func layersBecomeTTMLZIndex() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/move_and_drawing.ass")
        let layered = try #require(file.document.tracks[0].cues.first { $0.layout.zIndex != nil })
        #expect(layered.layout.zIndex == 2)
        let ttml = try #require(file.written(as: .ttml))
        let text = String(decoding: ttml.value, as: UTF8.self)
        #expect(text.contains(#"tts:zIndex="2""#))
        #expect(!ttml.diagnostics.contains { $0.code.rawValue == "ass.dropped-layer" })
        #expect(try #require(file.written(as: .webVTT)).diagnostics.contains { $0.code.rawValue == "ass.dropped-layer" })
    }

    @Test func cliConvertsASSToSRTAndBack() {
        let srt = temporaryPath("karaoke.srt")
        let run = Run(["convert", Fixtures.root + "/ass/karaoke.ass", "-o", srt])
        #expect(run.status == 0)
        #expect(run.stderr.contains("karaoke.ass:13:51: warning: SubRip: karaoke sweeps"))
        #expect(run.stderr.contains("[ass.dropped-karaoke-effect]"))
        #expect(run.stderr.contains("[write.timestamps-dropped]"))
        #expect(readFile(srt)?.hasPrefix("1\n00:00:10,000 --> 00:00:13,000\n{\\an8}kaze no uta\n") == true)
        let ass = temporaryPath("karaoke.ass")
        let back = Run(["convert", srt, "-o", ass])
        #expect(back.status == 0)
        #expect(readFile(ass)?.contains("Dialogue: 0,0:00:10.00,0:00:13.00,Default,,0,0,0,,{\\an8}kaze no uta\n") == true)
        unlink(srt)
        unlink(ass)
    }

    @Test func cliWritesTheFidelityReport() {
        let out = temporaryPath("move.vtt")
        let report = temporaryPath("move.report.json")
        let run = Run(["convert", Fixtures.root + "/ass/move_and_drawing.ass", "-o", out, "--fidelity-report", report, "--quiet"])
        #expect(run.status == 0)
        let json = readFile(report) ?? ""
        #expect(json.contains("\"from\": \"ass\""))
        #expect(json.contains("\"to\": \"webvtt\""))
        #expect(json.contains("\"lossless\": false"))
        #expect(json.contains("\"code\": \"ass.dropped-drawing\""))
        #expect(json.contains("\"line\": 12"))
        // A lossless conversion says so.
        let same = Run(["convert", Fixtures.root + "/ass/karaoke.ass", "-o", temporaryPath("k.ass"), "--fidelity-report", report])
        #expect(same.status == 0)
        #expect(readFile(report)?.contains("\"lossless\": true") == true)
        #expect(Run(["convert", Fixtures.root + "/ass/karaoke.ass", "-o", out, "--fidelity-report", "-"]).status == 2)
        unlink(out)
        unlink(report)
        unlink(temporaryPath("k.ass"))
    }

    @Test func cliWritesTheFidelityReportAsSARIF() throws {
        let out = temporaryPath("move-sarif.vtt")
        let report = temporaryPath("move.report.sarif")
        defer { unlink(out); unlink(report) }
        let run = Run(["convert", Fixtures.root + "/ass/move_and_drawing.ass", "-o", out, "--fidelity-report", report, "--quiet"])
        #expect(run.status == 0)
        let data = try #require(FileManager.default.contents(atPath: report))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let sarifRun = try #require((root["runs"] as? [[String: Any]])?.first)
        let properties = try #require(sarifRun["properties"] as? [String: Any])
        #expect(properties["from"] as? String == "ass" && properties["to"] as? String == "webvtt")
        #expect(properties["lossless"] as? Bool == false)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        let drawing = try #require(results.first { $0["ruleId"] as? String == "ass.dropped-drawing" })
        #expect(drawing["level"] as? String == "warning")
        let region = ((drawing["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 15 && region?["startColumn"] as? Int == 76)
        // Every result's rule is described once in the driver's rules, at the index it gives.
        let rules = try #require(((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(Set(rules.compactMap { $0["id"] as? String }).count == rules.count)
        // Neither .json nor .sarif: the flag has no third meaning.
        #expect(Run(["convert", Fixtures.root + "/ass/karaoke.ass", "-o", out, "--fidelity-report", temporaryPath("r.txt")]).status == 2)
    }

    /// `--fonts-dir` means the same to `render` and `validate`: the family P052 the script names
    /// comes from the directory (drawn in it; no longer reported missing).
    @Test func cliFontsDirectoryForRenderAndValidate() throws {
        let p052 = "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf"
        guard access(p052, R_OK) == 0 else { return }
        let directory = temporaryPath("fonts")
        mkdir(directory, 0o755)
        symlink(p052, directory + "/P052-Roman.otf")
        let plain = temporaryPath("plain.png"), withFonts = temporaryPath("fonts.png")
        defer { unlink(directory + "/P052-Roman.otf"); rmdir(directory); unlink(plain); unlink(withFonts) }
        let script = Fixtures.root + "/ass/named_fonts.ass"
        // The machine's fonts left out: P052 is also a system font here (fonts-urw-base35).
        #expect(Run(["render", script, "--at", "2", "--size", "640x360", "-o", plain, "--no-system-fonts"]).status == 0)
        #expect(Run(["render", script, "--at", "2", "--size", "640x360", "-o", withFonts, "--fonts-dir", directory, "--no-system-fonts"]).status == 0)
        let a = try PNGFile.read(plain), b = try PNGFile.read(withFonts)
        var differing = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing > 200, "the serif face should draw the dialogue: \(differing) pixels differ")

        let before = Run(["validate", script, "--fail-on", "never"])
        #expect(before.stdout.contains("'P052'"))
        let after = Run(["validate", script, "--fail-on", "never", "--fonts-dir", directory])
        #expect(!after.stdout.contains("'P052'") && after.stdout.contains("'DejaVu Sans'"))
        #expect(Run(["validate", script, "--fonts-dir", "/nonexistent/fonts"]).status == 2)
        #expect(Run(["render", script, "--at", "2", "-o", plain, "--fonts-dir", "/nonexistent/fonts"]).status != 0)
    }

    @Test func cliConvertASSToASSIsTheSameFile() {
        let out = temporaryPath("same.ass")
        let run = Run(["convert", Fixtures.root + "/ass/japanese_vertical.ass", "-o", out])
        #expect(run.status == 0)
        #expect(readFile(out) == String(decoding: Fixtures.bytes("ass/japanese_vertical.ass"), as: UTF8.self))
        unlink(out)
    }

    @Test func validateFixKeepsTheScript() {
        let input = temporaryPath("short.ass")
        let output = temporaryPath("short.fixed.ass")
        let script = String(decoding: Fixtures.bytes("ass/v4plus_aegisub.ass"), as: UTF8.self)
            .replacingOccurrences(of: "0:00:16.00,0:00:18.00", with: "0:00:16.00,0:00:16.20")
        let f = fopen(input, "wb")!
        _ = script.withCString { fputs($0, f) }
        fclose(f)
        let run = Run(["validate", input, "--fix", "-o", output])
        #expect(run.stderr.contains("fixed cue"))
        let fixed = readFile(output) ?? ""
        // Only the events whose times the fixer changed are rewritten, their text, tags and fields
        // kept; styles, the comment and the Aegisub section are as written.
        let before = script.split(separator: "\n", omittingEmptySubsequences: false)
        let after = fixed.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0.0 != $0.1 }
        #expect(changed.count == 4)
        for (old, new) in changed {
            #expect(old.hasPrefix("Dialogue: ") && new.hasPrefix("Dialogue: "))
            #expect(old.split(separator: ",", maxSplits: 3).last == new.split(separator: ",", maxSplits: 3).last)
        }
        #expect(after.contains("Dialogue: 0,0:00:16.00,0:00:17.00,Default,,0,0,0,,{TL note: a pun}Sunrise."))
        unlink(input)
        unlink(output)
    }

    @Test func cliDumpAndInfoReadASS() {
        let info = Run(["info", Fixtures.root + "/ass/v4plus_aegisub.ass"])
        #expect(info.status == 0)
        #expect(info.stdout.contains("ass, UTF-8"))
        #expect(info.stdout.contains("8 cues, 00:00:01.000 to 00:00:18.000"))
    }
}

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    init(_ arguments: [String]) {
        var out: [UInt8] = []
        var err = ""
        let io = CommandIO(readStandardInput: { [] }, writeStandardOutput: { out += $0 }, writeStandardError: { err += $0 })
        status = LegibleCommandLine.run(arguments, io: io)
        stdout = String(decoding: out, as: UTF8.self)
        stderr = err
    }
}

func temporaryPath(_ name: String) -> String { "/tmp/legible-ass-\(getpid())-\(name)" }

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let n = fread(&chunk, 1, chunk.count, f), n > 0 { data += chunk[0..<n] }
    return String(decoding: data, as: UTF8.self)
}
