extension CaptionFile {
    /// The script libass should draw as itself, for a file whose format has one (ASS/SSA: its own
    /// text, its `[Fonts]` and, for a track of a media file, the file's font attachments,
    /// `attachedFonts`); nil for formats whose cues the engine lays out. Give it to
    /// `CaptionRenderer(…, nativeScript:)` so that the picture is what libass and mpv draw.
    public var nativeScript: NativeASSScript? {
        guard let ass = contents as? SubStationAlphaFile else { return nil }
        let fonts = ass.script.attachments.filter { $0.kind == .font && !$0.data.isEmpty }.map { FontFile(data: $0.data, name: $0.name) }
        return NativeASSScript(text: ass.script.sourceText, fonts: fonts + attachedFonts)
    }

    /// `nativeScript` with the fonts of each of `fontDirectories` added after the script's own
    /// (`NativeASSScript.addFonts(contentsOfDirectory:)`): what `legible render --fonts-dir` and
    /// `burn --fonts-dir` give libass. Throws when a directory cannot be read.
    public func nativeScript(fontDirectories: [String]) throws(LegibleError) -> NativeASSScript? {
        guard var script = nativeScript else { return nil }
        for directory in fontDirectories { try script.addFonts(contentsOfDirectory: directory) }
        return script
    }
}
