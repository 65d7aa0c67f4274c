public import TimedText

/// What a subtitle file's name says about it, by the naming convention players and media servers
/// share: `Title.LANG[.forced|.sdh|.cc|.hi|.easy].EXT` — `movie.en.srt`, `movie.pt-BR.forced.vtt`,
/// `movie.en.sdh.srt`, `movie.ja.cc.scc`. Markers and the language may come in either order; the
/// scan walks back from the extension and stops at the first token that is neither, so that the
/// title (`The.Movie.2019`) is never read as a language.
public struct FileNameHints: Sendable, Hashable {
    /// The language token nearest the extension (`en`, `pt-BR`, `ger`), canonicalised; nil when the
    /// name has none.
    public var language: LanguageTag?
    /// `forced` or `foreign`: forced narrative only.
    public var isForced: Bool
    /// `sdh`, or `hi` (hearing impaired) after a language.
    public var isSDH: Bool
    /// `cc`: closed captions, which are SDH by content.
    public var isClosedCaptions: Bool
    /// `easy`, `easyreader`, `easy-reader`.
    public var isEasyReader: Bool

    /// Hints given directly (the default: none), for a track whose file name says nothing.
    public init(language: LanguageTag? = nil, isForced: Bool = false, isSDH: Bool = false,
                isClosedCaptions: Bool = false, isEasyReader: Bool = false) {
        self.language = language
        self.isForced = isForced
        self.isSDH = isSDH
        self.isClosedCaptions = isClosedCaptions
        self.isEasyReader = isEasyReader
    }

    /// Reads the hints from a path or file name.
    public init(fileName path: String) {
        self.init()
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        var tokens = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if tokens.count > 1 { tokens.removeLast() } // the extension
        var index = tokens.count - 1
        while index >= 0 {
            let token = tokens[index]
            let isTitle = index == 0 && tokens.count > 1
            switch token.lowercased() {
            case "forced", "foreign": isForced = true
            case "sdh": isSDH = true
            // `hi` is both "hearing impaired" and Hindi: a marker when a language comes before it
            // (`movie.en.hi.srt`), else Hindi (`movie.hi.srt`).
            case "hi" where language == nil && index > 1
                && Self.languageToken(tokens[index - 1], alone: false) != nil:
                isSDH = true
            case "cc": isClosedCaptions = true
            case "easy", "easyreader", "easy-reader", "easy_reader": isEasyReader = true
            default:
                guard language == nil, !isTitle, let tag = Self.languageToken(token, alone: tokens.count == 1) else {
                    return
                }
                language = tag
            }
            index -= 1
        }
    }

    /// A token that names a language: a known primary language subtag of two or three letters
    /// (`en`, `eng`, `ger`, `pob`), optionally with more subtags (`pt-BR`, `zh_Hant`). A file named
    /// only `her.srt` is not taken for Herero: alone, only two-letter codes and full tags count.
    private static func languageToken(_ token: String, alone: Bool) -> LanguageTag? {
        let primary = token.prefix { $0 != "-" && $0 != "_" }
        guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if alone, primary.count == 3, primary.count == token.count { return nil }
        guard let tag = LanguageTag(token), tag.isKnownLanguage else { return nil }
        return tag
    }
}
