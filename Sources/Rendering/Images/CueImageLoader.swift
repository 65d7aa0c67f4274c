public import TimedText

/// Decodes the pictures cues show (`CueImage`), once each: PNG bytes embedded in the document, or
/// a PNG file a reference names, relative to the caption file's folder. A picture that cannot be
/// had is not drawn, and is remembered in `failures` for the caller to report.
public final class CueImageLoader {
    /// The folder relative references are resolved against (`LayoutOptions.imageDirectory`).
    public let directory: String?
    private var decoded: [CueImage.Source: Bitmap?] = [:]
    /// Why each picture that could not be drawn was not, in the order they were first met.
    public private(set) var failures: [String] = []

    /// A loader resolving relative references against `directory`.
    public init(directory: String?) { self.directory = directory }

    /// The picture's pixels, nil when it cannot be read (then in `failures`, once).
    public func bitmap(for image: CueImage) -> Bitmap? {
        if let known = decoded[image.source] { return known }
        var result: Bitmap?
        do throws(LegibleError) {
            switch image.source {
            case .embedded(let bytes):
                result = try PNGFile.decode(bytes, name: "an embedded image")
            case .external(let reference):
                guard let path = image.resolvedPath(against: directory) else {
                    throw LegibleError(.unreadableInput, "image '\(reference)' is not a local file; it is not drawn")
                }
                result = try PNGFile.read(path)
            }
        } catch {
            failures.append(error.message)
        }
        decoded[image.source] = .some(result)
        return result
    }
}
