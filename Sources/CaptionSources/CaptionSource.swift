public import TimedText
internal import TextScanning
public import CaptionFormats
public import MediaCaptions
public import TrackSelection
import Foundation

/// Where a player's captions come from — a caption file, a media file with caption streams, or
/// an HLS playlist — and the choices it offers, the way AVFoundation's media selection works:
/// open the source, rank its `options` with the selection rules (language, kind,
/// characteristics, forced, default), open the chosen one as a `CaptionTrack`, which carries
/// everything a renderer needs.
///
/// ```swift
/// let source = try CaptionSource(contentsOf: "show.mkv")          // or movie.srt, master.m3u8
/// let choice = source.select(for: viewer)                          // the option, and why
/// let track = try source.open(choice.chosen!)                      // cues, layout rules, fonts
/// let renderer = try CaptionRenderer(track: track, width: 1920, height: 1080)
/// ```
///
/// Option ids are what `legible tracks` prints: `FILE` for a caption file's only track,
/// `FILE#ID` for one of several (`show.scc#CC3`), `FILE#s:0` or `FILE#CC1` for a media file's
/// streams, `GROUP/LANGUAGE` for an HLS rendition (`subs/fr-CA`). `option(named:)` accepts those
/// and shorter spellings, which is what every command's `--track` takes.
public struct CaptionSource: Sendable {
    /// What the source is.
    public enum Kind: Sendable {
        /// A caption file: its tracks are the options.
        case captionFile(CaptionFile)
        /// A media file: its subtitle streams and the closed-caption channels of its video.
        case mediaFile(MediaCaptions)
        /// An HLS master playlist: its `SUBTITLES` and `CLOSED-CAPTIONS` renditions.
        case masterPlaylist(HLSMasterPlaylist)
        /// An HLS media playlist of caption segments: one option, the playlist itself.
        case mediaPlaylist(HLSMediaPlaylist)
    }

    /// How a source is opened.
    public struct Options: Sendable {
        /// How caption files (and the text of streams and segments) are read.
        public var reading: CaptionFile.Options
        /// How media files are opened (the A/53 scan, its progress, the programs).
        public var media: MediaCaptions.Options
        /// Take a media file's font attachments out with a track drawn as its own script (ASS);
        /// off for a reader that only wants the text (taking them out is a second run of ffmpeg).
        public var attachedFonts: Bool

        /// Options from their parts; by default everything is detected and fonts come with scripts.
        public init(reading: CaptionFile.Options = .default, media: MediaCaptions.Options = .default, attachedFonts: Bool = true) {
            self.reading = reading
            self.media = media
            self.attachedFonts = attachedFonts
        }

        /// Detect everything, scan the video for A/53 captions when it asks for it, take fonts out.
        public static let `default` = Options()
    }

    /// The path or name the source was opened with (`-` reads as `<stdin>`).
    public let name: String
    /// What it is.
    public let kind: Kind
    /// The choices it offers, in source order; ids unique within the source. A caption file's are
    /// made when asked for (their languages go through ICU, which reading the file alone need not load).
    public var options: [TrackOption] {
        guard case .captionFile(let file) = kind else { return listed }
        let tracks = file.document.tracks
        let hints = name == "<stdin>" ? FileNameHints() : FileNameHints(fileName: name)
        return tracks.enumerated().map { k, track in
            TrackOption(track: track, id: tracks.count == 1 ? name : "\(name)#\(track.id ?? String(k))", source: name, hints: hints)
        }
    }
    /// The options of a media file or a playlist, made as it was opened.
    private let listed: [TrackOption]
    /// What reading the source itself reported (a caption file's diagnostics, a playlist's).
    public let diagnostics: [Diagnostic]
    /// How it was opened, for opening its options.
    public let openingOptions: Options
    /// How each option is opened, by id.
    private let handles: [String: Handle]

    private enum Handle: Sendable {
        case fileTrack(Int)
        case mediaStream(MediaCaptions.Stream)
        case rendition(HLSRendition)
        case segments
    }

    /// Opens the source at `path`: a media file (by its signature, else its extension), an HLS
    /// playlist (`.m3u8`, or `#EXTM3U` at its start), else a caption file. Throws when it cannot
    /// be read at all; damaged content is reported in `diagnostics`.
    public init(contentsOf path: String, options: Options = .default) throws(LegibleError) {
        if MediaFile.isMediaFile(path) {
            self.init(name: path, media: try MediaCaptions(contentsOf: path, options: options.media), options: options)
        } else if let bytes = try Self.playlistBytes(path) {
            self.init(name: path, playlist: bytes, options: options)
        } else {
            self.init(name: path, file: try CaptionFile(contentsOf: path, options: options.reading), options: options)
        }
    }

