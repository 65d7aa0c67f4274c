package import TimedText
package import TextScanning
internal import CLibass
#if canImport(Glibc)
import Glibc
#endif

/// One coverage mask libass produced, copied out of its `ASS_Image` (which the next render
/// frees). `x`, `y` are the mask's top-left corner on the frame.
public struct RasterImage: Sendable, Hashable {
    /// `ASS_Image.type`: what part of the text the mask is.
    public enum Kind: Sendable, Hashable { case fill, outline, shadow }

    /// Fill (the glyphs), outline (the edge around them) or shadow (a drop shadow, or the engine's
    /// raised and depressed edges); scenes draw fills last.
    public var kind: Kind
    /// Left edge of the mask on the frame (or the line, once `LineRasterizer` has moved it), in pixels.
    public var x: Int
    /// Top edge of the mask, in pixels.
    public var y: Int
    /// Width of the mask in pixels.
    public var width: Int
    /// Height of the mask in pixels.
    public var height: Int
    /// `width × height` coverage values, rows without padding.
    public var coverage: [UInt8]
    /// Straight-alpha colour; alpha is opacity (255 opaque).
    public var color: Color4

    /// The same mask moved by (dx, dy).
    public func offset(dx: Int, dy: Int) -> RasterImage {
        var copy = self
        copy.x += dx
        copy.y += dy
        return copy
    }
}

/// An RGBA colour with straight alpha, as the renderer draws it (TimedText's `Color` stays the
/// model's; this one is what pixels are made of).
public struct Color4: Sendable, Hashable {
    /// Red, green and blue (sRGB, not multiplied by alpha) and alpha, 0…255.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// A colour from its channels; opaque unless `a` is given.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// A font libass chose for a family a script names: what its font selection reported, so that a
/// caller can say which face drew an ASS script's `Arial` (a metric-compatible face found through
/// fontconfig, a font of the script's `[Fonts]`, or the default family when nothing matched).
public struct FontChoice: Sendable, Hashable {
    /// The family asked for (a style's `Fontname`, a `\fn`).
    public var family: String
    /// The weight asked for (400 regular, 700 bold).
    public var weight: Int
    /// The slant asked for (0 upright, 100 italic).
    public var slant: Int
    /// The font file, or the name a font given in memory was added under.
    public var file: String
    /// The chosen face's PostScript name (`LiberationSans-Bold`), or nil when it has none.
    public var postScriptName: String?
    /// True when nothing matched the family and libass used the default family instead.
    public var isFallback: Bool

    /// A choice from its parts.
    public init(family: String, weight: Int, slant: Int, file: String, postScriptName: String?, isFallback: Bool) {
        self.family = family
        self.weight = weight
        self.slant = slant
        self.file = file
        self.postScriptName = postScriptName
        self.isFallback = isFallback
    }

    /// True when the face is not the family asked for (another family stood in for it): its
    /// PostScript name does not start with the family's name without spaces.
    public var isSubstitute: Bool {
        if isFallback { return true }
        guard let name = postScriptName?.lowercased() else { return false }
        return !name.hasPrefix(family.lowercased().filter { $0 != " " && $0 != "-" })
    }

    /// The choice in one of libass's font selection messages, or nil for another message.
    package static func parse(_ message: String) -> FontChoice? {
        guard message.hasPrefix("fontselect: "), let open = message.firstIndex(of: "("),
              let arrow = message.range(of: ") -> ", options: .backwards) else { return nil }
        let asked = message[message.index(after: open)..<arrow.lowerBound].split(separator: ",", omittingEmptySubsequences: false)
        let found = message[arrow.upperBound...].split(separator: ",", omittingEmptySubsequences: false)
        func trimmed(_ text: Substring) -> String { String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        guard asked.count >= 3, found.count >= 3, let weight = Int(trimmed(asked[asked.count - 2])),
              let slant = Int(trimmed(asked[asked.count - 1])) else { return nil }
        let family = asked.dropLast(2).joined(separator: ",")
        let postScript = trimmed(found[found.count - 1])
        return FontChoice(family: family, weight: weight, slant: slant, file: found.dropLast(2).joined(separator: ","),
                          postScriptName: postScript == "(none)" || postScript.isEmpty ? nil : postScript,
                          isFallback: message.hasPrefix("fontselect: Using default font"))
    }
}

/// What libass's messages told a renderer: its font choices, in order, each once.
final class LibassMessageLog: @unchecked Sendable {
    // Touched only from the renderer's own thread (libass calls back during a render).
    private(set) var fontChoices: [FontChoice] = []

