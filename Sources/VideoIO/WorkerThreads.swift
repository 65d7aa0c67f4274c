internal import TimedText
#if canImport(Glibc)
import Glibc
#endif

// What the burner's threads share: a bounded queue between two threads, the frame buffers they
// pass, and a joinable thread.

/// The Y4M reader moved onto the reading thread, with the error that stopped it.
final class ReaderBox: @unchecked Sendable {
    var reader: Y4MReader?
    var error: String?

    init(reader: Y4MReader) { self.reader = reader }

    func readAll(into queue: FrameQueue) {
        guard var reader else { return }
        self.reader = nil
        while true {
            var planes = queue.spare()
            do {
                guard try reader.read(planes: &planes) else { break }
            } catch {
                self.error = "\(error)"
                break
            }
            // Moved, not copied: a reference left here would make the compositor copy the frame.
            if !queue.put(consume planes) { break }
        }
        queue.finish()
    }
}

/// A bounded queue between two threads (frames read ahead, overlays rendered ahead). `put` waits
/// while it is full, `take` while it is empty; `finish` ends it after what is queued, `stop`
/// ends it at once (the consumer gave up).
final class BoundedQueue<Element>: @unchecked Sendable {
    private var items: [Element] = []
    private var finished = false
    private var stopped = false
    private let capacity: Int
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
        pthread_cond_destroy(&changed)
    }

    /// Adds an item, waiting while the queue is full; false when the consumer stopped. The item
    /// is moved in (callers pass `consume x`): frame buffers must reach the other thread uniquely
    /// referenced, or writing into them there copies them first.
    func put(_ item: consuming Element) -> Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while items.count >= capacity && !stopped { pthread_cond_wait(&changed, &mutex) }
        if stopped { return false }
        items.append(consume item)
        pthread_cond_broadcast(&changed)
        return true
    }

    /// The next item, waiting for it; nil at the end.
    func take() -> Element? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while items.isEmpty && !finished && !stopped { pthread_cond_wait(&changed, &mutex) }
        if items.isEmpty { return nil }
        let item = items.removeFirst()
        pthread_cond_broadcast(&changed)
        return item
    }

    func finish() {
        pthread_mutex_lock(&mutex)
        finished = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }

    func stop() {
        pthread_mutex_lock(&mutex)
        stopped = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&mutex)
    }
}

/// Frames between the reading thread and the compositor, with a pool of plane buffers handed
/// back so that a long video reuses a few frames' memory.
final class FrameQueue: @unchecked Sendable {
    let queue: BoundedQueue<[[UInt8]]>
    private let pool: BoundedQueue<[[UInt8]]>

    init(capacity: Int) {
        queue = BoundedQueue(capacity: capacity)
        pool = BoundedQueue(capacity: capacity + 2)
    }

    func put(_ planes: consuming [[UInt8]]) -> Bool { queue.put(consume planes) }
    func take() -> [[UInt8]]? { queue.take() }
    func finish() { queue.finish() }
    func stop() { queue.stop(); pool.stop() }
    func recycle(_ planes: consuming [[UInt8]]) { pool.putIfRoom(consume planes) }
    /// A used buffer when one is back, else an empty one (never waits).
    func spare() -> [[UInt8]] { pool.takeIfAny() ?? [] }
}

extension BoundedQueue {
    /// Adds an item unless the queue is full (then it is dropped), without waiting.
    func putIfRoom(_ item: consuming Element) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if items.count < capacity && !stopped {
            items.append(consume item)
            pthread_cond_broadcast(&changed)
        }
    }

    /// The next item if one is queued, without waiting.
    func takeIfAny() -> Element? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if items.isEmpty { return nil }
        let item = items.removeFirst()
        pthread_cond_broadcast(&changed)
        return item
    }
}

/// A thread running a closure, joined when the work is done.
final class WorkerThread: @unchecked Sendable {
    private let body: () -> Void
    private var handle = pthread_t()

    init(_ body: @escaping () -> Void) { self.body = body }

    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&handle, nil, { raw in
            let thread = Unmanaged<WorkerThread>.fromOpaque(raw!).takeRetainedValue()
            thread.body()
            return nil
        }, context)
    }

    func join() { pthread_join(handle, nil) }
}
