public import TimedText

/// A caption script that libass draws as itself — an ASS/SSA file's own bytes with the fonts it
/// embeds — rather than cues laid out by the engine: what libass, mpv and ffmpeg's `subtitles=`
/// filter draw, animation and all.
public struct NativeASSScript: Sendable {
    /// The script (UTF-8, as the reader decoded it).
    public var text: [UInt8]
    /// The fonts of its `[Fonts]` section, loaded beside the renderer's own.
    public var fonts: [FontFile]

    /// A script and the fonts it carries.
    public init(text: [UInt8], fonts: [FontFile] = []) {
        self.text = text
        self.fonts = fonts
    }
}

/// Draws a native script at any time into overlays, drawing again only when libass says the
/// picture changed (an animated script changes every frame; a still one once per event).
final class NativeScriptDrawer {
    private let libass: LibassRenderer
    private let width: Int
    private let height: Int
    private var last: Overlay?
    private var drewOnce = false
    /// The time last drawn: libass's change detection compares with the previous render only.
    private var lastMilliseconds: Int64?

    init(_ script: NativeASSScript, width: Int, height: Int, fonts: FontSet) throws(LegibleError) {
        libass = try LibassRenderer(width: width, height: height, fonts: fonts.files + script.fonts,
                                    defaultFamily: fonts.families[.proportionalSansSerif] ?? FontSet.defaultFamily)
        try libass.load(scriptBytes: script.text)
        self.width = width
        self.height = height
    }

    /// The overlay at `time`, nil when nothing shows.
    func overlay(at time: MediaTime) -> Overlay? {
        let milliseconds = time.rounded(toTimescale: 1000)
        if milliseconds == lastMilliseconds && drewOnce { return last }
        let (images, changed) = libass.imagesIfChanged(at: milliseconds)
        lastMilliseconds = milliseconds
        if drewOnce && !changed { return last }
        drewOnce = true
        last = Self.overlay(of: images, frameWidth: width, frameHeight: height)
        return last
    }

    private static func overlay(of images: [RasterImage], frameWidth: Int, frameHeight: Int) -> Overlay? {
        var left = Int.max, top = Int.max, right = Int.min, bottom = Int.min
        for image in images {
            left = min(left, image.x)
            top = min(top, image.y)
            right = max(right, image.x + image.width)
            bottom = max(bottom, image.y + image.height)
        }
        left = max(0, left)
        top = max(0, top)
        right = min(frameWidth, right)
        bottom = min(frameHeight, bottom)
        guard right > left, bottom > top else { return nil }
        var bitmap = Bitmap(width: right - left, height: bottom - top)
        for image in images { bitmap.draw(image.offset(dx: -left, dy: -top)) }
        return Overlay(x: left, y: top, bitmap: bitmap)
    }
}
