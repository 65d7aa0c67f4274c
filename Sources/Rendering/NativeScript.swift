public import TimedText
public import TextScanning
import CaptionStyling

/// A caption script that libass draws as itself — an ASS/SSA file's own bytes with the fonts it
/// embeds — rather than cues laid out by the engine: what libass, mpv and ffmpeg's `subtitles=`
/// filter draw, animation and all.
public struct NativeASSScript: Sendable {
    /// The script (UTF-8, as the reader decoded it).
    public var text: [UInt8]
    /// The fonts of its `[Fonts]` section, loaded beside the renderer's own.
    public var fonts: [FontFile]

    /// Font files found in the directories added (`addFonts(contentsOfDirectory:)`) that could
    /// not be read as fonts, for a caller to report.
    public private(set) var unreadableFontFiles: [String] = []
    /// Whether libass also finds the families the script names among the machine's fonts
    /// (fontconfig), after `fonts` and the renderer's own: what players (mpv, ffmpeg's
    /// `subtitles=`, VLC) do, so a script's `Arial` is drawn with the machine's metric-compatible
    /// face. True by default; false draws with the given fonts alone, the same on every machine.
    /// The renderer's `fontChoices` say which face drew each family.
    public var systemFonts = true

    /// A script and the fonts it carries.
    public init(text: [UInt8], fonts: [FontFile] = []) {
        self.text = text
        self.fonts = fonts
    }

    /// Adds every font file in `directory` (`.ttf`, `.otf`, `.ttc`, `.otc`, not its
    /// subdirectories) after the script's own `[Fonts]`, as a player's font directory: libass
    /// finds a style's `Fontname` or a `\fn` among them by family name. Returns how many were
    /// loaded; throws `unreadableInput` when the directory cannot be read.
    @discardableResult
    public mutating func addFonts(contentsOfDirectory directory: String) throws(LegibleError) -> Int {
        let found = try FontFile.files(inDirectory: directory)
        fonts += found.fonts
        unreadableFontFiles += found.unreadable
        return found.fonts.count
    }

    /// The family names the script's fonts state (its `[Fonts]` and the directories added), as
    /// libass matches a style's `Fontname` against them.
    public var fontFamilies: [String] {
        fonts.compactMap(\.familyName)
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

    private let fonts: FontSet

    /// The fonts libass chose for the script's families so far.
    var fontChoices: [FontChoice] { libass.fontChoices }

    /// `appearance`'s `viewer-always` attributes are imposed on the script's dialogue.
    init(_ script: NativeASSScript, width: Int, height: Int, fonts: FontSet, appearance: CaptionAppearance) throws(LegibleError) {
        libass = try LibassRenderer(width: width, height: height, fonts: fonts.files + script.fonts,
                                    defaultFamily: fonts.families[.proportionalSansSerif] ?? FontSet.defaultFamily,
                                    systemFonts: script.systemFonts)
        try libass.load(scriptBytes: script.text)
        self.width = width
        self.height = height
        self.fonts = fonts
        apply(appearance)
    }

    /// Imposes the `viewer-always` attributes of `appearance` from the next frame on.
    func apply(_ appearance: CaptionAppearance) {
        libass.apply(NativeStyleOverride(appearance, fonts: fonts))
        // The next overlay is drawn afresh, whatever libass's change detection says.
        drewOnce = false
        lastMilliseconds = nil
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

    /// The picture at `time` drawn straight in the Y′CbCr of frames like `frame` (burn-in: an
    /// animated script changes every frame, and an RGBA picture of the masks' bounding box —
    /// a sign at the top and a line at the bottom span most of the frame — cost more than libass).
    func yuvOverlay(at time: MediaTime, for frame: VideoFrame, pool: OverlayBufferPool?) -> YUVOverlay? {
        let milliseconds = time.rounded(toTimescale: 1000)
        let (images, _) = libass.imagesIfChanged(at: milliseconds)
        // libass compares each render with the one before: the RGBA picture kept is stale now.
        lastMilliseconds = milliseconds
        drewOnce = false
        return YUVOverlay(images: images, for: frame, pool: pool)
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

extension NativeASSScript {
    /// The script a format gave (`CaptionFile.nativeScript`), with the fonts that came with it
    /// and `attachedFonts` (a media file's attachments) after them.
    public init(_ script: NativeScript, attachedFonts: [NativeScript.Font] = []) {
        self.init(text: script.text, fonts: (script.fonts + attachedFonts).map { FontFile(data: $0.data, name: $0.name) })
    }
}
