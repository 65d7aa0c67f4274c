public import TimedText

/// Where a TTML document's root container sits in the frame. With a display aspect ratio
/// (IMSC 1.0.1 `ittp:aspectRatio`, IMSC 1.1 `ttp:displayAspectRatio`) it is the largest box of
/// that ratio that fits, centred: pillarboxed in a wider frame, letterboxed in a taller one, as
/// the IMSC reference renderer places it. Without one it is the whole frame.
public enum RootContainer {
    /// The root container's box in a `frameWidth × frameHeight` frame for `aspectRatio`
    /// (width / height; nil or not positive: the whole frame).
    public static func box(aspectRatio: Fraction?, frameWidth: Int, frameHeight: Int) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        guard let aspectRatio, aspectRatio > .zero, frameWidth > 0, frameHeight > 0 else { return whole }
        let ratio = aspectRatio.doubleValue
        let frameRatio = Double(frameWidth) / Double(frameHeight)
        if ratio < frameRatio {
            // Narrower than the frame: full height, bars left and right.
            let width = min(frameWidth, max(1, Int((Double(frameHeight) * ratio).rounded())))
            return PixelRect(x: (frameWidth - width) / 2, y: 0, width: width, height: frameHeight)
        }
        let height = min(frameHeight, max(1, Int((Double(frameWidth) / ratio).rounded())))
        return PixelRect(x: 0, y: (frameHeight - height) / 2, width: frameWidth, height: height)
    }
}
