import Legible
import Foundation

/// `legible segment`: a caption track as an HLS subtitle rendition — WebVTT segments with
/// `X-TIMESTAMP-MAP`, their media playlist, and the `EXT-X-MEDIA` line for a master playlist.
enum SegmentCommand: Command {
    static let name = "segment"
    static let summary = "Cut a caption track into an HLS subtitle rendition (WebVTT segments and playlist)."
    static let usage = "legible segment INPUT --hls OUTDIR [--segment-duration SECONDS] [--mpegts-offset TICKS] [--track ID] [--lang TAG] [--name NAME] [--group ID] [--default] [--forced] [--sdh]"
    static let discussion = """
        INPUT is any caption file, media file or playlist Legible reads; --track picks its track as in
        every command. OUTDIR receives segment-00000.vtt... (each opening with an X-TIMESTAMP-MAP that
        puts local time 0 at MPEG-2 time --mpegts-offset, 90 kHz ticks, 0 by default; 900000 for video
        whose time stamps start at 10 s) and subtitles.m3u8, the VOD media playlist; the EXT-X-MEDIA
        line for the master playlist is printed on stdout (LANGUAGE from --lang or the track, NAME from
        --name or the language in its own words, SDH characteristics with --sdh). A cue shown in several
        segments is in each, with its full times and one identifier (RFC 8216 §3.5). What WebVTT cannot
        carry of the track is reported on stderr, as convert reports it. Not yet: fMP4 (IMSC, wvtt),
        DASH, --master, --align-to, --live (docs/segment.md).
        Exit status: 0 when the rendition was written, 1 when the input could not be read or the
        output not written, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("hls", value: "OUTDIR", help: "Write the rendition into OUTDIR (made if missing)."),
        OptionSpec("segment-duration", value: "SECONDS", help: "Each segment's duration (6 by default)."),
        OptionSpec("mpegts-offset", value: "TICKS", help: "The MPEG-2 time (90 kHz) of media time 0 in each segment's X-TIMESTAMP-MAP (0 by default)."),
        OptionSpec("lang", value: "TAG", help: "The rendition's LANGUAGE (BCP 47), instead of the track's."),
        OptionSpec("name", value: "NAME", help: "The rendition's NAME, instead of the language's own name."),
        OptionSpec("group", value: "ID", help: "The rendition's GROUP-ID (subs by default)."),
        OptionSpec("default", help: "DEFAULT=YES."),
        OptionSpec("forced", help: "FORCED=YES: subtitles for foreign dialogue only."),
        OptionSpec("sdh", help: "Subtitles for the deaf and hard of hearing: the SDH characteristics."),
        InputOptions.trackSpec,
    ] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "segment needs an INPUT" : "segment takes one INPUT")
        }
        guard let folder = arguments.value("hls") else { throw UsageError(message: "segment needs --hls OUTDIR") }
        var options = HLSSubtitleSegmenter.Options()
        if let duration = try arguments.time("segment-duration") {
            guard duration > .zero else { throw UsageError(message: "--segment-duration must be more than 0") }
            options.segmentDuration = duration
        }
        if let ticks = arguments.value("mpegts-offset") {
            guard let n = Int64(ticks), n >= 0, n < (1 << 33) else {
                throw UsageError(message: "--mpegts-offset takes 90 kHz ticks from 0 to 2^33-1, not '\(ticks)'")
            }
            options.mpegtsOffset = n
        }
        var language: LanguageTag?
        if let given = arguments.value("lang") {
            guard let tag = LanguageTag(given) else { throw UsageError(message: "--lang '\(given)' is not a BCP 47 tag") }
            language = tag
        }
        let input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        InputOptions.report(input, io: io, arguments)
        if input.isUnreadable {
            io.say("\(input.displayName) could not be read")
            return 1
        }
        let track = input.document.tracks.first ?? Track()
        let rendition = try HLSSubtitleSegmenter(options: options).segment(track)
        InputOptions.report(rendition.diagnostics, of: input.displayName, io: io, arguments)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for segment in rendition.value.segments {
                try Data(segment.bytes).write(to: URL(fileURLWithPath: folder + "/" + segment.name))
            }
            try Data(rendition.value.playlist.utf8).write(to: URL(fileURLWithPath: folder + "/subtitles.m3u8"))
        } catch {
            throw LegibleError(.unwritableOutput, "cannot write into \(folder): \(error.localizedDescription)")
        }
        let declaration = HLSSubtitleDeclaration(groupID: arguments.value("group") ?? "subs", language: language ?? track.language,
                                                 name: arguments.value("name"), isDefault: arguments.has("default"),
                                                 isForced: arguments.has("forced"), isSDH: arguments.has("sdh"),
                                                 uri: (folder as NSString).lastPathComponent + "/subtitles.m3u8")
        io.writeStandardOutput(Array((declaration.line + "\n").utf8))
        if !arguments.has("quiet") {
            io.say("\(rendition.value.segments.count) segments of \(track.cues.count) cues written to \(folder)")
        }
        ProcessLifetime.keepUntilExit(input)
        return 0
    }
}
