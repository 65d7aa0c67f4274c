public import TimedText
internal import CPNG

/// PNG files through libpng's simplified API: the only place in Legible that calls `png_*`.
public enum PNGFile {

    /// libpng's functions, loaded on first use (see CPNG/shim.h), or why they could not be.
    private static let loaded: (functions: LegiblePNG?, error: String?) = {
        var table = LegiblePNG()
        if let error = legible_png_load(&table) { return (nil, String(cString: error)) }
        return (table, nil)
    }()

    private static func library() throws(LegibleError) -> LegiblePNG {
        guard let functions = loaded.functions else { throw LegibleError(.missingComponent, "libpng is not installed (\(loaded.error ?? "unknown error")); install the Debian package libpng16-16") }
        return functions
    }

    /// Writes `bitmap` as an 8-bit straight-alpha RGBA PNG at `path`, replacing any file there;
    /// throws `missingComponent` without libpng, `unwritableOutput` when the file cannot be written.
    public static func write(_ bitmap: Bitmap, to path: String) throws(LegibleError) {
        let png = try library()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(bitmap.width)
        image.height = png_uint_32(bitmap.height)
        image.format = LEGIBLE_PNG_FORMAT_RGBA
        let ok = bitmap.pixels.withUnsafeBytes { pixels in
            png.image_write_to_file!(&image, path, 0, pixels.baseAddress, png_int_32(bitmap.width * 4), nil)
        }
        if ok == 0 { throw LegibleError(.unwritableOutput, "cannot write PNG \(path): \(message(of: image))") }
    }

    /// Reads any PNG libpng can (grey, palette, 16-bit…) converted to 8-bit straight-alpha RGBA;
    /// throws `missingComponent` without libpng, `unreadableInput` for a missing or damaged file.
    public static func read(_ path: String) throws(LegibleError) -> Bitmap {
        let png = try library()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png.image_begin_read_from_file!(&image, path) != 0 else { throw LegibleError(.unreadableInput, "cannot read PNG \(path): \(message(of: image))") }
        return try finishRead(&image, png, name: path)
    }

    /// Decodes PNG bytes held in memory (an image embedded in a caption document) as `read` does
    /// a file; `name` says where they came from in messages.
    public static func decode(_ bytes: [UInt8], name: String = "image data") throws(LegibleError) -> Bitmap {
        let png = try library()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // libpng reads the pixels from the buffer in finish_read: both calls inside one access.
        let result: Result<Bitmap, LegibleError> = bytes.withUnsafeBytes { raw in
            guard png.image_begin_read_from_memory!(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(LegibleError(.unreadableInput, "cannot read PNG \(name): \(message(of: image))"))
            }
            do throws(LegibleError) { return .success(try finishRead(&image, png, name: name)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private static func finishRead(_ image: inout png_image, _ png: LegiblePNG, name path: String) throws(LegibleError) -> Bitmap {
        image.format = LEGIBLE_PNG_FORMAT_RGBA
        let width = Int(image.width)
        let height = Int(image.height)
        // A damaged or hostile header must not make us allocate gigabytes: 8192 × 8192 at most.
        guard width > 0, height > 0, width <= 8192, height <= 8192 else {
            png.image_free?(&image)
            throw LegibleError(.unreadableInput, "cannot read PNG \(path): \(width) × \(height) pixels is larger than 8192 × 8192")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png.image_finish_read!(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
        }
        guard ok != 0 else { throw LegibleError(.unreadableInput, "cannot read PNG \(path): \(message(of: image))") }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: png_image) -> String {
        var copy = image
        return withUnsafeBytes(of: &copy.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