    /// A source from bytes in memory: an HLS playlist when they start with `#EXTM3U`, else a
    /// caption file; `name` (a file name or path) helps tell the format and resolves a
    /// playlist's relative URIs.
    public init(bytes: [UInt8], name: String, options: Options = .default) throws(LegibleError) {
        if HLSMasterPlaylist.looksLikePlaylist(bytes) {
            self.init(name: name, playlist: bytes, options: options)
        } else {
            self.init(name: name, file: try CaptionFile(bytes: bytes, fileName: name == "-" ? nil : name, options: options.reading),
                      options: options)
        }
    }

    /// A caption file already opened, as a source.
    public init(name: String, file: CaptionFile, options: Options = .default) {
        self.name = name == "-" ? "<stdin>" : name
        kind = .captionFile(file)
        listed = []
        diagnostics = file.diagnostics
        openingOptions = options
        handles = [:]
    }

    /// A media file already opened, as a source.
    public init(name: String, media: MediaCaptions, options: Options = .default) {
        var handles: [String: Handle] = [:]
        let list = media.trackOptions(idPrefix: name)
        for (option, stream) in zip(list, media.streams) { handles[option.id] = .mediaStream(stream) }
        self.name = name
        kind = .mediaFile(media)
        listed = list
        diagnostics = []
        openingOptions = options
        self.handles = handles
    }

    private init(name: String, playlist bytes: [UInt8], options: Options) {
        let shown = name == "-" ? "<stdin>" : name
        self.name = shown
        openingOptions = options
        // A media playlist (segments, no renditions) is one option: the playlist itself.
        if Self.isMediaPlaylist(bytes) {
            let read = HLSMediaPlaylist.read(bytes)
            kind = .mediaPlaylist(read.value)
            diagnostics = read.diagnostics
            let hints = FileNameHints(fileName: name)
            listed = [TrackOption(id: shown, language: hints.language, isForced: hints.isForced, source: shown)]
            handles = [shown: .segments]
            return
        }
        let read = HLSMasterPlaylist.read(bytes)
        kind = .masterPlaylist(read.value)
        diagnostics = read.diagnostics
        let list = read.value.legibleOptions(source: shown)
        var handles: [String: Handle] = [:]
        let legible = read.value.renditions.filter { $0.type == "SUBTITLES" || $0.type == "CLOSED-CAPTIONS" }
        for (option, rendition) in zip(list, legible) { handles[option.id] = .rendition(rendition) }
        listed = list
        self.handles = handles
    }

    /// The caption file, for a source that is one.
    public var captionFile: CaptionFile? { if case .captionFile(let file) = kind { file } else { nil } }

    /// Nothing could be read: a caption file with errors and no cue, or a playlist with errors
    /// and no option.
    public var isUnreadable: Bool {
        switch kind {
        case .captionFile(let file): file.isUnreadable
        case .mediaFile: false
        case .masterPlaylist, .mediaPlaylist: diagnostics.contains { $0.severity == .error } && options.isEmpty
        }
    }

    // MARK: - Choosing

    /// The option the selection rules give `viewer` among this source's, with the reason for
    /// every option (`TrackSelector`).
    public func select(for viewer: ViewerPreferences) -> SelectionResult {
        TrackSelector().select(options, for: viewer)
    }

