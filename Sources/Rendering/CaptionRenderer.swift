public import TimedText
public import Timeline
public import CaptionStyling
internal import TextScanning

/// Renders a track's captions over video frames: what is on screen at a time (`Timeline`), laid
/// out by its format's rules (`CaptionLayoutEngine`, by `LayoutFamily`), combined with the viewer's appearance
/// (`CaptionStyleResolver`), drawn by libass into an `Overlay`.
///
/// The overlay of an interval between two significant times is made once and reused for every
/// frame in it; frames where nothing changes cost only the compositing. Not thread-safe (it owns
/// libass handles): one per thread.
public final class CaptionRenderer {
    /// The cues and times drawn: the player's own timeline when it gave one.
    public let timeline: Timeline
    /// The regions cues name (`Track.regions`).
    public let regions: [Region]
    /// The text's language (`Track.language`), for line breaking and the choice of fonts; nil
    /// when unknown.
    public let language: LanguageTag?
    /// The layout rules (`Document.layoutFamily` of the file the track is from).
    public let family: LayoutFamily
    /// The layout engine, for the root container's size (the frame's, unless a TTML document
    /// fixes an aspect ratio); `scene(at:)` calls it.
    public let engine: CaptionLayoutEngine
    /// Where the layout's area sits in the frame: the whole frame, or a TTML root container
    /// letterboxed or pillarboxed to the document's display aspect ratio (`RootContainer`).
    public let rootContainer: PixelRect
    /// The viewer's caption settings (the FCC 79.103(c) attributes: font, size, colours and
    /// opacities, edges); setting it drops the cached overlays, so the next frame shows the change.
    public var appearance: CaptionAppearance {
        didSet {
            cachedInterval = nil; cachedOverlay = nil; cachedYUVInterval = nil; cachedYUV = nil
            nativeDrawer?.apply(appearance)
        }
    }

    /// The script libass draws as itself (an ASS source), when one was given.
    private let nativeDrawer: NativeScriptDrawer?

    private var cachedInterval: Int?
    private var cachedOverlay: Overlay?
    private var cachedYUV: YUVOverlay?
    private var cachedYUVInterval: Int?
    /// The times at which a region's style changes (`Region.styleChanges`), in order: the picture
    /// changes then too, with or without a cue beginning or ending.
    public let regionChangeTimes: [MediaTime]
    /// The region changes and the inline timestamps of cues with karaoke colours (each changes
    /// the colours drawn: `KaraokeColoring`), in order: the times the picture changes besides
    /// the timeline's.
    private let changeTimes: [MediaTime]
    /// Font files in the font directories given that could not be read as fonts and were skipped,
    /// for a caller to report.
    public var unreadableFontFiles: [String] = []
    /// Overlays made (cache misses), for tests and the benchmark.
    package private(set) var overlaysMade = 0

