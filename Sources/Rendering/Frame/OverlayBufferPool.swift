import Synchronization

/// Byte buffers for drawing `YUVOverlay`s, handed back once an overlay has been shown, so that a
/// run of captions that change every frame reuses a few overlays' memory. Fresh buffers of this
/// size (hundreds of kilobytes at 2160p) are not cheap: the allocator returns freed ones to the
/// kernel, and every new page then faults and is cleared, which cost more than drawing the
/// captions. Thread-safe: overlays are drawn on one thread and shown on another.
public final class OverlayBufferPool: Sendable {
    private let spare = Mutex<[[UInt8]]>([])
    /// More than the overlays in flight between the drawing threads and the compositor.
    private let capacity: Int

    /// A pool keeping up to `capacity` spare buffers (each overlay hands back two); buffers given
    /// back beyond that are freed.
    public init(capacity: Int = 16) {
        self.capacity = capacity
    }

    /// Hands an overlay's buffers back (the overlay must not be used again).
    public func recycle(_ overlay: consuming YUVOverlay) {
        let (luma, chroma) = overlay.takeBuffers()
        put(consume luma)
        put(consume chroma)
    }

    /// Adds a buffer, moved in: a reference left with the caller would make the next user copy it.
    func put(_ buffer: consuming [UInt8]) {
        var moved: [UInt8]? = consume buffer
        spare.withLock { list in
            if list.count < capacity { list.append(moved.take()!) }
        }
    }

    /// A buffer of `count` bytes, whatever they hold (the caller clears what it reads).
    func take(count: Int) -> [UInt8] {
        let reused: [UInt8]? = spare.withLock { list in
            // The smallest that is large enough, keeping larger ones for larger requests.
            let fitting = list.indices.filter { list[$0].capacity >= count }
            if let index = fitting.min(by: { list[$0].capacity < list[$1].capacity }) { return list.remove(at: index) }
            // None is: the largest gives way to a new one (captions differ in size a little).
            if let largest = list.indices.max(by: { list[$0].capacity < list[$1].capacity }) { list.remove(at: largest) }
            return nil
        }
        guard var buffer = reused else {
            // A quarter more than asked for, so that the next, slightly larger caption fits too;
            // not filled: the caller clears what it reads, and pages never written are never
            // faulted in.
            var fresh = [UInt8](unsafeUninitializedCapacity: count + count / 4) { _, initialized in initialized = count + count / 4 }
            fresh.removeLast(count / 4)
            return fresh
        }
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
        }
        return buffer
    }
}
