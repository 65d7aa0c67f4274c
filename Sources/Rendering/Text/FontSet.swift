import CaptionStyling

/// The fonts a renderer loads, from known files only, and which family draws which text.
///
/// FCC 79.103's eight font styles map onto Debian packages (see `scripts/setup.sh`):
/// proportional sans-serif DejaVu Sans (fonts-dejavu-core, also Arabic and Hebrew), monospaced
/// sans-serif DejaVu Sans Mono, proportional serif DejaVu Serif, monospaced serif Nimbus Mono PS
/// (fonts-urw-base35), casual Comic Neue (fonts-comic-neue), cursive Z003 (fonts-urw-base35),
/// small capitals DejaVu Sans with lower-case letters drawn as smaller capitals; Japanese, Chinese
/// and Korean in Noto Sans/Serif CJK (fonts-noto-cjk). A file that is missing is reported in
/// `missing` and its style falls back to DejaVu Sans — never to whatever the machine has.
public struct FontSet: Sendable {
    public struct Face: Sendable {
        public var family: String
        public var path: String
    }

    public private(set) var files: [FontFile] = []
    /// Paths that could not be read.
    public private(set) var missing: [String] = []
    private var cellHeights: [String: Double] = [:]

    static let faces: [Face] = [
        Face(family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
        Face(family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
        Face(family: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf"),
        Face(family: "DejaVu Sans Mono", path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
        Face(family: "DejaVu Sans Mono", path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"),
        Face(family: "DejaVu Serif", path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"),
        Face(family: "DejaVu Serif", path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"),
        Face(family: "Nimbus Mono PS", path: "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf"),
        Face(family: "Comic Neue", path: "/usr/share/fonts/opentype/comic-neue/ComicNeue-Regular.otf"),
        Face(family: "Z003", path: "/usr/share/fonts/opentype/urw-base35/Z003-MediumItalic.otf"),
        Face(family: "Noto Sans CJK JP", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
        Face(family: "Noto Serif CJK JP", path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"),
    ]

    public static let defaultFamily = "DejaVu Sans"

    /// Loads every face that exists; the CJK faces (about 40 MB) only when `cjk` is true.
    public init(cjk: Bool = true) {
        for face in Self.faces where cjk || !face.family.contains("CJK") {
            if let file = try? FontFile(path: face.path) {
                files.append(file)
                if cellHeights[face.family] == nil { cellHeights[face.family] = file.cellHeightPerEm }
            } else {
                missing.append(face.path)
            }
        }
    }

    func has(_ family: String) -> Bool { cellHeights[family] != nil }

    /// libass's size for a family at one em (see `FontFile.cellHeightPerEm`).
    func cellHeightPerEm(_ family: String) -> Double { cellHeights[family] ?? cellHeights[Self.defaultFamily] ?? 1.164 }

    /// The family that draws `text` in `style`.
    func family(for style: ComputedCaptionStyle, text: Substring) -> String {
        let serif = style.font == .proportionalSerif || style.font == .monospacedSerif
        if TextScript.containsCJK(text) {
            let cjk = serif ? "Noto Serif CJK JP" : "Noto Sans CJK JP"
            if has(cjk) { return cjk }
        }
        // Arabic and Hebrew: DejaVu Sans has them, the other faces do not.
        if TextScript.containsRightToLeft(text) { return Self.defaultFamily }
        let wanted: String = switch style.font {
        case .default, .proportionalSansSerif, .smallCapitals: Self.defaultFamily
        case .monospacedSansSerif: "DejaVu Sans Mono"
        case .proportionalSerif: "DejaVu Serif"
        case .monospacedSerif: "Nimbus Mono PS"
        case .casual: "Comic Neue"
        case .cursive: "Z003"
        }
        return has(wanted) ? wanted : Self.defaultFamily
    }
}

/// Script tests on Unicode scalars, enough to choose a font and a direction.
enum TextScript {
    static func isCJK(_ v: UInt32) -> Bool {
        (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0xAC00...0xD7AF).contains(v)
            || (0x1100...0x11FF).contains(v) || (0xFE10...0xFE1F).contains(v) || (0xFE30...0xFE4F).contains(v) || (0x20000...0x2FFFF).contains(v) || (0x31F0...0x31FF).contains(v)
    }

    static func containsCJK(_ text: Substring) -> Bool { text.unicodeScalars.contains { isCJK($0.value) } }

    static func isRightToLeft(_ v: UInt32) -> Bool { (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v) }

    static func containsRightToLeft(_ text: Substring) -> Bool { text.unicodeScalars.contains { isRightToLeft($0.value) } }

    /// The paragraph direction by the first strong character (UAX #9 P2, simplified to letters).
    static func firstStrongIsRightToLeft(_ text: String) -> Bool {
        for s in text.unicodeScalars {
            if isRightToLeft(s.value) { return true }
            if s.properties.isAlphabetic { return false }
        }
        return false
    }
}
