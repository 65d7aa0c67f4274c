import Foundation
import Testing
import TestSupport
import Legible

/// The one entry point: paths, URLs and bytes in; format, encoding, document and details out.
@Suite struct CaptionFileTests {
    @Test func opensAPathAndFindsFormatAndEncoding() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/encodings/Shift_JIS.srt")
        #expect(file.format == .subRip)
        #expect(file.text.encoding == "Shift_JIS")
        #expect(file.document.tracks[0].cues.count > 0)
        #expect(file.contents is Document, "SRT has nothing beyond the model")
        #expect(!file.isUnreadable)
    }

    @Test func opensAURLAndGivesTheFormatsDetails() throws {
        let url = URL(fileURLWithPath: Fixtures.root + "/webvtt/features.vtt")
        let file = try CaptionFile(contentsOf: url, options: .init(keepsCueViews: true))
        let vtt = try #require(file.contents as? WebVTTFile)
        #expect(vtt.cueValues.count == file.document.tracks[0].cues.count)
        #expect(file.document.layoutFamily == .cueBoxes)
        let scc = try CaptionFile(contentsOf: Fixtures.root + "/scc/modes.scc")
        #expect(scc.contents is SCCFile)
        let ttml = try CaptionFile(contentsOf: Fixtures.root + "/ttml/regions_spans_sets.ttml")
        #expect((ttml.contents as? TTMLFile)?.ttml != nil)
    }

    @Test func readsBytesWithANameHint() throws {
        let bytes = Array("00:00:01.000 --> 00:00:02.000\nno signature\n".utf8)
        let file = try CaptionFile(bytes: bytes, fileName: "clip.vtt")
        // Read by its content (SRT), but the name promised WebVTT, which every player rejects.
        #expect(file.format == .subRip)
        #expect(file.document.tracks[0].cues.count == 1)
        #expect(file.diagnostics.contains { $0.code == .webVTTBadSignature && $0.severity == .error })
        #expect(try !CaptionFile(bytes: bytes, fileName: "clip.srt").diagnostics.contains { $0.code == .webVTTBadSignature })
    }

    @Test func failuresAreLegibleErrorsWithStableCodes() {
        do {
            _ = try CaptionFile(contentsOf: "/nonexistent/x.srt")
            Issue.record("a missing file throws")
        } catch {
            #expect(error.code == .unreadableInput)
        }
        do {
            _ = try CaptionFile(bytes: Array("just prose".utf8))
            Issue.record("prose is no caption format")
        } catch {
            #expect(error.code == .unknownFormat)
        }
        // A script without events is read (ASS is a format Legible reads), and is unreadable.
        do {
            let script = try CaptionFile(bytes: Array("[Script Info]\nScriptType: v4.00+\n".utf8))
            #expect(script.format == .substationAlpha && script.isUnreadable)
        } catch {
            Issue.record("a script without events is read, not refused: \(error)")
        }
        do {
            _ = try CaptionFile(bytes: [], options: .init(encoding: "no-such-encoding"))
            Issue.record("an unknown encoding is a usage error")
        } catch {
            #expect(error.code == .unknownEncodingName)
        }
    }

    /// A large ASS script opened from its path (mapped, the reader copying the text it keeps) reads
    /// as the same bytes held in memory do.
    @Test func aLargeScriptFromItsPathReadsAsItsBytes() throws {
        var text = "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        for k in 0..<20_000 { text += "Dialogue: 0,0:\(k / 600 % 60 < 10 ? "0" : "")\(k / 600 % 60):\(k / 10 % 60 < 10 ? "0" : "")\(k / 10 % 60).00,9:00:00.00,Default,,0,0,0,,{\\i1}Line{\\i0} \(k), 行\n" }
        let bytes = Array(text.utf8)
        #expect(bytes.count > 1 << 20, "large enough to be mapped")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("legible-large-\(getpid()).ass").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromPath = try CaptionFile(contentsOf: path), fromBytes = try CaptionFile(bytes: bytes, fileName: path)
        #expect(fromPath.format == .substationAlpha && fromPath.document.tracks[0].cues.count == 20_000)
        #expect(fromPath.document == fromBytes.document && fromPath.diagnostics == fromBytes.diagnostics)
        guard case .mapped = fromPath.text.storage else {
            Issue.record("a large file is read from its mapping")
            return
        }
    }

    /// One core gives exactly what all cores give (the large-input readers split their work).
    @Test func oneCoreReadsTheSame() throws {
        var text = ""
        for k in 0..<30_000 { text += "\(k + 1)\n00:\(k / 60 % 60 < 10 ? "0" : "")\(k / 60 % 60):\(k % 60 < 10 ? "0" : "")\(k % 60),000 --> 01:00:00,000\nLine \(k)\n\n" }
        let bytes = Array(text.utf8)
        var options = CaptionFile.Options()
        options.formats[SubRipReader.Options.self].minimumParallelPieceSize = 1 << 16
        let all = try CaptionFile(bytes: bytes, options: options)
        options.maximumCores = 1
        let one = try CaptionFile(bytes: bytes, options: options)
        #expect(one.document == all.document)
        #expect(one.diagnostics == all.diagnostics)
    }

    @Test func loadsAsynchronouslyAndCanBeCancelled() async throws {
        let url = URL(fileURLWithPath: Fixtures.root + "/srt/typical.srt")
        let file = try await CaptionFile.load(contentsOf: url)
        #expect(file.document.tracks[0].cues.count > 0)
        let task = Task { try await CaptionFile.load(contentsOf: url) }
        task.cancel()
        do {
            _ = try await task.value
        } catch let error as LegibleError {
            #expect(error.code == .cancelled)
        }
    }

    @Test func writesAsAnotherFormat() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ttml/open_end.ttml")
        let written = try #require(file.written(as: .webVTT))
        #expect(String(decoding: written.value, as: UTF8.self).contains("00:00:02.000 --> 00:00:07.000"))
        // The default region (the whole root, text at its top) is written as cue settings, and
        // TTML's initial values that WebVTT draws anyway are left out: both said.
        #expect(written.diagnostics.map(\.code) == [.layoutApproximated, .openEnd, .styleDropped])
    }
}
