public import TimedText

/// WCAG 2.x contrast between colours (WCAG 2.2, "contrast ratio" and "relative luminance").
public enum Contrast {
    /// Relative luminance of an opaque sRGB colour, 0 (black) to 1 (white): each channel
    /// linearised (÷12.92 at or below 0.04045, else ((c+0.055)/1.055)^2.4), then weighted
    /// 0.2126 R + 0.7152 G + 0.0722 B. Computed on doubles: this is a measurement at the edge,
    /// not a value kept in the model.
    public static func relativeLuminance(_ color: Color) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 for equal colours, 21 for black on white.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = relativeLuminance(a), lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` painted with its alpha over an opaque `bottom`.
    public static func composite(_ top: Color, over bottom: Color) -> Color {
        let a = Int(top.alpha)
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(t) * a + Int(b) * (255 - a) + 127) / 255) }
        return Color(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// The worst contrast of text over a background that may be translucent: the background is
    /// composited over black and over white video (the extremes a frame can show), the text over
    /// that, and the lower ratio is kept.
    public static func worstRatio(text: Color, background: Color) -> Double {
        var worst = Double.infinity
        for video in [Color.black, Color.white] {
            let behind = composite(background, over: video)
            let front = composite(text, over: behind)
            worst = min(worst, ratio(front, behind))
        }
        return worst
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
