internal import CPNG

/// PNG files through libpng's simplified API: the only place in Legible that calls `png_*`.
public enum PNGFile {
    public enum Failure: Error, CustomStringConvertible {
        case write(String, String)
        case read(String, String)
        /// libpng16.so.16 could not be loaded (dlerror's text).
        case missingLibrary(String)
        public var description: String {
            switch self {
            case .missingLibrary(let why): "libpng is not installed (\(why)); install the Debian package libpng16-16"
            case .write(let path, let message): "cannot write PNG \(path): \(message)"
            case .read(let path, let message): "cannot read PNG \(path): \(message)"
            }
        }
    }

    /// libpng's functions, loaded on first use (see CPNG/shim.h), or why they could not be.
    private static let loaded: (functions: LegiblePNG?, error: String?) = {
        var table = LegiblePNG()
        if let error = legible_png_load(&table) { return (nil, String(cString: error)) }
        return (table, nil)
    }()

    private static func library() throws(Failure) -> LegiblePNG {
        guard let functions = loaded.functions else { throw .missingLibrary(loaded.error ?? "unknown error") }
        return functions
    }

    public static func write(_ bitmap: Bitmap, to path: String) throws(Failure) {
        let png = try library()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(bitmap.width)
        image.height = png_uint_32(bitmap.height)
        image.format = LEGIBLE_PNG_FORMAT_RGBA
        let ok = bitmap.pixels.withUnsafeBytes { pixels in
            png.image_write_to_file!(&image, path, 0, pixels.baseAddress, png_int_32(bitmap.width * 4), nil)
        }
        if ok == 0 { throw .write(path, message(of: image)) }
    }

    public static func read(_ path: String) throws(Failure) -> Bitmap {
        let png = try library()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png.image_begin_read_from_file!(&image, path) != 0 else { throw .read(path, message(of: image)) }
        image.format = LEGIBLE_PNG_FORMAT_RGBA
        let width = Int(image.width)
        let height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png.image_finish_read!(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
        }
        guard ok != 0 else { throw .read(path, message(of: image)) }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: png_image) -> String {
        var copy = image
        return withUnsafeBytes(of: &copy.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