    func record(_ text: String) {
        guard let choice = FontChoice.parse(text), !fontChoices.contains(choice) else { return }
        fontChoices.append(choice)
    }
}

/// libass's functions, loaded on first use (see CLibass/shim.h), or why they could not be.
/// A global `let` is initialised once, thread-safely.
private let loadedLibass: (functions: LegibleLibass?, error: String?) = {
    var table = LegibleLibass()
    if let error = legible_libass_load(&table) { return (nil, String(cString: error)) }
    return (table, nil)
}()

/// The only place in Legible that calls libass (`ass_*`). It owns one library, one renderer and
/// one track; each rendered `ASS_Image` list is copied out before the next render frees it.
/// Not thread-safe: make one per thread (libass renders identically that way).
package final class LibassRenderer {
    private let libass: LegibleLibass
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private var track: UnsafeMutablePointer<ASS_Track>?
    /// The frame (and storage) width libass renders for, in pixels.
    package let width: Int
    /// The frame (and storage) height libass renders for, in pixels.
    package let height: Int


    /// libass's version as `0.17.1`.
    package static var libraryVersion: String {
        guard let libass = loadedLibass.functions else { return "not installed" }
        let v = libass.library_version!()
        return "\(v >> 28 & 0xF).\(v >> 20 & 0xFF).\(v >> 12 & 0xFF)"
    }

    /// What libass reported while rendering (font choices).
    private let log: LibassMessageLog
    private let messages: UnsafeMutablePointer<LegibleLibassMessages>

    /// The fonts libass chose for the families the script named, in the order first used.
    package var fontChoices: [FontChoice] { log.fontChoices }

    /// - Parameters:
    ///   - fonts: loaded into libass memory, found first.
    ///   - defaultFamily: the family used when a style names one that no font has.
    ///   - systemFonts: also look families up in the machine's fonts through fontconfig, as mpv
    ///     and ffmpeg's `subtitles=` filter do (a script's `Arial` drawn with a metric-compatible
    ///     face); false draws with `fonts` alone, the same on every machine.
    package init(width: Int, height: Int, fonts: [FontFile], defaultFamily: String, systemFonts: Bool = false) throws(LegibleError) {
        guard let libass = loadedLibass.functions else { throw LegibleError(.missingComponent, "libass is not installed (\(loadedLibass.error ?? "unknown error")); install the Debian package libass9") }
        self.libass = libass
        guard let library = libass.library_init!() else { throw LegibleError(.missingComponent, "libass could not be initialised (ass_library_init); install the Debian package libass9") }
        // libass's own logging is not printed (set before the renderer, which logs its shaper);
        // its font choices are kept instead (level 4, MSGL_INFO), for callers to report.
        let log = LibassMessageLog()
        let messages = UnsafeMutablePointer<LegibleLibassMessages>.allocate(capacity: 1)
        messages.initialize(to: LegibleLibassMessages(sink: { _, text, context in
            guard let text, let context else { return }
            Unmanaged<LibassMessageLog>.fromOpaque(context).takeUnretainedValue().record(String(cString: text))
        }, context: Unmanaged.passUnretained(log).toOpaque(), maximumLevel: 4))
        withUnsafePointer(to: libass) { legible_libass_set_messages($0, library, messages) }
        self.log = log
        self.messages = messages
        guard let renderer = libass.renderer_init!(library) else {
            libass.library_done!(library)
            messages.deinitialize(count: 1)
            messages.deallocate()
            throw LegibleError(.missingComponent, "libass could not be initialised (ass_renderer_init); install the Debian package libass9")
        }
        self.library = library
        self.renderer = renderer
        self.width = width
        self.height = height
        for font in fonts {
            // libass copies the bytes; its parameter is a non-const char*, hence the cast.
            font.data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }  // no font in an empty file
                let pointer = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
                libass.add_font!(library, font.path, pointer, Int32(bytes.count))
            }
        }
        libass.set_frame_size!(renderer, Int32(width), Int32(height))
        libass.set_storage_size!(renderer, Int32(width), Int32(height))
        // Complex shaping (HarfBuzz) for Arabic joining and mark placement.
        libass.set_shaper!(renderer, ASS_SHAPING_COMPLEX)
        let provider = systemFonts ? ASS_FONTPROVIDER_AUTODETECT : ASS_FONTPROVIDER_NONE
        libass.set_fonts!(renderer, nil, defaultFamily, Int32(provider.rawValue), nil, 0)
    }

    deinit {
        if let track { libass.free_track!(track) }
        libass.renderer_done!(renderer)
        libass.library_done!(library)
        messages.deinitialize(count: 1)
        messages.deallocate()
    }