    /// Draws over the player's own `timeline` (the one its playback cursor follows: it is not
    /// built again), with the track's `regions`, `language` and `displayAspectRatio`. `fonts` nil
    /// loads Debian's set, with the CJK faces only when the text needs them. With a `nativeScript` (an ASS file's own
    /// script, `CaptionFile.nativeScript`), libass draws that script itself, frame by frame, and the
    /// cues only decide nothing: the picture is what libass draws, with the `viewer-always`
    /// attributes of `appearance` imposed on its dialogue (libass's selective style override;
    /// docs/ass.md) and the `content-first` ones leaving the script alone.
    public init(timeline: Timeline, regions: [Region] = [], language: LanguageTag? = nil, displayAspectRatio: Fraction? = nil,
                family: LayoutFamily, width: Int, height: Int, appearance: CaptionAppearance = .default,
                fonts: FontSet? = nil, options: LayoutOptions = .default, nativeScript: NativeASSScript? = nil) throws(LegibleError) {
        self.timeline = timeline
        self.regions = regions
        self.language = language
        self.family = family
        self.appearance = appearance
        var changes: [MediaTime] = []
        for region in regions {
            for change in region.styleChanges {
                changes.append(change.begin)
                if let end = change.end { changes.append(end) }
            }
        }
        changes.sort()
        var distinct: [MediaTime] = []
        for t in changes where distinct.last != t { distinct.append(t) }
        regionChangeTimes = distinct
        let karaoke = KaraokeColoring.changeTimes(timeline.cues)
        if karaoke.isEmpty {
            changeTimes = distinct
        } else {
            var all: [MediaTime] = []
            for t in (distinct + karaoke).sorted() where all.last != t { all.append(t) }
            changeTimes = all
        }
        let needsCJK = fonts == nil && timeline.cues.contains { ScalarFacts.containsCJK($0.plainText[...]) || InlineNode.containsRuby($0.content) }
        let fontSet = fonts ?? FontSet(cjk: needsCJK)
        frameWidth = width
        frameHeight = height
        // Only TTML's regions are proportions of a root container of their own.
        rootContainer = RootContainer.box(aspectRatio: family == .ttmlRegions ? displayAspectRatio : nil, frameWidth: width, frameHeight: height)
        engine = try CaptionLayoutEngine(width: rootContainer.width, height: rootContainer.height, fonts: fontSet, options: options)
        nativeDrawer = try nativeScript.map { script throws(LegibleError) in try NativeScriptDrawer(script, width: width, height: height, fonts: fontSet, appearance: appearance) }
    }

    /// Draws a track (its timeline is built here).
    public convenience init(track: Track, family: LayoutFamily, width: Int, height: Int, appearance: CaptionAppearance = .default,
                            fonts: FontSet? = nil, options: LayoutOptions = .default, nativeScript: NativeASSScript? = nil) throws(LegibleError) {
        try self.init(timeline: Timeline(track: track), regions: track.regions, language: track.language,
                      displayAspectRatio: track.displayAspectRatio, family: family,
                      width: width, height: height, appearance: appearance, fonts: fonts, options: options, nativeScript: nativeScript)
    }

    /// The faces libass chose for the families a native script names, in the order first drawn
    /// (an ASS script's `Arial` drawn with Liberation Sans found through fontconfig, say); empty
    /// when no script is drawn, or nothing has been drawn yet.
    public var fontChoices: [FontChoice] { nativeDrawer?.fontChoices ?? [] }

    /// True when libass draws a native script: the picture may change on any frame while a cue
    /// shows (`\move`, `\fad`, `\t`, karaoke), not only at the timeline's changes.
    public var drawsEveryFrame: Bool { nativeDrawer != nil }

    /// True when some TTML region's background shows with no content (`tts:showBackground`
    /// `always`), so that a moment with no cue still draws something.
    private var hasAlwaysShownRegions: Bool {
        family == .ttmlRegions && regions.contains { region in
            region.showBackground == .always
                && ([region.style] + region.styleChanges.map(\.style)).contains { $0.backgroundColor.map { $0.alpha > 0 } == true }
        }
    }

