public import TimedText
public import CaptionStyling

/// Lays out the cues on screen at one moment into a `CaptionScene`, each layout family by its own rules:
/// WebVTT's cue boxes and regions (also SRT's `{\an}` positions, which the SRT reader expresses
/// as WebVTT settings), CEA-608's 32 × 15 grid, TTML's regions. libass draws the lines
/// (`LineRasterizer`); the engine decides where they go.
public final class CaptionLayoutEngine {
    /// The frame width in pixels that cues are laid out on.
    public let width: Int
    /// The frame height in pixels that cues are laid out on.
    public let height: Int
    /// The choices no format fixes: title-safe margins, subtitle text size, CEA-608's safe area.
    public let options: LayoutOptions
    /// The libass line renderer the engine draws with (one libass instance, so not thread-safe).
    package let rasterizer: LineRasterizer
    let fonts: FontSet
    /// The pictures of image cues, decoded once each; its `failures` say which could not be drawn.
    public let images: CueImageLoader

    /// An engine for frames of `width × height` pixels drawing with `fonts`; throws
    /// `missingComponent` when libass cannot be loaded.
    public init(width: Int, height: Int, fonts: FontSet, options: LayoutOptions = .default) throws(LegibleError) {
        self.width = width
        self.height = height
        self.options = options
        self.fonts = fonts
        images = CueImageLoader(directory: options.imageDirectory)
        rasterizer = try LineRasterizer(maximumLineWidth: width, maximumHeight: height, fonts: fonts)
    }

