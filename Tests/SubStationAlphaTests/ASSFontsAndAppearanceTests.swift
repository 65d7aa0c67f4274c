import Testing
import Legible
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A native ASS script drawn by real libass with a player's font directories (`--fonts-dir`) and
/// the viewer's `viewer-always` appearance imposed on its dialogue, pixel by pixel.
@Suite struct ASSFontsAndAppearanceTests {
    static let width = 1280
    static let height = 720
    static let p052 = "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf"

    func frame(_ script: NativeASSScript, _ file: CaptionFile, appearance: CaptionAppearance = .default, at ms: Int64 = 2000) throws -> Bitmap {
        let renderer = try CaptionRenderer(track: file.document.tracks[0], family: file.document.layoutFamily,
                                           width: Self.width, height: Self.height, appearance: appearance, nativeScript: script)
        var frame = Bitmap(width: Self.width, height: Self.height, fill: (0, 0, 0, 255))
        renderer.overlay(at: MediaTime(milliseconds: ms))?.draw(onto: &frame)
        return frame
    }

    /// Pixels in `rows` whose colour is near `(r, g, b)` (each channel within 40).
    func count(_ bitmap: Bitmap, rows: Range<Int>, near color: (Int, Int, Int)) -> Int {
        var n = 0
        for y in rows {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)
                if abs(Int(p.r) - color.0) <= 40 && abs(Int(p.g) - color.1) <= 40 && abs(Int(p.b) - color.2) <= 40 { n += 1 }
            }
        }
        return n
    }

    /// The ink's top and bottom rows in `rows` (any channel above 64).
    func inkRows(_ bitmap: Bitmap, rows: Range<Int>) -> ClosedRange<Int>? {
        var top: Int?, bottom: Int?
        for y in rows {
            for x in 0..<bitmap.width where max(bitmap.pixel(x: x, y: y).r, bitmap.pixel(x: x, y: y).g) > 64 {
                if top == nil { top = y }
                bottom = y
                break
            }
        }
        return top.flatMap { t in bottom.map { t...$0 } }
    }

    func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
        return n
    }

    @Test func fontDirectoryGivesTheFamilyTheScriptNames() throws {
        guard access(Self.p052, R_OK) == 0 else { return }
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/named_fonts.ass")
        // A directory holding only P052 (the whole urw-base35 directory would do, more slowly).
        let directory = "/tmp/legible-fonts-dir-\(getpid())"
        mkdir(directory, 0o755)
        symlink(Self.p052, directory + "/P052-Roman.otf")
        symlink("/etc/hostname", directory + "/not-a-font.ttf")
        defer { unlink(directory + "/P052-Roman.otf"); unlink(directory + "/not-a-font.ttf"); rmdir(directory) }

        let plain = try #require(try file.assScript())
        let withDirectory = try #require(try file.assScript(fontDirectories: [directory]))
        #expect(withDirectory.fonts.count == plain.fonts.count + 1)
        #expect(withDirectory.fontFamilies.contains("P052"))
        #expect(withDirectory.unreadableFontFiles == [directory + "/not-a-font.ttf"])
        var direct = plain
        direct.fonts.append(try FontFile(path: Self.p052))

        let fallback = try frame(plain, file)
        let fromDirectory = try frame(withDirectory, file)
        let fromFile = try frame(direct, file)
        // Without the directory libass falls back to DejaVu Sans; with it the serif face draws,
        // exactly as when the same font is handed over as a file.
        #expect(differingPixels(fromDirectory, fromFile) == 0)
        #expect(differingPixels(fallback, fromDirectory) > 500)
        #expect(throws: LegibleError.self) { try file.assScript(fontDirectories: ["/nonexistent/fonts"]) }
    }

    @Test func markedTextColorOverridesDialogueOnly() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/named_fonts.ass")
        let script = try #require(try file.assScript())
        var marked = CaptionAppearance.default
        try marked.apply(specification: "text-color=red!")
        var unmarked = CaptionAppearance.default
        try unmarked.apply(specification: "text-color=red")

        let asWritten = try frame(script, file)
        let overridden = try frame(script, file, appearance: marked)
        let untouched = try frame(script, file, appearance: unmarked)
        let dialogue = 560..<720, sign = 100..<180
        // The script's dialogue is white; `!` makes it red, without `!` the script's colour stays.
        #expect(count(asWritten, rows: dialogue, near: (255, 255, 255)) > 300)
        #expect(count(overridden, rows: dialogue, near: (255, 0, 0)) > 300)
        #expect(count(overridden, rows: dialogue, near: (255, 255, 255)) == 0)
        #expect(differingPixels(asWritten, untouched) == 0)
        // The positioned sign (\pos) keeps its yellow, as players leave typesetting alone.
        #expect(count(overridden, rows: sign, near: (255, 255, 0)) == count(asWritten, rows: sign, near: (255, 255, 0)))
        #expect(count(asWritten, rows: sign, near: (255, 255, 0)) > 300)
    }

    @Test func markedTextSizeScalesDialogue() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/named_fonts.ass")
        let script = try #require(try file.assScript())
        var large = CaptionAppearance.default
        try large.apply(specification: "text-size=200%!")
        let normalRows = try #require(inkRows(try frame(script, file), rows: 400..<720))
        let largeRows = try #require(inkRows(try frame(script, file, appearance: large), rows: 300..<720))
        let ratio = Double(largeRows.count) / Double(normalRows.count)
        #expect(ratio > 1.7 && ratio < 2.3, "ink \(normalRows.count) rows, then \(largeRows.count)")
    }

    @Test func markedBackgroundDrawsABoxAndAChangedAppearanceRedraws() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/named_fonts.ass")
        let script = try #require(try file.assScript())
        let renderer = try CaptionRenderer(track: file.document.tracks[0], family: file.document.layoutFamily,
                                           width: Self.width, height: Self.height, nativeScript: script)
        func draw() -> Bitmap {
            var frame = Bitmap(width: Self.width, height: Self.height, fill: (0, 0, 0, 255))
            renderer.overlay(at: MediaTime(milliseconds: 2000))?.draw(onto: &frame)
            return frame
        }
        let before = draw()
        var boxed = CaptionAppearance.default
        try boxed.apply(specification: "background-color=blue!")
        try boxed.apply(specification: "background-opacity=100%!")
        renderer.appearance = boxed
        let after = draw()
        let dialogue = 560..<720
        #expect(count(before, rows: dialogue, near: (0, 0, 255)) == 0)
        // An opaque blue box behind the line (BorderStyle 3), larger than the letters themselves.
        #expect(count(after, rows: dialogue, near: (0, 0, 255)) > 5000)
    }
}

