import Foundation
public import TimedText
package import TextScanning
import Timeline

/// The JSON contract of `legible dump --json` and `legible timeline --json` (docs/cue-json.md):
/// what conformance runners, pipelines and tests read, so its shape is stable. Written as a
/// stream: each cue becomes text and is handed on as it is written, and a document of 100,000
/// cues is never a JSON tree in memory.
public enum CueJSON {
    /// The document of `file` — or `document` and `diagnostics` when the caller changed them (HLS
    /// times) — with each cue's format view where its format has one (WebVTT's `vtt` when the
    /// file kept it, 608's `cea608`). A file that cannot be read gets its diagnostics and no tracks.
    public static func write(_ file: CaptionFile, document: Document? = nil, diagnostics: [Diagnostic]? = nil,
                             to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let document = document ?? file.document
        let diagnostics = diagnostics ?? file.diagnostics
        let unreadable = diagnostics.contains { $0.severity == .error } && document.tracks.allSatisfy { $0.cues.isEmpty }
        try withoutActuallyEscaping(sink) { sink in
            var out = JSONStreamWriter(sink: sink)
            out.beginObject()
            out.key("format"); out.string(document.format.rawValue)
            out.key("encoding"); out.optionalString(document.encoding)
            out.key("encodingConfidence"); out.int(file.text.confidence)
            out.key("tracks"); out.beginArray()
            if !unreadable {
                for k in document.tracks.indices { try track(document.tracks[k], index: k, of: file, to: &out) }
            }
            out.endArray()
            out.key("diagnostics"); out.beginArray()
            for d in diagnostics { out.value(diagnostic(d)) }
            out.endArray()
            out.endObject()
            try out.finish()
        }
    }

    /// What `dump --json` prints for an input that could not be opened at all.
    public static func write(_ error: LegibleError, format: CaptionFormatID?, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let json = JSON.object([
            ("format", .optional(format?.rawValue)),
            ("encoding", .null),
            ("tracks", .array([])),
            ("diagnostics", .array([.object([
                ("severity", .string("error")), ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
                ("line", .null), ("column", .null),
            ])])),
        ])
        try json.serialized().withUnsafeBufferPointer { try sink($0) }
    }

    /// The timeline of a track: each significant time and the cues shown from it, each named by
    /// its id or `#N`, its place in the track.
    public static func write(_ timeline: Timeline, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let names = timeline.cues.enumerated().map { $1.id ?? "#\($0)" }
        try withoutActuallyEscaping(sink) { sink in
            var out = JSONStreamWriter(sink: sink)
            out.beginObject()
            out.key("times"); out.beginArray()
            for k in timeline.times.indices {
                out.beginObject()
                out.key("time"); out.number(timeline.times[k].secondsText)
                out.key("cues"); out.beginArray()
                for c in timeline.activeCues(inInterval: k) { out.string(names[Int(c)]) }
                out.endArray()
                out.endObject()
                try out.flushIfFull()
            }
            out.endArray()
            out.endObject()
            try out.finish()
        }
    }

    private static func track(_ track: Track, index: Int, of file: CaptionFile, to out: inout JSONStreamWriter) throws {
        out.beginObject()
        out.key("id"); out.optionalString(track.id)
        out.key("language"); out.optionalString(track.language?.rawValue)
        out.key("kind"); out.string(track.kind.rawValue)
        if let label = track.label { out.key("label"); out.string(label) }
        out.key("cues"); out.beginArray()
        var view = file.format.cueJSONView?(file.contents, index, track.cues.count)
        // Cues looked at in place: each copied out of the array would be retained whole.
        try track.cues.withUnsafeBufferPointer { cues in
            for k in cues.indices {
                try cue(cues[k], to: &out) { out in view?.write(cue: k, to: &out) }
                try out.flushIfFull()
            }
        }
        out.endArray()
        out.key("regions"); out.beginArray()
        for region in track.regions { out.value(self.region(region)) }
        out.endArray()
        out.endObject()
    }