    /// - Parameters:
    ///   - cues: the cues on screen, in display order (earlier cues are placed first and keep
    ///     their places when later ones avoid them).
    ///   - regions: the regions the cues may name (`Track.regions`).
    ///   - language: the text's language (`Track.language`), for line breaking and fonts.
    public func layout(_ cues: [Cue], regions: [Region], language: String?, family: LayoutFamily,
                       resolver: CaptionStyleResolver) -> CaptionScene {
        var scene = CaptionScene()
        var regionCues: [String: [Cue]] = [:]
        var regionOrder: [String] = []
        // IMSC displayForcedOnlyMode: regions that are not forced are not presented at all.
        let forcedOnly = options.displaysForcedOnly && family == .ttmlRegions
        for cue in cues {
            if let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }), Self.isPlaceable(region, family: family) {
                if forcedOnly && !region.isForced { continue }
                if regionCues[id] == nil { regionOrder.append(id) }
                regionCues[id, default: []].append(cue)
                continue
            }
            // Every family named: a new one must say how its cues are laid out.
            switch family {
            case .cea608Grid: layoutCEA608(cue, resolver: resolver, language: language, into: &scene)
            // A TTML cue outside any placeable region, and an ASS script's cues when no native
            // script is drawn, are laid out as the cue boxes their settings also express.
            // A 708 cue always names its window's region; one made by hand without one is a cue box.
            case .cueBoxes, .ttmlRegions, .assScript, .cea708Windows:
                layoutWebVTT(cue, resolver: resolver, family: family, language: language, into: &scene)
            }
        }
        present(since: SceneMarks(CaptionScene()), gain: .one, disparity: .zero, in: &scene)
        if family == .ttmlRegions {
            // TTML2 §10.2.40: a region whose background always shows draws it with no content too.
            for region in regions where regionCues[region.id] == nil && region.showBackground == .always && region.extent != nil {
                if forcedOnly && !region.isForced { continue }
                let marks = SceneMarks(scene)
                appendWindow(of: region, box: regionBox(region), resolver: resolver, into: &scene)
                present(since: marks, gain: region.luminanceGain, disparity: region.disparity, in: &scene)
            }
        }
        // Stacking order (TTML tts:zIndex, carried by the region's cues): lower drawn first, so
        // higher on top; auto counts as 0. Equal TTML regions go in their document order, as CSS
        // paints boxes of equal z-index (imscJS lays regions out in that order), whatever order
        // their cues came in: that depends on how the cues were cut (one per paragraph, or by
        // the ISDs). Other regions keep the order their cues came in.
        let stacking = regionOrder.enumerated().map { k, id in
            let place = family == .ttmlRegions ? regions.firstIndex { $0.id == id } ?? k : k
            return (regionCues[id]!.first?.layout.zIndex ?? 0, place, id)
        }
        regionOrder = stacking.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        for id in regionOrder {
            let region = regions.first { $0.id == id }!
            let marks = SceneMarks(scene)
            if family == .ttmlRegions || region.width == nil {
                layoutTTMLRegion(region, cues: regionCues[id]!, resolver: resolver, language: language, into: &scene)
            } else {
                layoutWebVTTRegion(region, cues: regionCues[id]!, resolver: resolver, language: language, into: &scene)
            }
            present(since: marks, gain: region.luminanceGain, disparity: region.disparity, in: &scene)
        }
        return scene
    }

    /// A region the engine can place: a WebVTT region (width), or a TTML region with an extent.
    static func isPlaceable(_ region: Region, family: LayoutFamily) -> Bool {
        region.width != nil || region.extent != nil
    }

    /// The style a format implies before any content style (what the content "says" by being
    /// that format): CEA-608 is monospaced on the cue's black; TTML's initial background is
    /// transparent (TTML2 §10.2.3) and its text white.
    static func formatStyle(_ family: LayoutFamily) -> StyleProperties {
        switch family {
        case .cea608Grid: StyleProperties(fontFamilies: ["monospaceSansSerif"])
        case .ttmlRegions: StyleProperties(color: .white, backgroundColor: .transparent)
        // CEA-708's default pen: white monospaced text on solid black (the cue's own style says so too).
        case .cea708Windows: StyleProperties(color: .white, backgroundColor: .black, fontFamilies: ["monospaced-sans-serif"])
        case .cueBoxes, .assScript: .none
        }
    }

    /// A content length in pixels. `parent` is the inherited em size in pixels.
    func pixels(_ length: StyleProperties.Length, parent: Double, cellRows: Int = 15) -> Double {
        switch length {
        case .pixels(let f): f.doubleValue
        case .fraction(let f): f.doubleValue * parent
        case .em(let f): f.doubleValue * parent
        case .cells(let f): f.doubleValue * Double(height) / Double(cellRows)
        case .viewportWidth(let f): f.doubleValue * Double(width)
        case .viewportHeight(let f): f.doubleValue * Double(height)
        }
    }

    func prepare(_ cue: Cue, family: LayoutFamily, resolver: CaptionStyleResolver, emSize: Double, extra: StyleProperties = .none,
                 vertical: Bool = false) -> PreparedText {
        let base = Self.formatStyle(family).overlaid(by: extra).overlaid(by: cue.style)
        // TTML2 §10.2.19 leaves `default` to the processor; IMSC renderers (imscJS) draw it as
        // monospaced serif, and the other generic families as named faces, which also decides
        // where lines wrap.
        return PreparedText(content: cue.content, base: base, resolver: resolver, emSize: emSize,
                            resolveLength: { self.pixels($0, parent: $1) },
                            familySubstitutes: family == .ttmlRegions ? GenericFamilies.imsc : [:],
                            keepsTrailingEmptyLines: family == .ttmlRegions, vertical: vertical)
    }

    /// The title-safe area in pixels.
    var safeArea: PixelRect {
        let t = options.titleSafe
        let left = Int((t.left.doubleValue * Double(width)).rounded()), top = Int((t.top.doubleValue * Double(height)).rounded())
        let right = Int((t.right.doubleValue * Double(width)).rounded()), bottom = Int((t.bottom.doubleValue * Double(height)).rounded())
        return PixelRect(x: left, y: top, width: width - left - right, height: height - top - bottom)
    }

    /// Places lines (already rasterised, relative to their own origins) one under another from
    /// `top`, each aligned in [left, left + boxWidth]; returns the lines moved and their block.
    func stack(_ lines: [RasterLine], left: Int, top: Int, boxWidth: Int, alignment: HorizontalAlignment) -> ([RasterLine], PixelRect) {
        var y = top
        var placed: [RasterLine] = []
        var block = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for line in lines {
            let x: Int = switch alignment {
            case .left: left
            case .right: left + boxWidth - line.width
            case .center: left + (boxWidth - line.width) / 2
            }
            placed.append(line.offset(dx: x, dy: y))
            block = block.union(PixelRect(x: x, y: y, width: max(1, line.width), height: line.height))
            y += line.height
        }
        return (placed, block)
    }

    enum HorizontalAlignment { case left, center, right }
}