/// Players draw a script's families with the machine's fonts (fontconfig), and say which face.
@Suite struct ASSSystemFontTests {
    @Test func libassFontSelectionMessagesAreRead() {
        let exact = FontChoice.parse("fontselect: (P052, 400, 0) -> /usr/share/fonts/opentype/urw-base35/P052-Roman.otf, 0, P052-Roman")
        #expect(exact == FontChoice(family: "P052", weight: 400, slant: 0, file: "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf",
                                    postScriptName: "P052-Roman", isFallback: false))
        #expect(exact?.isSubstitute == false)
        let stand = FontChoice.parse("fontselect: (Arial, 700, 0) -> /usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf, 0, LiberationSans-Bold")
        #expect(stand?.isSubstitute == true && stand?.weight == 700)
        let fallback = FontChoice.parse("fontselect: Using default font family: (Nope, 400, 100) -> /x/DejaVuSans.ttf, 0, DejaVuSans")
        #expect(fallback?.isFallback == true && fallback?.slant == 100 && fallback?.family == "Nope")
        #expect(FontChoice.parse("fontselect: failed to find any fallback with glyph 0x41 for font: (A, 400, 0)") == nil)
        #expect(FontChoice.parse("shaper: FriBidi 1.0.8 (SIMPLE) HarfBuzz-ng 6.0.0 (COMPLEX)") == nil)
    }

    /// A family only the machine has (P052, from fonts-urw-base35, which setup installs) is found
    /// through fontconfig by default, and render says which face drew it with --verbose; with
    /// --no-system-fonts it is not, and the stand-in is said without --verbose.
    @Test func renderFindsTheMachinesFontsAndSaysWhichFace() throws {
        guard access("/usr/share/fonts/opentype/urw-base35/P052-Roman.otf", R_OK) == 0 else { return }
        let script = Fixtures.root + "/ass/named_fonts.ass"
        let png = "/tmp/legible-system-fonts-\(getpid()).png"
        defer { unlink(png) }
        let system = Run(["render", script, "--at", "2", "--size", "640x360", "-o", png, "--verbose"])
        #expect(system.status == 0)
        #expect(system.stderr.contains("legible render: the script's font 'P052' is drawn with P052-Roman (/usr/share/fonts/opentype/urw-base35/P052-Roman.otf)"), "\(system.stderr)")
        let own = Run(["render", script, "--at", "2", "--size", "640x360", "-o", png, "--no-system-fonts"])
        #expect(own.status == 0)
        #expect(own.stderr.contains("legible render: the script's font 'P052' is drawn with"), "\(own.stderr)")
        #expect(!own.stderr.contains("P052-Roman (/usr/share/fonts"), "not the machine's P052")
    }
}
