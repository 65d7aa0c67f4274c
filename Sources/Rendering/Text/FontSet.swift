internal import CaptionStyling
public import TimedText
public import TextScanning
#if canImport(Glibc)
import Glibc
#endif

/// The fonts a renderer loads, from known files only, and which family draws which text.
///
/// Each of FCC 79.103's font styles, and CJK text, has a *role*, drawn by one family. By default
/// (`FontSet()`) the roles are Debian's fonts (see `scripts/setup.sh`): proportional sans-serif
/// DejaVu Sans (fonts-dejavu-core, also Arabic and Hebrew), monospaced sans-serif DejaVu Sans Mono,
/// proportional serif DejaVu Serif, monospaced serif Nimbus Mono PS (fonts-urw-base35), casual
/// Comic Neue (fonts-comic-neue), cursive Z003 (fonts-urw-base35), small capitals DejaVu Sans with
/// lower-case letters drawn as smaller capitals; Japanese, Chinese and Korean in Noto Sans/Serif
/// CJK (fonts-noto-cjk). A player supplies its own: `FontSet(files:)`, `set(_:for:)`,
/// `add(contentsOfDirectory:)`. A file that is missing is reported in `missing` and its role falls
/// back to the default one — never to whatever the machine has.
public struct FontSet: Sendable {
    /// What a family is used for.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// Also the default, and small capitals.
        case proportionalSansSerif
        /// Monospaced sans-serif, CEA-608's grid font: DejaVu Sans Mono by default.
        case monospacedSansSerif
        /// Proportional serif: DejaVu Serif by default.
        case proportionalSerif
        /// Monospaced serif (the typewriter look): Nimbus Mono PS by default.
        case monospacedSerif
        /// Casual: Comic Neue by default.
        case casual
        /// Cursive (script): Z003 by default.
        case cursive
        /// Japanese, Chinese and Korean text in sans-serif styles: Noto Sans CJK by default.
        case cjkSansSerif
        /// Japanese, Chinese and Korean text in serif styles: Noto Serif CJK by default; without
        /// it, `cjkSansSerif` draws them.
        case cjkSerif
    }

    /// Every font file loaded, each role's and each added directory's, as handed to libass.
    public private(set) var files: [FontFile] = []
    /// Paths that could not be read.
    public private(set) var missing: [String] = []
    /// The family that draws each role (unset roles fall back to `.proportionalSansSerif`).
    public private(set) var families: [Role: String] = [:]
    private var cellHeights: [String: Double] = [:]
    /// Named families drawn by a loaded stand-in (lower-cased name → the stand-in's family).
    private var standIns: [String: String] = [:]
    private var lineHeights: [String: Double] = [:]
    private var ascentShares: [String: Double] = [:]

    struct Face: Sendable {
        var role: Role
        var family: String
        var path: String
        /// The normal line height per em to use instead of the file's own, for a face that stands
        /// in for another whose line spacing content is made for.
        var normalLineHeight: Double? = nil
    }

    static let debianFaces: [Face] = [
        Face(role: .proportionalSansSerif, family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
        Face(role: .proportionalSansSerif, family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
        Face(role: .proportionalSansSerif, family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf"),
        Face(role: .monospacedSansSerif, family: "DejaVu Sans Mono", path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
        Face(role: .monospacedSansSerif, family: "DejaVu Sans Mono", path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"),
        Face(role: .proportionalSerif, family: "DejaVu Serif", path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"),
        Face(role: .proportionalSerif, family: "DejaVu Serif", path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"),
        // A Courier clone: its advances are Courier New's, its line spacing (1.2 em) is not.
        // Courier New's (ascender 1705 + descender 615 of 2048 units, 1.133 em) is what IMSC
        // renderers give TTML's default monospaced serif text, and what lines are stacked by.
        Face(role: .monospacedSerif, family: "Nimbus Mono PS", path: "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf",
             normalLineHeight: 2320.0 / 2048),
        Face(role: .casual, family: "Comic Neue", path: "/usr/share/fonts/opentype/comic-neue/ComicNeue-Regular.otf"),
        Face(role: .cursive, family: "Z003", path: "/usr/share/fonts/opentype/urw-base35/Z003-MediumItalic.otf"),
        Face(role: .cjkSansSerif, family: "Noto Sans CJK JP", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
        Face(role: .cjkSerif, family: "Noto Serif CJK JP", path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"),
    ]

    /// A face that stands in for families content names by name: a metric-compatible clone,
    /// whose every advance is the named family's, so that lines are as long and wrap where the
    /// author saw them wrap.
    struct StandIn: Sendable {
        var family: String
        var path: String
        /// The names it is drawn for (matched without regard to case).
        var standsFor: [String]
        /// The named family's normal line height per em (hhea ascender + descender + line gap),
        /// which content is made for, when the clone's own differs.
        var normalLineHeight: Double?
    }

    /// URW's clones of the PostScript base fonts (fonts-urw-base35) for Arial/Helvetica,
    /// Times New Roman/Times and Courier New/Courier — and for the Liberation and Croscore faces
    /// metric-compatible with those. Arial's and Times New Roman's hhea metrics (1854 + 434 + 67
    /// and 1825 + 443 + 87 of 2048 units) both give 1.15 em; Courier New's 1.133 em.
    static let standIns: [StandIn] = {
        let dir = "/usr/share/fonts/opentype/urw-base35/"
        let sans = ["Arial", "Helvetica", "Liberation Sans", "Arimo"]
        let serif = ["Times New Roman", "Times", "Liberation Serif", "Tinos"]
        let mono = ["Courier New", "Courier", "Liberation Mono", "Cousine"]
        var faces: [StandIn] = []
        for style in ["Regular", "Bold", "Italic", "BoldItalic"] {
            faces.append(StandIn(family: "Nimbus Sans", path: dir + "NimbusSans-\(style).otf", standsFor: sans, normalLineHeight: 2355.0 / 2048))
            faces.append(StandIn(family: "Nimbus Roman", path: dir + "NimbusRoman-\(style).otf", standsFor: serif, normalLineHeight: 2355.0 / 2048))
            faces.append(StandIn(family: "Nimbus Mono PS", path: dir + "NimbusMonoPS-\(style).otf", standsFor: mono, normalLineHeight: 2320.0 / 2048))
        }
        return faces
    }()

    /// The Debian package that holds a font file of Debian's set, to name when it is missing.
    public static func debianPackage(ofFontAt path: String) -> String? {
        if path.hasPrefix("/usr/share/fonts/truetype/dejavu/") { return "fonts-dejavu-core" }
        if path.hasPrefix("/usr/share/fonts/opentype/urw-base35/") { return "fonts-urw-base35" }
        if path.hasPrefix("/usr/share/fonts/opentype/comic-neue/") { return "fonts-comic-neue" }
        if path.hasPrefix("/usr/share/fonts/opentype/noto/") { return "fonts-noto-cjk" }
        return nil
    }

    /// The family of the default role in Debian's set (what libass falls back to).
    public static let defaultFamily = "DejaVu Sans"

    /// Debian's fonts, every face that exists; the CJK faces (about 40 MB) only when `cjk` is true.
    public init(cjk: Bool = true) {
        for face in Self.debianFaces where cjk || (face.role != .cjkSansSerif && face.role != .cjkSerif) {
            if let file = try? FontFile(path: face.path) {
                add(file, family: face.family, as: face.role)
                if let height = face.normalLineHeight { lineHeights[face.family] = height }
            } else {
                missing.append(face.path)
            }
        }
        var loadedPaths = Set(files.map(\.path))
        for face in Self.standIns where !loadedPaths.contains(face.path) {
            guard let file = try? FontFile(path: face.path) else {
                missing.append(face.path)
                continue
            }
            loadedPaths.insert(face.path)
            files.append(file)
            if cellHeights[face.family] == nil { cellHeights[face.family] = file.cellHeightPerEm }
            if let height = face.normalLineHeight, lineHeights[face.family] == nil { lineHeights[face.family] = height }
            for name in face.standsFor { standIns[name.lowercased()] = face.family }
        }
    }

    /// The player's own fonts, each for its role; roles not given fall back to the
    /// proportional sans-serif one, which must be given.
    public init(files: [Role: FontFile]) throws(LegibleError) {
        guard files[.proportionalSansSerif] != nil else {
            throw LegibleError(.invalidArgument, "a FontSet needs a proportionalSansSerif font: the default role every other falls back to")
        }
        for role in Role.allCases { if let file = files[role] { try set(file, for: role) } }
    }

    /// Makes `file` the font of `role`; its family name is read from the file.
    public mutating func set(_ file: FontFile, for role: Role) throws(LegibleError) {
        guard let family = file.familyName else {
            throw LegibleError(.invalidArgument, "\(file.path) has no family name (not an OpenType or TrueType font?)")
        }
        add(file, family: family, as: role, replacing: true)
    }

    /// Loads every font file (`.ttf`, `.otf`, `.ttc`, `.otc`) in a directory, so that their families are
    /// there for libass (an ASS script or a content style naming them). Returns how many were loaded.
    @discardableResult
    public mutating func add(contentsOfDirectory directory: String) throws(LegibleError) -> Int {
        let found = try FontFile.files(inDirectory: directory)
        missing += found.unreadable
        for file in found.fonts {
            files.append(file)
            let family = file.familyName ?? file.path
            if cellHeights[family] == nil { cellHeights[family] = file.cellHeightPerEm }
            if ascentShares[family] == nil { ascentShares[family] = file.ascentShareOfCell }
            if lineHeights[family] == nil { lineHeights[family] = file.normalLineHeightPerEm }
        }
        return found.fonts.count
    }

    /// Loads `file`; it becomes `role`'s font when the role has none yet, or always with
    /// `replacing` (a player's own font over the system's).
    private mutating func add(_ file: FontFile, family: String, as role: Role, replacing: Bool = false) {
        files.append(file)
        if replacing || families[role] == nil { families[role] = family }
        if cellHeights[family] == nil { cellHeights[family] = file.cellHeightPerEm }
        if ascentShares[family] == nil { ascentShares[family] = file.ascentShareOfCell }
        if replacing || lineHeights[family] == nil { lineHeights[family] = file.normalLineHeightPerEm }
    }

    /// The family of the default role.
    var fallbackFamily: String { families[.proportionalSansSerif] ?? Self.defaultFamily }

    func has(_ family: String) -> Bool { cellHeights[family] != nil }

    /// libass's size for a family at one em (see `FontFile.cellHeightPerEm`).
    func cellHeightPerEm(_ family: String) -> Double { cellHeights[family] ?? cellHeights[fallbackFamily] ?? 1.164 }

    /// The share of a family's cell above the baseline (see `FontFile.ascentShareOfCell`).
    func ascentShareOfCell(_ family: String) -> Double { ascentShares[family] ?? ascentShares[fallbackFamily] ?? 0.8 }

    /// A family's normal line height for one em (CSS `line-height: normal`), its cell's when
    /// the file gives none.
    func normalLineHeightPerEm(_ family: String) -> Double { lineHeights[family] ?? cellHeightPerEm(family) }

    /// Whether `family` is a monospaced role's or stands in for a monospaced face: every
    /// character takes one cell, so letters must not be joined into ligatures (Nimbus Mono PS
    /// has an "fi" ligature; Courier New, which it stands in for, has none, nor has a terminal).
    func isMonospaced(_ family: String) -> Bool {
        family == families[.monospacedSerif] || family == families[.monospacedSansSerif] || family == standIns["courier new"]
    }

    /// The family that draws `text` in `style`.
    func family(for style: ComputedCaptionStyle, text: Substring) -> String {
        let serif = style.font == .proportionalSerif || style.font == .monospacedSerif
        if ScalarFacts.containsCJK(text), let cjk = families[serif ? .cjkSerif : .cjkSansSerif] ?? families[.cjkSansSerif] {
            return cjk
        }
        // Arabic, Hebrew and the other right-to-left scripts (their digits and points included):
        // the default role's font is expected to have them.
        if ScalarFacts.containsRightToLeftScript(text) { return fallbackFamily }
        // A family the content names, when it is loaded or stood in for (CSS: the first available).
        for name in style.contentFamilies {
            if has(name) { return name }
            if let standIn = standIns[name.lowercased()] { return standIn }
        }
        return family(for: style.font)
    }

    /// The family that draws a font style (small capitals: the default family, whose capitals
    /// the engine scales).
    func family(for font: CaptionFontStyle) -> String {
        let role: Role = switch font {
        case .default, .proportionalSansSerif, .smallCapitals: .proportionalSansSerif
        case .monospacedSansSerif: .monospacedSansSerif
        case .proportionalSerif: .proportionalSerif
        case .monospacedSerif: .monospacedSerif
        case .casual: .casual
        case .cursive: .cursive
        }
        return families[role] ?? fallbackFamily
    }
}