    /// One cue, its format's view written by `view` between its text and its layout.
    private static func cue(_ cue: Cue, to out: inout JSONStreamWriter, view: (inout JSONStreamWriter) throws -> Void) throws {
        out.beginObject()
        out.key("id"); out.optionalString(cue.id)
        out.key("start"); out.number(cue.start.secondsText)
        out.key("end"); if let end = cue.end { out.number(end.secondsText) } else { out.null() }
        out.key("text"); out.plainText(cue.content)
        try view(&out)
        if !cue.hasDefaultLayout { out.key("layout"); layout(cue.layout, to: &out) }
        out.endObject()
    }

    /// A double as JavaScript would print it: integers without a fraction, others in the shortest
    /// form that reads back to the same double (`1.5`, `1e+34`, `5e-324`).
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e21 {
            return abs(value) < 9e15 ? String(Int64(value)) : String(format: "%.0f", value)
        }
        var text = "\(value)"
        if let e = text.firstIndex(of: "e"), text[text.index(after: e)] != "-" && text[text.index(after: e)] != "+" {
            text.insert("+", at: text.index(after: e))
        }
        return text
    }

    /// A positioned cue's layout (an addition to the contract, present only when not the default):
    /// names as WebVTT's cue settings, proportions as percentages.
    private static func layout(_ layout: CueLayout, to out: inout JSONStreamWriter) {
        func percent(_ f: Fraction) -> String { f.percent.decimalText(maximumFractionDigits: 6) }
        out.beginObject()
        out.key("vertical"); out.string(layout.writingDirection == .horizontal ? "" : layout.writingDirection.rawValue)
        out.key("line")
        switch layout.line {
        case .auto: out.string("auto")
        case .number(let n): out.int(n)
        case .fraction(let f): out.number(percent(f))
        }
        out.key("lineAlign"); out.string(layout.lineAlignment.rawValue)
        out.key("position"); if let p = layout.position { out.number(percent(p)) } else { out.string("auto") }
        out.key("positionAlign"); out.string(layout.positionAlignment.rawValue)
        out.key("size"); out.number(percent(layout.size))
        out.key("align"); out.string(layout.textAlignment.rawValue)
        out.key("region"); out.optionalString(layout.regionID)
        if let box = layout.box {
            out.key("box")
            out.beginObject()
            out.key("x"); out.number(percent(box.x))
            out.key("y"); out.number(percent(box.y))
            out.key("width"); out.number(percent(box.width))
            out.key("height"); out.number(percent(box.height))
            out.endObject()
        }
        out.endObject()
    }

    /// A region: its id, and what it states of its place (percentages of the frame) and look.
    package static func region(_ region: Region) -> JSON {
        func percent(_ f: Fraction) -> JSON { .number(f.percent.decimalText(maximumFractionDigits: 6)) }
        func point(_ p: Point) -> JSON { .array([percent(p.x), percent(p.y)]) }
        var members: [(String, JSON)] = [("id", .string(region.id))]
        if let origin = region.origin { members.append(("origin", point(origin))) }
        if let extent = region.extent { members.append(("extent", point(extent))) }
        if let width = region.width { members.append(("width", percent(width))) }
        if let lines = region.lines { members.append(("lines", .int(lines))) }
        if let anchor = region.regionAnchor { members.append(("regionAnchor", point(anchor))) }
        if let anchor = region.viewportAnchor { members.append(("viewportAnchor", point(anchor))) }
        if region.scrollUp { members.append(("scroll", .string("up"))) }
        if region.origin != nil || region.extent != nil {
            members.append(("displayAlign", .string(region.displayAlignment.rawValue)))
            members.append(("writingDirection", .string(region.writingDirection.rawValue)))
        }
        if let padding = region.padding {
            members.append(("padding", .array([percent(padding.top), percent(padding.right), percent(padding.bottom), percent(padding.left)])))
        }
        if let color = region.style.backgroundColor { members.append(("backgroundColor", .string(color.description))) }
        return .object(members)
    }

    package static func diagnostic(_ d: Diagnostic) -> JSON {
        .object([
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code.rawValue)),
            ("message", .string(d.message)),
            ("line", d.location.map { .int($0.line) } ?? .null),
            ("column", d.location.map { .int($0.column) } ?? .null),
        ])
    }
}
