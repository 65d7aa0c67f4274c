public import TimedText

extension Array {
    /// Appends `other`'s elements by moving them, leaving `other` empty: none is copied (which
    /// retains every String, array and object it holds; copying tens of thousands of cues or
    /// document nodes showed in profiles) and none destroyed. `placeholder`, a value that holds
    /// nothing to release, briefly fills the places moved from, so that `other` can be let go of
    /// as the array it still is.
    @inlinable
    package mutating func appendMoving(_ other: inout [Element], placeholder: Element) {
        let moved = other.count
        guard moved > 0 else { return }
        other.withUnsafeMutableBufferPointer { source in
            guard let base = source.baseAddress else { return }
            append(contentsOf: MovingElements(base: base, count: moved))
            base.initialize(repeating: placeholder, count: moved)
        }
        other = []
    }
}

extension Array where Element == Cue {
    /// Appends `other`'s cues by moving them, leaving `other` empty.
    @inlinable
    package mutating func appendMoving(_ other: inout [Cue]) {
        appendMoving(&other, placeholder: Cue(start: .zero, end: nil, content: []))
    }
}

/// The elements of a buffer moved out one by one, in order (each place left uninitialized).
@usableFromInline
struct MovingElements<Element>: Sequence, IteratorProtocol {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int
    @usableFromInline var position = 0

    @inlinable
    init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    @inlinable
    var underestimatedCount: Int { count - position }

    @inlinable
    mutating func next() -> Element? {
        guard position < count else { return nil }
        defer { position += 1 }
        return (base + position).move()
    }
}
