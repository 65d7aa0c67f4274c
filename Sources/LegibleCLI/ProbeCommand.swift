import Legible

/// `legible probe`: the caption inventory of a media file — its subtitle streams with languages
/// and dispositions, whether its video carries A/53 captions and in which 608 channels and 708
/// services, its font attachments — through ffprobe, with the 608 data decoded, not guessed.
enum ProbeCommand: Command {
    static let name = "probe"
    static let summary = "List the captions inside a media file: subtitle streams, A/53 608/708 captions, fonts."
    static let usage = "legible probe MEDIA [--format text|json] [--a53 auto|always|never]"
    static let discussion = """
        MEDIA is a video or audio file ffmpeg reads (MKV, WebM, MP4, MOV, MPEG-TS...). Each
        subtitle stream is listed with its id (s:N, as --track takes it in every command), codec,
        language, title and dispositions (default, forced, hearing impaired), and whether Legible
        reads it. For captions carried in the video (ATSC A/53 cc_data in H.264, HEVC or MPEG-2),
        the video is decoded and the caption data run through Legible's CEA-608 and CEA-708
        decoders: the 608 channels and 708 services that show text (CC1-CC4, SERVICE1-SERVICE63,
        each with its caption count), and services whose blocks carry data but show nothing. --a53 auto (the default) decodes the video when
        ffprobe sees caption data in its first frames or when the file has no text subtitle
        stream; always decodes it in any case (captions that start late); never skips it.
        Decoding takes as long as ffmpeg decoding the video; progress is shown on a terminal.
        ffprobe and ffmpeg come from the Debian package ffmpeg.
        Exit status: 0 when the file was probed, 1 when it could not be, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("a53", value: "WHEN", help: "Decode the video for A/53 captions: auto (default), always or never."),
    ] + OutputOptions.specs(["text", "json"])

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "probe needs a MEDIA file" : "probe takes one MEDIA file")
        }
        let json = try OutputOptions.format(arguments, ["text", "json"]) == "json"
        var options = MediaCaptions.Options()
        if let text = arguments.value("a53") {
            guard let scan = MediaCaptions.A53Scan(rawValue: text == "auto" ? "automatic" : text) else {
                throw UsageError(message: "--a53 is auto, always or never (got '\(text)')")
            }
            options.a53Scan = scan
        }
        let path = arguments.positionals[0]
        // ffprobe reads an SRT file as a one-stream "container"; every other command reads it as
        // the caption file it is, and so does this one.
        if !MediaFile.isMediaFile(path), let format = CaptionFormat.forFileName(path) {
            throw LegibleError(.unsupportedFormat, "\(path) is a caption file (\(format.name)), not a media file: 'legible info \(path)' describes it")
        }
        if io.standardErrorIsTerminal {
            options.progress = { reached, duration in
                io.writeStandardError("\r\(io.program): decoding the captions in the video: \(InputOptions.clock(reached))\(duration.map { " of \(InputOptions.clock($0))" } ?? "")\u{1B}[K")
            }
        }
        let media = try MediaCaptions(contentsOf: path, options: options)
        if io.standardErrorIsTerminal && media.a53 != nil { io.writeStandardError("\r\u{1B}[K") }
        let channels = captionCounts(media)
        io.writeStandardOutput(json ? self.json(media, channels).serialized() : Array(text(media, channels).utf8))
        return 0
    }

    /// Each closed-caption channel with text and its number of captions.
    static func captionCounts(_ media: MediaCaptions) -> [(track: MediaCaptions.Stream, captions: Int)] {
        media.streams.compactMap { track in
            guard case .closedCaptions = track.source, let read = try? media.open(track) else { return nil }
            return (track, read.document.tracks.first?.cues.count ?? 0)
        }
    }

    static func text(_ media: MediaCaptions, _ channels: [(track: MediaCaptions.Stream, captions: Int)]) -> String {
        let inventory = media.inventory
        var out = "\(media.path): \(inventory.containerFormat)"
        if let duration = inventory.duration { out += ", \(duration.secondsText) s" }
        out += "\n"
        let streams = media.streams.filter { if case .stream = $0.source { true } else { false } }
        out += "subtitle streams:\(streams.isEmpty ? " none" : "")\n"
        for track in streams {
            // Matroska's S_TEXT/WEBVTT: ffmpeg names no codec, the track's header is the format's.
            let codec = track.codec == "unknown" && track.format != nil ? "\(track.format!.name) in packets (a codec unknown to ffmpeg)" : track.codec
            var line = "  \(track.id): \(codec), \(track.language?.rawValue ?? "language unknown")"
            if let title = track.title { line += ", \"\(title)\"" }
            var flags: [String] = []
            if track.isDefault { flags.append("default") }
            if track.kind == .forced { flags.append("forced") }
            if !track.characteristics.isEmpty { flags.append("hearing impaired") }
            if !flags.isEmpty { line += ", " + flags.joined(separator: ", ") }
            line += track.unavailableReason.map { " — not read: \($0)" } ?? " — read as \(track.format?.name ?? track.codec)"
            out += line + "\n"
        }
        for video in inventory.videoStreams {
            var line = "video stream \(video.index): \(video.codec)"
            if let rate = video.frameRate { line += ", \(rate.decimalText(maximumFractionDigits: 3)) fps" }
            out += line + "\n"
            guard video.canCarryA53 else {
                out += "  A/53 captions: \(video.codec) does not carry them\n"
                continue
            }
            if video.index != inventory.captionVideoStream?.index { continue }
            guard let a53 = media.a53 else {
                out += "  A/53 captions: \(video.carriesClosedCaptions ? "seen in the first frames" : "none in the first 120 frames"); not decoded (--a53 always decodes the whole video)\n"
                continue
            }
            out += "  A/53 captions: \(a53.packets.count) pictures carry caption data\n"
            func listed(_ some: [(track: MediaCaptions.Stream, captions: Int)]) -> String {
                some.map { "\($0.track.id) (\($0.captions) caption\($0.captions == 1 ? "" : "s"))" }.joined(separator: ", ")
            }
            let cea608 = channels.filter { $0.track.codec != "cea_708" }, cea708 = channels.filter { $0.track.codec == "cea_708" }
            out += "  CEA-608: " + (cea608.isEmpty ? "no channel shows text" : listed(cea608)) + "\n"
            let silent = media.dtvccServices.filter { n in !cea708.contains { $0.track.id == "SERVICE\(n)" } }
            var services = cea708.isEmpty ? (media.dtvccServices.isEmpty ? "no service carries data" : "no service shows text") : listed(cea708)
            if !silent.isEmpty { services += "; service\(silent.count == 1 ? "" : "s") \(silent.map(String.init).joined(separator: ", ")) carr\(silent.count == 1 ? "ies" : "y") data but show\(silent.count == 1 ? "s" : "") nothing" }
            out += "  CEA-708: " + services + "\n"
            if a53.unreadablePackets > 0 { out += "  \(a53.unreadablePackets) lines of ffprobe's output could not be read\n" }
        }
        out += "attachments:\(inventory.attachments.isEmpty ? " none" : "")\n"
        for attachment in inventory.attachments {
            out += "  \(attachment.fileName ?? "stream \(attachment.index)") (\(attachment.mimeType ?? "no MIME type")\(attachment.isFont ? ", font" : ""))\n"
        }
        return out
    }

    static func json(_ media: MediaCaptions, _ channels: [(track: MediaCaptions.Stream, captions: Int)]) -> JSON {
        let inventory = media.inventory
        let streams = media.streams.compactMap { track -> JSON? in
            guard case .stream(let stream) = track.source else { return nil }
            return .object([
                ("id", .string(track.id)),
                ("index", .number(String(stream.index))),
                ("codec", .string(stream.codec)),
                ("language", .optional(track.language?.rawValue)),
                ("languageTag", .optional(stream.language)),
                ("title", .optional(track.title)),
                ("default", .bool(stream.dispositions.contains(.default))),
                ("forced", .bool(stream.dispositions.contains(.forced))),
                ("hearingImpaired", .bool(stream.dispositions.contains(.hearingImpaired))),
                ("format", .optional(track.format?.id.rawValue)),
                ("readable", .bool(track.unavailableReason == nil)),
                ("unavailableReason", .optional(track.unavailableReason)),
            ])
        }
        let videos = inventory.videoStreams.map { video -> JSON in
            var members: [(String, JSON)] = [
                ("index", .number(String(video.index))),
                ("codec", .string(video.codec)),
                ("frameRate", .optional(video.frameRate.map { "\($0.numerator)/\($0.denominator)" })),
                ("closedCaptionsFlag", .bool(video.carriesClosedCaptions)),
            ]
            if video.index == inventory.captionVideoStream?.index {
                members.append(("a53", media.a53.map { a53 in
                    .object([
                        ("pictures", .number(String(a53.packets.count))),
                        ("cea608", .array(channels.filter { $0.track.codec != "cea_708" }.map { channel -> JSON in
                            .object([("channel", .string(channel.track.id)), ("captions", .number(String(channel.captions)))])
                        })),
                        ("cea708Services", .array(media.dtvccServices.map { .number(String($0)) })),
                        ("cea708", .array(channels.filter { $0.track.codec == "cea_708" }.map { service -> JSON in
                            .object([("service", .string(service.track.id)), ("captions", .number(String(service.captions)))])
                        })),
                        ("unreadablePackets", .number(String(a53.unreadablePackets))),
                    ])
                } ?? .null))
            }
            return .object(members)
        }
        return .object([
            ("path", .string(media.path)),
            ("container", .string(inventory.containerFormat)),
            ("duration", inventory.duration.map { .number($0.secondsText) } ?? .null),
            ("subtitleStreams", .array(streams)),
            ("videoStreams", .array(videos)),
            ("attachments", .array(inventory.attachments.map { a in
                .object([("index", .number(String(a.index))), ("fileName", .optional(a.fileName)), ("mimeType", .optional(a.mimeType)),
                         ("font", .bool(a.isFont))])
            })),
        ])
    }
}
