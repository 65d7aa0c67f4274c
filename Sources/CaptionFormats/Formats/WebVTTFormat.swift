internal import TimedText
import TextScanning
public import WebVTT

extension CaptionFormat {
    /// WebVTT (`.vtt`): recognised by its `WEBVTT` signature; contents are a `WebVTTFile`. A file
    /// named `.vtt` without the signature is read as what it is, with an error (browsers reject it).
    public static let webVTT: CaptionFormat = {
        var format = CaptionFormat(id: .webVTT, name: "WebVTT", layoutFamily: .cueBoxes)
        format.aliases = ["vtt", "webvtt"]
        format.fileExtensions = ["vtt", "webvtt"]
        format.timeStep = MediaTime(milliseconds: 1)
        format.mimeTypes = ["text/vtt"]
        format.containerCodecs = ["webvtt"]
        format.ffmpegMuxer = "webvtt"
        format.documentation = "docs/webvtt.md"
        format.recognises = WebVTTReader.looksLike
        format.reader = { text, options in
            var reader = options.formats[WebVTTReader.Options.self]
            reader.keepsCueValues = reader.keepsCueValues || options.keepsCueViews
            return WebVTTReader(options: reader).readFile(text).erased
        }
        format.writer = { document, options, sink in
            var vtt = options.formats[WebVTTWriter.Options.self]
            vtt.openEnds = options.openEnds
            return document.tracksNotWritten(by: "WebVTT") + (try WebVTTWriter(options: vtt).write(document.tracks.first ?? Track(), to: sink))
        }
        format.writerSettings = [
            FormatSetting(name: "webvtt-no-blocks",
                          help: "WebVTT output without STYLE and REGION blocks, which some readers stop at (ffmpeg 5.1 reads no cue of such a file): the styles and region places only they say are reported lost.") { _, options in
                options[WebVTTWriter.Options.self].writesBlocks = false
            },
        ]
        format.missingSignature = .webVTTBadSignature
        format.cueJSONView = { contents, _, count in
            guard let file = contents as? WebVTTFile, file.cueValues.count == count else { return nil }
            return WebVTTCueJSONView(file: file)
        }
        format.debugViews = [
            DebugView(name: "cue-tree", help: "Print each WebVTT cue's text as an html5lib-style tree (as the web-platform-tests).",
                      shows: "shows WebVTT cue text") { _, document, _ in cueTrees(document) },
        ]
        format.segmentTimes = { contents, document, reference in
            let map = (contents as? WebVTTFile)?.timestampMap
            var mapped = document
            for t in mapped.tracks.indices {
                mapped.tracks[t].cues = (map ?? .absent).mapping(mapped.tracks[t].cues, reference: reference)
            }
            // Say which mapping was used: a segment without the header is easy to miss.
            let note = map.map { "X-TIMESTAMP-MAP MPEGTS:\($0.mpegts),LOCAL:\(clock($0.local)): cue times mapped onto the media timeline" }
                ?? "no X-TIMESTAMP-MAP: cue time 0 is taken as MPEG-2 time 0 (RFC 8216 §3.5)"
            return (mapped, note)
        }
        format.fromPackets = assembled
        return format
    }()

    /// Each cue's identifier and times, then its cue text tree (W3C WebVTT §6.4, html5lib form).
    private static func cueTrees(_ document: Document) -> String {
        var text = ""
        for (c, cue) in (document.tracks.first?.cues ?? []).enumerated() {
            if c > 0 { text += "\n" }
            text += "cue \(cue.id ?? "#\(c)")  \(clock(cue.start)) --> \(cue.end.map(clock) ?? "(open)")\n"
            text += WebVTTCueTree.dump(cue.content) + "\n"
        }
        return text
    }

    private static func clock(_ time: MediaTime) -> String {
        var out = ByteWriter(capacity: 16)
        out.appendClock(time, separator: UInt8(ascii: "."), signed: true)
        return String(decoding: out.finish(), as: UTF8.self)
    }

    /// A Matroska `S_TEXT/WEBVTT` track as a WebVTT file: its header (the track's private data),
    /// then one cue per packet, timed by the packet's times (to the millisecond, as WebVTT
    /// writes times), its payload the cue text.
    private static func assembled(_ header: [UInt8]?, _ packets: [(start: MediaTime, end: MediaTime, payload: [UInt8])]) -> [UInt8] {
        var text = header ?? Array("WEBVTT".utf8)
        while text.last == 0x0A || text.last == 0x0D { text.removeLast() }
        text += Array("\n\n".utf8)
        for packet in packets {
            text += Array("\(timestamp(packet.start)) --> \(timestamp(packet.end))\n".utf8)
            var body = packet.payload
            while body.last == 0x0A { body.removeLast() }
            text += body + [0x0A, 0x0A]
        }
        return text
    }

    /// `hh:mm:ss.ttt`, rounded to the millisecond.
    private static func timestamp(_ time: MediaTime) -> String {
        let ms = max(0, time.rounded(toTimescale: 1000))
        func pad(_ n: Int64, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1000 % 60, 2)).\(pad(ms % 1000, 3))"
    }
}

extension WebVTTReader.Options: FormatSpecificOptions {}
extension WebVTTWriter.Options: FormatSpecificOptions {}

/// The `vtt` view of docs/cue-json.md: each cue as the `VTTCue` API shows it. Cues that share
/// their settings share their text: the members after `text` are written once per stored copy of
/// the settings and copied for the others.
private struct WebVTTCueJSONView: CueJSONView {
    let file: WebVTTFile
    var settingsText: [ObjectIdentifier: [UInt8]] = [:]

    mutating func write(cue index: Int, to out: inout JSONStreamWriter) {
        let values = file.cueValues[index]
        out.key("vtt")
        out.beginObject()
        out.key("text"); values.withTextBytes { out.string(bytes: $0) }
        if let known = settingsText[values.settingsIdentity] {
            out.append(raw: known)
        } else {
            let mark = out.mark
            settings(values, to: &out)
            settingsText[values.settingsIdentity] = out.written(since: mark)
        }
        out.endObject()
    }

    private func settings(_ values: WebVTTCueValues, to out: inout JSONStreamWriter) {
        func number(_ value: Double) -> String { CueJSON.number(value) }
        out.key("vertical"); out.string(values.vertical)
        out.key("snapToLines"); out.bool(values.snapToLines)
        out.key("line"); if let line = values.line { out.number(number(line)) } else { out.string("auto") }
        out.key("lineAlign"); out.string(values.lineAlignment.rawValue)
        out.key("position"); if let position = values.position { out.number(number(position)) } else { out.string("auto") }
        out.key("positionAlign"); out.string(values.positionAlignment.rawValue)
        out.key("size"); out.number(number(values.size))
        out.key("align"); out.string(values.textAlignment.rawValue)
        out.key("region")
        if let index = values.regionIndex {
            let r = file.regionValues[index]
            out.value(.object([
                ("id", .string(r.id)), ("width", .number(number(r.width))), ("lines", .number(number(r.lines))),
                ("regionAnchorX", .number(number(r.regionAnchorX))), ("regionAnchorY", .number(number(r.regionAnchorY))),
                ("viewportAnchorX", .number(number(r.viewportAnchorX))), ("viewportAnchorY", .number(number(r.viewportAnchorY))),
                ("scroll", .string(r.scroll)),
            ]))
        } else {
            out.null()
        }
    }
}
