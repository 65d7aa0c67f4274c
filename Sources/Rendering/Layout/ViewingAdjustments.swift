import TimedText

/// How many of each kind of thing a scene held at some point: what was added after it is one
/// region's (or the cues outside regions).
struct SceneMarks {
    let windows: Int, lines: Int, blocks: Int, pictures: Int
    init(_ scene: CaptionScene) {
        windows = scene.windows.count
        lines = scene.lines.count
        blocks = scene.blocks.count
        pictures = scene.pictures.count
    }
}

/// The options that change how laid-out content is viewed rather than where it is laid out:
/// a stereoscopic eye's view (`LayoutOptions.stereoView`, moving a region by half its disparity)
/// and PQ pixels (`LayoutOptions.pixelEncoding`, each colour scaled by its region's luminance gain).
extension CaptionLayoutEngine {
    /// Applies the viewing options to what was added to `scene` since `marks`.
    func present(since marks: SceneMarks, gain: Fraction, disparity: Fraction, in scene: inout CaptionScene) {
        if let eye = options.stereoView, disparity != .zero {
            // TTML2 §10.2.12: the left eye's view moves by -disparity/2, the right eye's by +disparity/2.
            let half = disparity.doubleValue * Double(width) / 2
            let dx = Int((eye == .left ? -half : half).rounded())
            for k in marks.windows..<scene.windows.count { scene.windows[k].rect = scene.windows[k].rect.moved(dx, 0) }
            for k in marks.lines..<scene.lines.count { scene.lines[k] = scene.lines[k].offset(dx: dx, dy: 0) }
            for k in marks.blocks..<scene.blocks.count { scene.blocks[k] = scene.blocks[k].moved(dx, 0) }
            for k in marks.pictures..<scene.pictures.count { scene.pictures[k].x += dx }
        }
        guard options.pixelEncoding == .pq else { return }
        let g = gain.doubleValue
        for k in marks.windows..<scene.windows.count { scene.windows[k].color = PQEncoding.encode(scene.windows[k].color, gain: g) }
        for k in marks.lines..<scene.lines.count {
            for b in scene.lines[k].backgrounds.indices {
                scene.lines[k].backgrounds[b].color = PQEncoding.encode(scene.lines[k].backgrounds[b].color, gain: g)
            }
            for i in scene.lines[k].images.indices {
                scene.lines[k].images[i].color = PQEncoding.encode(scene.lines[k].images[i].color, gain: g)
            }
        }
        for k in marks.pictures..<scene.pictures.count {
            var table = [UInt8](repeating: 0, count: 256)
            for v in 0..<256 { table[v] = PQEncoding.encode(UInt8(v), gain: g) }
            let pixels = scene.pictures[k].bitmap.pixels
            var encoded = pixels
            for p in stride(from: 0, to: pixels.count, by: 4) {
                encoded[p] = table[Int(pixels[p])]
                encoded[p + 1] = table[Int(pixels[p + 1])]
                encoded[p + 2] = table[Int(pixels[p + 2])]
            }
            scene.pictures[k].bitmap.pixels = encoded
        }
    }
}
