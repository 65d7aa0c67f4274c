import Testing
import TestSupport
import Legible
@testable import LegibleCLI

@Suite struct TimelineCommandTests {
    @Test func ttmlTimelineAsJSONAndText() {
        let path = Fixtures.root + "/ttml/seq_and_whitespace.ttml"
        let json = Run(["timeline", path, "--json"])
        #expect(json.status == 0)
        let compact = json.stdout.filter { !$0.isWhitespace }
        #expect(compact == ##"{"times":[{"time":0.0,"cues":["#0"]},{"time":2.0,"cues":[]},{"time":3.0,"cues":["#1"]},{"time":5.0,"cues":["#2"]},{"time":6.0,"cues":["#3"]},{"time":7.0,"cues":[]}]}"##)
        let text = Run(["timeline", path])
        #expect(text.stdout.hasPrefix("0.0\t#0\n2.0\t(nothing)\n"))
        #expect(Run(["timeline"]).status == 2)
        #expect(Run(["timeline", "--help"]).stdout.contains("USAGE: legible timeline FILE"))
    }

    @Test func overlappingCuesWithAndWithoutIDs() {
        let cues = [
            Cue(id: "a", start: MediaTime(seconds: 1), end: MediaTime(seconds: 3), content: [.text("A")]),
            Cue(start: MediaTime(seconds: 2), end: MediaTime(seconds: 3), content: [.text("B")]),
            Cue(start: MediaTime(seconds: 3), end: nil, content: [.text("C")]),
        ]
        let timeline = Timeline(cues: cues)
        #expect(timeline.times == [MediaTime.zero, MediaTime(seconds: 1), MediaTime(seconds: 2), MediaTime(seconds: 3)])
        #expect(timeline.times.indices.map { Array(timeline.activeCues(inInterval: $0)) } == [[], [0], [0, 1], [2]])
    }
}
