public import TimedText
import CaptionStyling

/// A contact sheet: N moments of a caption file side by side, each drawn at full size over a
/// backdrop, shrunk to a tile, and labelled with its time — the quickest way to see a file.
public enum ContactSheet {
    /// The moments to show: `count` intervals of the timeline that show something, spread evenly
    /// over them (all of them when there are fewer), each at its interval's start.
    public static func moments(_ renderer: CaptionRenderer, count: Int) -> [MediaTime] {
        let timeline = renderer.timeline
        let shown = (0..<timeline.intervalCount).filter { !timeline.activeCues(inInterval: $0).isEmpty }
        guard !shown.isEmpty, count > 0 else { return [] }
        if shown.count <= count { return shown.map { timeline.times[$0] } }
        return (0..<count).map { i in timeline.times[shown[i * (shown.count - 1) / max(1, count - 1)]] }
    }

    /// The sheet: tiles `tileWidth` wide in rows of `columns`, the label under each.
    public static func make(_ renderer: CaptionRenderer, at times: [MediaTime], backdrop: Backdrop, tileWidth: Int = 640,
                            columns: Int? = nil) throws(LegibleError) -> Bitmap {
        let columnCount = max(1, columns ?? Int(Double(times.count).squareRoot().rounded(.up)))
        let rows = max(1, (times.count + columnCount - 1) / columnCount)
        let tileHeight = tileWidth * renderer.height / renderer.width
        let labelHeight = max(24, tileWidth / 16)
        let gap = 8
        let sheetWidth = columnCount * tileWidth + (columnCount + 1) * gap
        let sheetHeight = rows * (tileHeight + labelHeight) + (rows + 1) * gap
        var sheet = Bitmap(width: sheetWidth, height: sheetHeight, fill: (32, 32, 32, 255))
        let labels = try LineRasterizer(maximumLineWidth: tileWidth, maximumHeight: labelHeight * 2, fonts: FontSet(cjk: false))
        var labelStyle = CaptionStyleResolver(appearance: .default).resolve(StyleProperties(color: Color(red: 230, green: 230, blue: 230)))
        labelStyle.backgroundColor = .transparent
        for (i, time) in times.enumerated() {
            var frame = backdrop.bitmap(width: renderer.width, height: renderer.height)
            renderer.overlay(at: time)?.draw(onto: &frame)
            let x = gap + (i % columnCount) * (tileWidth + gap)
            let y = gap + (i / columnCount) * (tileHeight + labelHeight + gap)
            sheet.paste(frame.scaled(width: tileWidth, height: tileHeight), x: x, y: y)
            let text = StyledText(text: "\(clock(time))  (\(time.secondsText) s)", style: labelStyle, emSize: Double(labelHeight) * 0.6)
            let line = labels.rasterize([.text(text)], horizontalPadding: 0)
            for image in line.images { sheet.draw(image.offset(dx: x + 4, dy: y + tileHeight + (labelHeight - line.height) / 2)) }
        }
        return sheet
    }

    /// `H:MM:SS.mmm`.
    public static func clock(_ time: MediaTime) -> String {
        let ms = time.rounded(toTimescale: 1000)
        let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60, f = ms % 1000
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let frac = f < 10 ? "00\(f)" : f < 100 ? "0\(f)" : "\(f)"
        return "\(h):\(two(m)):\(two(s)).\(frac)"
    }
}