    /// The option `name` stands for — what every command's `--track` takes:
    /// - an option's id as `legible tracks` prints it (`show.mkv#s:0`, `show.scc#CC3`, `subs/fr-CA`),
    ///   the source part spelt any way that names the same file (`./show.mkv#s:0`);
    /// - the part after `#` alone, any case (`s:0`, `CC3`);
    /// - a zero-based place among the options (`1`, or `#1`);
    /// - a language (`fr`, `fre`, `pt-BR`): the best readable option in it, by BCP 47 matching.
    /// Nil when none is.
    public func option(named name: String) -> TrackOption? {
        if let exact = options.first(where: { $0.id == name }) { return exact }
        var wanted = name
        if let hash = name.lastIndex(of: "#") {
            let prefix = String(name[..<hash])
            guard prefix.isEmpty || refersToThisSource(prefix) else { return nil }
            wanted = String(name[name.index(after: hash)...])
        }
        let lower = wanted.lowercased()
        if let found = options.first(where: { Self.localID($0.id, source: self.name).lowercased() == lower }) { return found }
        if let n = Int(wanted), options.indices.contains(n) { return options[n] }
        if name.contains("#") { return nil }
        guard let tag = LanguageTag(wanted), !tag.isUndetermined else { return nil }
        let candidates = options.filter { $0.unavailableReason == nil && $0.language != nil }
        let result = TrackSelector().select(candidates, for: ViewerPreferences(preferredLanguages: [tag], displayMode: .alwaysOn))
        guard let chosen = result.chosen, chosen.language.map({ LanguageMatch.of($0, for: tag) != nil }) ?? false else { return nil }
        return chosen
    }

    /// The error for a track this source does not have, naming those it has.
    public func noTrackError(_ asked: String) -> LegibleError {
        if case .mediaFile(let media) = kind {
            let lower = asked.lowercased()
            if lower.hasPrefix("service"), let n = Int(lower.dropFirst("service".count)), media.dtvccServices.contains(n) {
                return LegibleError(.noSuchTrack, "CEA-708 service \(n) carries data in \(media.path), but none of it is shown (no window with text is displayed)")
            }
            return media.noTrackError(asked)
        }
        let has = options.map { $0.id + ($0.unavailableReason == nil ? "" : " (unreadable)") }
        return LegibleError(.noSuchTrack, "\(name) has no caption track '\(asked)': \(has.isEmpty ? "it has no caption track" : "its tracks: " + has.joined(separator: ", "))")
    }

    /// The error for a source that offers nothing to choose: no option at all, or none that can
    /// be read — a video without subtitle streams or closed captions says so in those words
    /// (`MediaCaptions.whyNoCaptions`), not as a track it lacks. Code `.noSuchTrack`.
    public func noCaptionsError() -> LegibleError {
        if case .mediaFile(let media) = kind { return media.noCaptionsError() }
        let unreadable = options.map { "\($0.id) (\($0.unavailableReason ?? "readable"))" }
        let why = switch kind {
        case .masterPlaylist: options.isEmpty ? "no subtitle or closed-caption rendition" : "no rendition can be read: " + unreadable.joined(separator: "; ")
        default: options.isEmpty ? "no caption track" : "no track can be read: " + unreadable.joined(separator: "; ")
        }
        return LegibleError(.noSuchTrack, "\(name) has no captions: \(why)")
    }

    /// The part of an option's id after the source's name (`s:0` of `show.mkv#s:0`), or the id
    /// itself when it does not start with it (an HLS rendition's `subs/fr-CA`): enough to name it
    /// among this source's options.
    public func localID(of option: TrackOption) -> String { Self.localID(option.id, source: name) }

    private static func localID(_ id: String, source: String) -> String {
        id.hasPrefix(source + "#") ? String(id.dropFirst(source.count + 1)) : id
    }

    /// Whether `prefix` names this source: the same string, or a path to the same file.
    private func refersToThisSource(_ prefix: String) -> Bool {
        if prefix == name { return true }
        guard name != "<stdin>", let a = realpath(prefix, nil), let b = realpath(name, nil) else { return false }
        defer { free(a); free(b) }
        return strcmp(a, b) == 0
    }

    // MARK: - Opening