    /// What identifies the picture at `time`: the timeline's interval then (−1 for none) when no
    /// region changes its style and no cue has karaoke colours; otherwise that and how many of
    /// those changes came by `time`, numbered from −1. Two times with the same key show the same
    /// picture.
    public func pictureKey(at time: MediaTime) -> Int {
        let interval = timeline.interval(at: time) ?? -1
        guard !changeTimes.isEmpty else { return interval }
        var lo = 0, hi = changeTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changeTimes[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return (interval + 1) * (changeTimes.count + 1) + lo - 1
    }

    /// The first time after `time` at which the picture may change: the timeline's next change,
    /// a region's or a karaoke syllable's, whichever comes first; nil when none comes.
    public func nextChange(after time: MediaTime) -> MediaTime? {
        let cue = timeline.nextChange(after: time)
        guard let region = changeTimes.first(where: { $0 > time }) else { return cue }
        return cue.map { min($0, region) } ?? region
    }

    private let frameWidth: Int, frameHeight: Int
    /// The frame width in pixels that captions are drawn for.
    public var width: Int { frameWidth }
    /// The frame height in pixels that captions are drawn for.
    public var height: Int { frameHeight }

    /// Why pictures of image cues drawn so far could not be (a missing or damaged PNG), for the
    /// caller to report; those pictures are not drawn.
    public var imageFailures: [String] { engine.images.failures }

    /// The cues on screen at `time`, in display order.
    public func cues(at time: MediaTime) -> [Cue] {
        timeline.snapshot(at: time).map { timeline.cues[Int($0)] }
    }

    /// The scene at `time`, laid out afresh (not cached).
    public func scene(at time: MediaTime) -> CaptionScene {
        engine.layout(cues(at: time).map { KaraokeColoring.colored($0, at: time) }, regions: regionChangeTimes.isEmpty ? regions : regions.map { $0.resolved(at: time) }, language: language?.rawValue, family: family,
                      resolver: CaptionStyleResolver(appearance: appearance))
            .offset(dx: rootContainer.x, dy: rootContainer.y)
    }

    /// The overlay at `time`, nil when nothing shows; cached per interval of the timeline.
    public func overlay(at time: MediaTime) -> Overlay? {
        if let nativeDrawer {
            overlaysMade += 1
            return nativeDrawer.overlay(at: time)
        }
        let key = pictureKey(at: time)
        if key == cachedInterval { return cachedOverlay }
        cachedInterval = key
        overlaysMade += 1
        let showsCue = timeline.interval(at: time) != nil
        cachedOverlay = !showsCue && !hasAlwaysShownRegions ? nil : scene(at: time).overlay(frameWidth: width, frameHeight: height)
        return cachedOverlay
    }

    /// Draws the captions at `time` onto a frame (only the overlay's rectangle is touched). For a
    /// YUV frame the overlay is drawn in its Y′CbCr at once and cached with its interval.
    public func render(at time: MediaTime, onto frame: inout VideoFrame) {
        if frame.pixelFormat.isYUV, nativeDrawer != nil {
            yuvOverlay(at: time, for: frame)?.composite(onto: &frame)
        } else if frame.pixelFormat.isYUV {
            let interval = pictureKey(at: time)
            if interval != cachedYUVInterval || !(cachedYUV?.matches(frame) ?? true) {
                cachedYUVInterval = interval
                cachedYUV = yuvOverlay(at: time, for: frame)
            }
            cachedYUV?.composite(onto: &frame)
        } else {
            guard let overlay = overlay(at: time) else { return }
            Compositor.composite(overlay, onto: &frame)
        }
    }

    /// Draws the captions at `time` into a player's buffer of 32-bit pixels (a texture, a layer, a
    /// video frame's bytes): the buffer is cleared to transparent and the captions drawn, in its
    /// channel order and alpha convention.
    public func render(at time: MediaTime, into buffer: inout PixelBuffer) {
        buffer.clear()
        if let overlay = overlay(at: time) { buffer.draw(overlay) }
    }

    /// The overlay at `time` for frames like `frame` (YUV): drawn in its Y′CbCr, not cached; in
    /// buffers from `pool` when one is given.
    public func yuvOverlay(at time: MediaTime, for frame: VideoFrame, pool: OverlayBufferPool? = nil) -> YUVOverlay? {
        if let nativeDrawer {
            overlaysMade += 1
            return nativeDrawer.yuvOverlay(at: time, for: frame, pool: pool)
        }
        overlaysMade += 1
        guard timeline.interval(at: time) != nil || hasAlwaysShownRegions else { return nil }
        return YUVOverlay(scene(at: time), for: frame, pool: pool)
    }
}

extension InlineNode {
    static func containsRuby(_ nodes: [InlineNode]) -> Bool {
        nodes.contains { node in
            switch node {
            case .ruby: true
            case .span(let s): containsRuby(s.children)
            default: false
            }
        }
    }
}