    /// Imposes `override` on the script's dialogue events (libass's selective style override, as
    /// a player's "override ASS style"); an empty one turns overriding off.
    package func apply(_ override: NativeStyleOverride) {
        // ASS colours are 0xRRGGBBAA with AA as transparency.
        func ass(_ c: Color4) -> UInt32 { UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(255 - c.a) }
        override.fontName.withCString { name in
            var style = ASS_Style()
            style.FontName = UnsafeMutablePointer(mutating: name)  // copied by libass
            style.FontSize = 18
            style.PrimaryColour = ass(override.primary)
            style.SecondaryColour = ass(override.secondary)
            style.OutlineColour = ass(override.outline)
            style.BackColour = ass(override.back)
            style.ScaleX = 1
            style.ScaleY = 1
            style.BorderStyle = override.borderStyle
            style.Outline = override.outlineSize
            style.Shadow = override.shadowSize
            style.Alignment = 2
            libass.set_selective_style_override!(renderer, &style)
        }
        libass.set_selective_style_override_enabled!(renderer, override.parts.rawValue)
        libass.set_font_scale!(renderer, override.fontScale)
    }

    /// Replaces the current script with a complete ASS script.
    package func load(script: String) throws(LegibleError) {
        if let track { libass.free_track!(track) }
        var bytes = Array(script.utf8CString)
        let count = bytes.count - 1
        track = bytes.withUnsafeMutableBufferPointer { libass.read_memory!(library, $0.baseAddress, count, nil) }
        if track == nil { throw LegibleError(.invalidArgument, "libass could not read the script") }
    }

    /// Replaces the current script with a script's own bytes (UTF-8), as a player hands libass a
    /// `.ass` file: nothing is re-laid out.
    package func load(scriptBytes: [UInt8]) throws(LegibleError) {
        if let track { libass.free_track!(track) }
        var bytes = scriptBytes.map { CChar(bitPattern: $0) }
        bytes.append(0)
        let count = bytes.count - 1
        track = bytes.withUnsafeMutableBufferPointer { libass.read_memory!(library, $0.baseAddress, count, nil) }
        if track == nil { throw LegibleError(.invalidArgument, "libass could not read the script") }
    }

    /// Replaces the events of the loaded script with `dialogue` (complete `Dialogue:` lines in the
    /// script's event format), keeping its header and styles: how one script serves many lines.
    package func replaceEvents(with dialogue: String) {
        guard let track else { return }
        libass.flush_events!(track)
        var bytes = Array(dialogue.utf8).map { CChar(bitPattern: $0) }
        let count = Int32(bytes.count)
        bytes.withUnsafeMutableBufferPointer { libass.process_data!(track, $0.baseAddress, count) }
    }

    /// Renders the script at `milliseconds` and returns every image, copied, in libass's order
    /// (for each event: shadows, then outlines, then fills).
    package func images(at milliseconds: Int64) -> [RasterImage] {
        imagesIfChanged(at: milliseconds).images
    }

    /// Renders the script at `milliseconds`: the images, and whether they differ from the last
    /// render's (libass's change detection; an unchanged frame's images need not be drawn again).
    package func imagesIfChanged(at milliseconds: Int64) -> (images: [RasterImage], changed: Bool) {
        guard let track else { return ([], false) }
        var changed: Int32 = 0
        var image = libass.render_frame!(renderer, track, milliseconds, &changed)
        var result: [RasterImage] = []
        while let current = image {
            let i = current.pointee
            image = i.next
            guard let mask = i.bitmap, i.w > 0, i.h > 0 else { continue }
            let w = Int(i.w), h = Int(i.h), stride = Int(i.stride)
            // Rows copied straight into the new array (no zero-fill first: every byte is written).
            let coverage = [UInt8](unsafeUninitializedCapacity: w * h) { out, initialized in
                for row in 0..<h { (out.baseAddress! + row * w).initialize(from: mask + row * stride, count: w) }
                initialized = w * h
            }
            let kind: RasterImage.Kind = i.type == IMAGE_TYPE_OUTLINE ? .outline : i.type == IMAGE_TYPE_SHADOW ? .shadow : .fill
            // ASS colours are 0xRRGGBBAA with AA as transparency.
            let color = Color4(r: UInt8(i.color >> 24 & 0xFF), g: UInt8(i.color >> 16 & 0xFF), b: UInt8(i.color >> 8 & 0xFF),
                               a: UInt8(255 - (i.color & 0xFF)))
            result.append(RasterImage(kind: kind, x: Int(i.dst_x), y: Int(i.dst_y), width: w, height: h, coverage: coverage, color: color))
        }
        return (result, changed != 0)
    }

    /// Renders the script at `milliseconds` and draws the result over `bitmap`.
    /// Returns the number of libass images drawn (0 when nothing is on screen).
    @discardableResult
    package func render(at milliseconds: Int64, onto bitmap: inout Bitmap) -> Int {
        let found = images(at: milliseconds)
        for image in found { bitmap.draw(image) }
        return found.count
    }
}
