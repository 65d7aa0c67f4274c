import Testing
import Synchronization
import TimedText
@testable import TextScanning

/// Counts the objects alive, to see that moving neither copies an element nor destroys one twice.
private final class Tracked: Sendable {
    static let alive = Atomic<Int>(0)
    let value: String
    init(_ value: String) {
        self.value = value
        Self.alive.wrappingAdd(1, ordering: .relaxed)
    }
    deinit { Self.alive.wrappingSubtract(1, ordering: .relaxed) }
}

@Suite(.serialized) struct ArrayMovingTests {
    @Test func elementsMoveInOrderAndTheSourceIsLeftEmpty() {
        let placeholder = Tracked("")
        let before = Tracked.alive.load(ordering: .relaxed)
        do {
            var first = (0..<1_000).map { Tracked("first \($0) with a String too long to be stored inline") }
            var second = (0..<3_000).map { Tracked("second \($0) with a String too long to be stored inline") }
            let expected = first.map(\.value) + second.map(\.value)
            first.appendMoving(&second, placeholder: placeholder)
            #expect(second.isEmpty)
            #expect(first.map(\.value) == expected)
            #expect(Tracked.alive.load(ordering: .relaxed) == before + 4_000)
        }
        // Each is destroyed once, with the array that holds it: a move that retained would leak
        // them, one that released would free them early (and crash reading them above).
        #expect(Tracked.alive.load(ordering: .relaxed) == before)
    }

    @Test func movingNothingOrIntoNothing() {
        var empty: [String] = []
        var some = ["a", "b"]
        empty.appendMoving(&some, placeholder: "")
        #expect(empty == ["a", "b"] && some.isEmpty)
        empty.appendMoving(&some, placeholder: "")
        #expect(empty == ["a", "b"])
    }

    @Test func cuesMove() {
        var cues = [Cue(start: .zero, end: MediaTime(seconds: 1), content: [.text("one")])]
        var more = [Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.text("two")])]
        cues.appendMoving(&more)
        #expect(cues.map(\.plainText) == ["one", "two"] && more.isEmpty)
    }
}

