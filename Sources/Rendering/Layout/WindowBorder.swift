import TimedText

/// A caption window's border and drop shadow (CEA-708-E §8.4.11's border types), as a region's
/// style carries them: `outline` placed on the `box` (solid: uniform, `outset`: raised, `inset`:
/// depressed) and one `textShadow`, which for a region is the window's drop shadow to one side.
/// Drawn as filled rectangles: the shadow before the window's fill, the border after it. A
/// raised border is lit at the top and left and shaded at the bottom and right, a depressed one
/// the other way round; the shaded sides are the border colour at half its brightness.
extension CaptionLayoutEngine {
    /// The border's thickness: a sixth of a 708 row (the standard gives none), at least a pixel.
    var windowBorderWidth: Int { max(1, Int((Double(height) / 90).rounded())) }

    /// The window's drop shadow, behind it.
    func appendWindowShadow(of region: Region, box: PixelRect, into scene: inout CaptionScene) {
        guard let shadow = region.style.textShadow?.first, let color = shadow.color, color.alpha > 0 else { return }
        let t = windowBorderWidth
        let dx = pixelsSign(shadow.offsetX) * t, dy = pixelsSign(shadow.offsetY) * t
        scene.windows.append((PixelRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height), Self.color4(color)))
    }

    /// The window's border, over its fill's edges.
    func appendWindowBorder(of region: Region, box: PixelRect, into scene: inout CaptionScene) {
        guard let outline = region.style.outline, outline.placement == .box, let color = outline.color, color.alpha > 0 else { return }
        let t = windowBorderWidth
        let light = Self.color4(color)
        let dark = Color4(r: color.red / 2, g: color.green / 2, b: color.blue / 2, a: color.alpha)
        let (topLeft, bottomRight): (Color4, Color4) = switch outline.style {
        case .outset: (light, dark)
        case .inset: (dark, light)
        default: (light, light)
        }
        scene.windows.append((PixelRect(x: box.x - t, y: box.y - t, width: box.width + 2 * t, height: t), topLeft))
        scene.windows.append((PixelRect(x: box.x - t, y: box.y, width: t, height: box.height), topLeft))
        scene.windows.append((PixelRect(x: box.x - t, y: box.y + box.height, width: box.width + 2 * t, height: t), bottomRight))
        scene.windows.append((PixelRect(x: box.x + box.width, y: box.y, width: t, height: box.height), bottomRight))
    }

    private func pixelsSign(_ length: StyleProperties.Length) -> Int {
        let v = pixels(length, parent: 1)
        return v > 0 ? 1 : v < 0 ? -1 : 0
    }

    static func color4(_ c: Color) -> Color4 { Color4(r: c.red, g: c.green, b: c.blue, a: c.alpha) }
}
