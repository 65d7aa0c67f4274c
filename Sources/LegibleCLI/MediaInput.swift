import Legible

/// A media file as a command's input: opened with `MediaCaptions`, one of its tracks picked
/// (`--track`, else the track-selection rules with `--prefer`), read, and handed on as any caption
/// file is. Which track was read, and why, is said on stderr when there was a choice.
enum MediaInput {
    /// Probes `path`; the video is decoded for A/53 captions when the file asks for it (see
    /// `MediaCaptions.A53Scan.automatic`) or `--track` names a 608 channel or 708 service.
    static func open(_ path: String, _ arguments: Arguments, io: CommandIO) throws -> MediaCaptions {
        var options = MediaCaptions.Options()
        if let wanted = arguments.value("track")?.lowercased(), wanted.hasPrefix("cc") || wanted.hasPrefix("service") {
            options.a53Scan = .always
        }
        if io.standardErrorIsTerminal {
            options.progress = { reached, duration in
                let total = duration.map { " of \(clock($0))" } ?? ""
                io.writeStandardError("\rlegible: decoding the captions in the video of \(path): \(clock(reached))\(total)\u{1B}[K")
            }
        }
        let media = try MediaCaptions(contentsOf: path, options: options)
        if io.standardErrorIsTerminal && media.a53 != nil { io.writeStandardError("\r\u{1B}[K") }
        return media
    }

    /// `H:MM:SS` for progress lines.
    static func clock(_ time: MediaTime) -> String {
        let c = time.clockComponents(fractionScale: 1)
        let m = c.minutes < 10 ? "0\(c.minutes)" : "\(c.minutes)"
        let s = c.seconds < 10 ? "0\(c.seconds)" : "\(c.seconds)"
        return "\(c.hours):\(m):\(s)"
    }

    /// The track `--track` names, or the one the selection rules pick for `--prefer` (always-on:
    /// the most accessible track in the best language, the file's default breaking ties), with why.
    static func choose(_ media: MediaCaptions, _ arguments: Arguments) throws -> (track: MediaCaptions.Stream, why: String) {
        if let wanted = arguments.value("track") {
            let lower = wanted.lowercased()
            if lower.hasPrefix("service"), let n = Int(lower.dropFirst("service".count)) {
                guard media.dtvccServices.contains(n) else { throw media.noTrackError(wanted) }
                throw LegibleError(.unsupportedFormat, "CEA-708 service \(n) carries data in \(media.path), but Legible has no CEA-708 decoder yet; its 608 channels with text: \(channelList(media))")
            }
            guard let track = media.stream(named: wanted) else { throw media.noTrackError(wanted) }
            return (track, "--track \(wanted)")
        }
        let preferred = try PictureOptions.preferredLanguages(arguments)
        let options = media.trackOptions()
        let viewer = ViewerPreferences(preferredLanguages: preferred, displayMode: .alwaysOn)
        let result = TrackSelector().select(options, for: viewer)
        guard let chosen = result.chosen, let track = media.streams.first(where: { $0.id == chosen.id }) else {
            if media.streams.isEmpty { throw media.noTrackError(preferred.isEmpty ? "(any)" : preferred.map(\.rawValue).joined(separator: ",")) }
            throw LegibleError(.noSuchTrack, "no readable caption track in \(media.path) for this viewer: \(result.summary) (\(media.streams.map { "\($0.id): \($0.unavailableReason ?? "readable")" }.joined(separator: "; ")))")
        }
        let reason = result.trace.first { $0.optionID == chosen.id }?.reason ?? result.summary
        return (track, "chosen by the track-selection rules: \(reason)")
    }

    private static func channelList(_ media: MediaCaptions) -> String {
        let channels = media.streams.filter { if case .closedCaptions = $0.source { true } else { false } }.map(\.id)
        return channels.isEmpty ? "none" : channels.joined(separator: ", ")
    }

    /// A short description of a track for messages: `s:1 (ass, ja, "Signs", forced, default)`.
    static func describe(_ track: MediaCaptions.Stream) -> String {
        var parts = [track.codec]
        if let language = track.language { parts.append(language.rawValue) }
        if let title = track.title { parts.append("\"\(title)\"") }
        if track.kind == .forced { parts.append("forced") }
        if track.characteristics.contains(MediaCharacteristic.describesMusicAndSound) && track.kind != .captions { parts.append("SDH") }
        if track.isDefault { parts.append("default") }
        return "\(track.id) (\(parts.joined(separator: ", ")))"
    }

    /// Opens `path`, picks a track and reads it; says on stderr which track was read and why when
    /// the file has more than one, or when the selection rules chose.
    static func load(_ path: String, _ arguments: Arguments, io: CommandIO, keepsCueViews: Bool, needsFonts: Bool) throws -> LoadedInput {
        let media = try open(path, arguments, io: io)
        let (track, why) = try choose(media, arguments)
        if media.streams.count > 1 && arguments.value("track") == nil {
            io.error("legible: \(path): reading track \(describe(track)), \(why); --track picks another (\(media.streams.map(\.id).joined(separator: ", ")))")
        }
        return try read(track, of: media, arguments, keepsCueViews: keepsCueViews, needsFonts: needsFonts)
    }

    /// Reads one track of an opened media file as a command's input; `needsFonts` takes out the
    /// file's font attachments for an ASS track (commands that draw or check fonts).
    static func read(_ track: MediaCaptions.Stream, of media: MediaCaptions, _ arguments: Arguments,
                     keepsCueViews: Bool, needsFonts: Bool) throws -> LoadedInput {
        var options = CaptionFile.Options(encoding: arguments.value("encoding"), keepsCueViews: keepsCueViews)
        options.beforeReading = { format, size in LargeInputHeap.prepare(forInputOfSize: size, format: format) }
        let read = try media.open(track, options: options, attachedFonts: needsFonts)
        return LoadedInput(displayName: "\(media.path)#\(track.id)", file: read.file,
                           result: ParseResult(value: read.document, diagnostics: read.file.diagnostics), mediaTrack: track,
                           attachedFonts: read.attachedFonts)
    }
}