    /// Opens an option of this source: a caption file's track, a media file's stream (taken out
    /// and read), an HLS rendition (its media playlist and segments read, times mapped onto the
    /// media timeline). Throws `.noSuchTrack` for an option of another source, `.unsupportedFormat`
    /// for one that cannot be read (with why), `.unreadableInput` when a file it needs cannot be read.
    public func open(_ option: TrackOption) throws(LegibleError) -> CaptionTrack {
        let fileTrack: Handle? = captionFile == nil ? nil : options.firstIndex { $0.id == option.id }.map { .fileTrack($0) }
        guard let handle = fileTrack ?? handles[option.id] else {
            throw LegibleError(.noSuchTrack, "\(name) has no caption track '\(option.id)' (its tracks: \(options.map(\.id).joined(separator: ", ")))")
        }
        if let reason = option.unavailableReason {
            throw LegibleError(.unsupportedFormat, "track \(option.id) of \(name) cannot be read: \(reason)")
        }
        let directory = Self.directory(of: name)
        switch handle {
        case .fileTrack(let k):
            guard case .captionFile(let file) = kind else { preconditionFailure("a file track of a source that is no file") }
            return CaptionTrack(option: option, file: file, trackIndex: k, imageDirectory: directory)
        case .mediaStream(let stream):
            guard case .mediaFile(let media) = kind else { preconditionFailure("a media stream of a source that is no media file") }
            let read = try media.open(stream, options: openingOptions.reading, attachedFonts: openingOptions.attachedFonts)
            return CaptionTrack(option: option, file: read.file, document: read.document, attachedFonts: read.attachedFonts,
                                imageDirectory: directory, mediaStream: stream)
        case .rendition(let rendition):
            guard let uri = rendition.uri else {
                let where_ = rendition.instreamID.map { " (\($0))" } ?? ""
                throw LegibleError(.unsupportedFormat, "track \(option.id) of \(name) is carried in the video's stream\(where_), not in a file of its own: open the video (a media file) for its closed captions")
            }
            let playlistPath = resolvedURI(uri, relativeTo: name)
            let bytes = try Self.read(playlistPath)
            let playlist = HLSMediaPlaylist.read(bytes)
            let file = try HLSRenditionReader(playlistPath: playlistPath, playlist: playlist, reading: openingOptions.reading).read()
            return CaptionTrack(option: option, file: file, document: identified(file.document, as: option), attachedFonts: [],
                                imageDirectory: Self.directory(of: playlistPath))
        case .segments:
            guard case .mediaPlaylist(let playlist) = kind else { preconditionFailure("segments of a source that is no media playlist") }
            let file = try HLSRenditionReader(playlistPath: name, playlist: ParseResult(value: playlist, diagnostics: diagnostics),
                                              reading: openingOptions.reading).read()
            return CaptionTrack(option: option, file: file, document: identified(file.document, as: option), attachedFonts: [],
                                imageDirectory: directory)
        }
    }

    /// `document`'s track given what the playlist says of it: the rendition's id, language,
    /// name, kind and characteristics (its segments say none of these).
    private func identified(_ document: Document, as option: TrackOption) -> Document {
        var document = document
        for t in document.tracks.indices {
            document.tracks[t].id = localID(of: option)
            if let language = option.language { document.tracks[t].language = language }
            if let label = option.name { document.tracks[t].label = label }
            if option.kind == .captions { document.tracks[t].kind = .captions } else if option.isForced { document.tracks[t].kind = .forced }
            for c in option.characteristics where !document.tracks[t].characteristics.contains(c) {
                document.tracks[t].characteristics.append(c)
            }
        }
        return document
    }

    /// The folder of a path, which relative references (images, segments) are files of.
    static func directory(of path: String) -> String? {
        guard path != "-", path != "<stdin>", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The bytes of the file at `path`; a URL Legible does not fetch is an error saying so.
    static func read(_ path: String) throws(LegibleError) -> [UInt8] {
        if path.contains("://") {
            throw LegibleError(.unsupportedFormat, "\(path) is a URL: Legible reads local files; fetch it and open the copy (or the bytes: CaptionSource(bytes:name:))")
        }
        do {
            return try FileIO.read(path: path)
        } catch {
            throw LegibleError(.unreadableInput, error.description)
        }
    }

    /// The bytes of a playlist input, or nil when the input is not one (by name, else by its
    /// first bytes).
    private static func playlistBytes(_ path: String) throws(LegibleError) -> [UInt8]? {
        guard path != "-" else { return nil }
        let lower = path.lowercased()
        if lower.hasSuffix(".m3u8") || lower.hasSuffix(".m3u") { return try read(path) }
        // Only the first bytes decide: a caption file of any size is not read twice.
        guard HLSMasterPlaylist.looksLikePlaylist(head(of: path)) else { return nil }
        return try read(path)
    }

    /// The first bytes of the file at `path` (empty when it cannot be read).
    private static func head(of path: String, count: Int = 16) -> [UInt8] {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        return Array(bytes.prefix(max(0, n)))
    }

    /// A media playlist lists segments (`#EXTINF`) and no variant or rendition.
    private static func isMediaPlaylist(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        return text.contains("#EXTINF") && !text.contains("#EXT-X-STREAM-INF") && !text.contains("#EXT-X-MEDIA:")
    }
}
