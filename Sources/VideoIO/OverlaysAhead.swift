import TimedText
import Rendering
import Timeline

/// Renders, on its own thread, the overlay of each interval between significant times that the
/// video's frames fall in, converted to the frames' colour space, ahead of the compositor: when
/// captions change every frame, libass works on one core while the frames are read, composited and
/// written on the other.
///
/// Each rendering thread visits only the frames where the interval changes (it jumps to the first
/// frame at or after the timeline's next change), so a long stretch without captions costs
/// nothing. With captions that change every frame one libass renderer cannot keep up with the
/// compositor, so there are two, each with its own renderer (libass is not thread-safe), taking
/// every other change; the compositor takes their overlays in turn, in frame order.
final class OverlaysAhead: @unchecked Sendable {
    private struct Item {
        var interval: Int
        var overlay: YUVOverlay?
    }

    private let renderers: [CaptionRenderer]
    private let timeline: Timeline
    private let drawsEveryFrame: Bool
    private let frameRate: (numerator: Int64, denominator: Int64)
    private let offset: MediaTime
    private let template: VideoFrame
    private let queues: [BoundedQueue<Item>]
    /// Buffers of overlays already shown, drawn into again.
    private let buffers = OverlayBufferPool()
    private var threads: [WorkerThread] = []
    private var current: Item?
    /// Changes taken so far: the next comes from queue `taken % queues.count`.
    private var taken = 0
    private var exhausted = false

    /// `template` gives the frames' size, pixel format, matrix and range (its planes are not used).
    /// Each renderer gets a thread of its own.
    init(renderers: [CaptionRenderer], frameRate: (Int, Int), offset: MediaTime, template: VideoFrame) {
        precondition(!renderers.isEmpty)
        self.renderers = renderers
        // A few overlays ahead each are enough to absorb one that is slow to draw; more would
        // only hold more memory (an overlay at 2160p is over a megabyte) and keep their buffers
        // from being reused.
        queues = renderers.map { _ in BoundedQueue<Item>(capacity: 4) }
        timeline = renderers[0].timeline
        drawsEveryFrame = renderers[0].drawsEveryFrame
        self.frameRate = (Int64(frameRate.0), Int64(frameRate.1))
        self.offset = offset
        self.template = template
    }

    /// The caption time of frame `k`: its video time less the offset.
    func time(ofFrame k: Int) -> MediaTime {
        MediaTime(value: Int64(k) * frameRate.denominator, timescale: frameRate.numerator) - offset
    }

    /// The first frame whose caption time is at or after `time`.
    private func firstFrame(atOrAfter time: MediaTime) -> Int {
        let video = time + offset  // k·den/num ≥ video  ⇔  k ≥ video·num/den
        let numerator = Int128(video.value) * Int128(frameRate.numerator)
        let denominator = Int128(video.timescale) * Int128(frameRate.denominator)
        guard numerator > 0 else { return 0 }
        let k = (numerator + denominator - 1) / denominator
        return k > Int128(Int.max / 2) ? Int.max / 2 : Int(k)
    }

    func start() {
        for worker in renderers.indices {
            let thread = WorkerThread { [self] in renderAhead(worker: worker) }
            threads.append(thread)
            thread.start()
        }
    }

    /// Walks the changes as every worker does, rendering those numbered `worker` modulo the count.
    private func renderAhead(worker: Int) {
        let renderer = renderers[worker], queue = queues[worker]
        var k = 0
        var last = Int.min
        var change = 0
        while true {
            let time = time(ofFrame: k)
            let interval = key(ofFrame: k, at: time)
            if interval != last {
                last = interval
                if change % renderers.count == worker {
                    let overlay = renderer.yuvOverlay(at: time, for: template, pool: buffers)
                    if !queue.put(Item(interval: interval, overlay: consume overlay)) { return }
                }
                change += 1
            }
            // A native script may change on any frame while a cue shows: each such frame is a change.
            if interval < -1 { k += 1; continue }
            guard let next = renderer.nextChange(after: time) else { break }
            k = max(k + 1, firstFrame(atOrAfter: next))
        }
        queue.finish()
    }

    /// The overlay for frame `k` (frames asked for in order), nil when nothing shows.
    func overlay(forFrame k: Int) -> YUVOverlay? {
        let interval = key(ofFrame: k, at: time(ofFrame: k))
        while !exhausted && current?.interval != interval {
            guard let next = queues[taken % queues.count].take() else {
                // No change is left: past the last one, its overlay holds.
                exhausted = true
                break
            }
            taken += 1
            // The overlay replaced has been composited for the last time.
            if let shown = current.take()?.overlay { buffers.recycle(consume shown) }
            current = next
        }
        return current?.overlay
    }

    /// What identifies the picture of frame `k`: its interval of the timeline (-1 for none), or,
    /// where a native script draws every frame and a cue shows, the frame itself (below -1).
    private func key(ofFrame k: Int, at time: MediaTime) -> Int {
        let interval = renderers[0].pictureKey(at: time)
        return drawsEveryFrame && (timeline.interval(at: time) ?? -1) >= 0 ? -2 - k : interval
    }

    func stop() {
        for queue in queues { queue.stop() }
        for thread in threads { thread.join() }
    }
}
