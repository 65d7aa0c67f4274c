import Testing
@testable import TimedText

@Suite struct ModelTests {
    @Test func plainTextDropsMarkupAndRubyAnnotations() {
        let content: [InlineNode] = [
            .span(InlineSpan(.italic, children: [.text("Hello")])),
            .text(" "),
            .span(InlineSpan(.voice("Mary"), classes: ["loud"], children: [.span(InlineSpan(.bold, children: [.text("world")]))])),
            .lineBreak,
            .timestamp(MediaTime(seconds: 2)),
            .ruby(Ruby(segments: [RubySegment(base: [.text("漢")], annotation: [.text("かん")]),
                                  RubySegment(base: [.text("字")], annotation: [.text("じ")])])),
        ]
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: content)
        #expect(cue.plainText == "Hello world\n漢字")
    }

    @Test func cueKeepsLayoutAndStyleOutOfLineButByValue() {
        var cue = Cue(start: .zero, end: nil, content: [.text("x")])
        #expect(cue.hasDefaultLayout && cue.layout == .default && cue.style == .none)
        cue.layout.line = .number(-2)
        #expect(!cue.hasDefaultLayout && cue.layout.line == .number(-2))
        var copy = cue
        copy.layout.line = .auto
        #expect(cue.layout.line == .number(-2), "a copy must not share layout changes")
        #expect(copy.hasDefaultLayout)
        cue.style.color = Color(css: "red")
        #expect(cue.style.color == Color(red: 255, green: 0, blue: 0))
        #expect(cue != copy)
        let same = Cue(start: .zero, end: nil, content: [.text("x")], layout: cue.layout, style: cue.style)
        #expect(same == cue && same.hashValue == cue.hashValue)
    }

    @Test func sortingIsStableForEqualStarts() {
        var track = Track(cues: [
            Cue(id: "b", start: MediaTime(seconds: 2), end: nil, content: []),
            Cue(id: "a1", start: MediaTime(seconds: 1), end: nil, content: []),
            Cue(id: "a2", start: MediaTime(milliseconds: 1000), end: nil, content: []),
        ])
        track.sortCuesByStart()
        #expect(track.cues.map(\.id) == ["a1", "a2", "b"])
    }

    @Test func cssColours() {
        #expect(Color(css: "#FF0") == Color(red: 255, green: 255, blue: 0))
        #expect(Color(css: " #00ff0080 ") == Color(red: 0, green: 255, blue: 0, alpha: 128))
        #expect(Color(css: "rgba(10, 20, 30, 0.5)") == Color(red: 10, green: 20, blue: 30, alpha: 128))
        #expect(Color(css: "RebeccaPurple") == Color(red: 0x66, green: 0x33, blue: 0x99))
        #expect(Color(css: "lightgoldenrodyellow") == Color(red: 0xFA, green: 0xFA, blue: 0xD2))
        #expect(Color(css: "transparent")?.alpha == 0)
        #expect(Color(css: "notacolour") == nil)
        #expect(Color(css: "#12345") == nil)
        #expect(Color(red: 1, green: 2, blue: 255).hexText == "#0102ff")
    }

    @Test func diagnosticsPrintInCompilerForm() {
        let d = Diagnostic(.warning, "srt.test", "something odd", at: SourceLocation(line: 3, column: 14))
        #expect(d.description == "3:14: warning: something odd [srt.test]")
        #expect(Severity.error > Severity.warning && Severity.warning > Severity.info)
    }

    @Test func mergedLogsCountAsOne() {
        var first = DiagnosticLog(limitPerCode: 3)
        var second = DiagnosticLog(limitPerCode: 3)
        for i in 1...2 { first.report(.warning, "a", "first \(i)", at: nil) }
        for i in 1...5 { second.report(.warning, "a", "second \(i)", at: nil) }
        first.merge(second)
        let all = first.finished()
        #expect(all.map(\.message).prefix(3) == ["first 1", "first 2", "second 1 (7 diagnostics of this kind in all; only the first 3 are listed)"])
        #expect(all.count == 3)
    }

    @Test func diagnosticLogCapsEachCode() {
        var log = DiagnosticLog(limitPerCode: 3)
        for i in 1...10 { log.report(.warning, "a", "a\(i)", at: SourceLocation(line: i, column: 1)) }
        log.report(.info, "b", "b", at: nil)
        let all = log.finished()
        #expect(all.filter { $0.code == "a" }.count == 3)
        #expect(all.last(where: { $0.code == "a" })!.message.contains("10 diagnostics of this kind"))
        #expect(all.contains { $0.code == "b" })
    }
}
