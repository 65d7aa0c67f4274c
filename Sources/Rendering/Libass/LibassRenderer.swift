internal import CLibass
#if canImport(Glibc)
import Glibc
#endif

/// The only place in Legible that calls libass (`ass_*`). It owns one library, one renderer and
/// one track; each rendered `ASS_Image` list is copied out before the next render frees it.
/// Not thread-safe: make one per thread (libass renders identically that way).
public final class LibassRenderer {
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private var track: UnsafeMutablePointer<ASS_Track>?
    public let width: Int
    public let height: Int

    public enum Failure: Error, CustomStringConvertible {
        case initialisation(String)
        case badScript
        public var description: String {
            switch self {
            case .initialisation(let what): "libass could not be initialised (\(what)); install the Debian package libass9"
            case .badScript: "libass could not read the generated script"
            }
        }
    }

    /// libass's version as `0.17.1`.
    public static var libraryVersion: String {
        let v = ass_library_version()
        return "\(v >> 28 & 0xF).\(v >> 20 & 0xFF).\(v >> 12 & 0xFF)"
    }

    /// - Parameters:
    ///   - fonts: loaded into libass memory; no system font lookup happens (deterministic output).
    ///   - defaultFamily: the family used when a style names one that is not loaded.
    public init(width: Int, height: Int, fonts: [FontFile], defaultFamily: String) throws(Failure) {
        guard let library = ass_library_init() else { throw .initialisation("ass_library_init") }
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            throw .initialisation("ass_renderer_init")
        }
        self.library = library
        self.renderer = renderer
        self.width = width
        self.height = height
        // Silence libass's own logging; callers get structured results instead.
        ass_set_message_cb(library, { _, _, _, _ in }, nil)
        for font in fonts {
            var data = font.data.map { CChar(bitPattern: $0) }
            let name = font.path
            data.withUnsafeMutableBufferPointer { buffer in
                ass_add_font(library, name, buffer.baseAddress, Int32(buffer.count))
            }
        }
        ass_set_frame_size(renderer, Int32(width), Int32(height))
        ass_set_storage_size(renderer, Int32(width), Int32(height))
        ass_set_fonts(renderer, nil, defaultFamily, Int32(ASS_FONTPROVIDER_NONE.rawValue), nil, 0)
    }

    deinit {
        if let track { ass_free_track(track) }
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// Replaces the current script with a complete ASS script.
    public func load(script: String) throws(Failure) {
        if let track { ass_free_track(track) }
        var bytes = Array(script.utf8CString)
        let count = bytes.count - 1
        track = bytes.withUnsafeMutableBufferPointer { ass_read_memory(library, $0.baseAddress, count, nil) }
        if track == nil { throw .badScript }
    }

    /// Renders the script at `milliseconds` and draws the result over `bitmap`.
    /// Returns the number of libass images drawn (0 when nothing is on screen).
    @discardableResult
    public func render(at milliseconds: Int64, onto bitmap: inout Bitmap) -> Int {
        guard let track else { return 0 }
        var changed: Int32 = 0
        var image = ass_render_frame(renderer, track, milliseconds, &changed)
        var count = 0
        while let current = image {
            let i = current.pointee
            // ASS colours are 0xRRGGBBAA with AA as transparency.
            let color = (r: UInt8(i.color >> 24 & 0xFF), g: UInt8(i.color >> 16 & 0xFF), b: UInt8(i.color >> 8 & 0xFF),
                         a: UInt8(255 - (i.color & 0xFF)))
            if let mask = i.bitmap, i.w > 0, i.h > 0 {
                bitmap.blend(mask: mask, stride: Int(i.stride), width: Int(i.w), height: Int(i.h),
                             atX: Int(i.dst_x), y: Int(i.dst_y), color: color)
                count += 1
            }
            image = i.next
        }
        return count
    }
}
