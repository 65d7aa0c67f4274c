import Testing
import Legible
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `ass.*` rules on scripts: where they point, what they count, and the font directories
/// that provide a family.
@Suite struct ASSRuleTests {
    func findings(_ relative: String, options: ValidationOptions = .default) throws -> [Finding] {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/" + relative)
        return Validator(options: options).validate(file).filter { $0.rule.rawValue.hasPrefix("ass.") || $0.rule.isSpec }
    }

    @Test func missingStyleReplacesTheReadersDiagnosticAtTheSamePlace() throws {
        let found = try findings("validate/ass.missing-style/triggers.ass")
        let missing = found.filter { $0.rule == "ass.missing-style" }
        #expect(missing.count == 1)
        #expect(missing.first?.location?.line == 15)
        #expect(missing.first?.cue?.index == 1)
        #expect(missing.first?.message.contains("'Sgin'") == true)
        #expect(!found.contains { $0.rule == .spec("ass.unknown-style") })
    }

    @Test func offCanvasPointsAtTheTag() throws {
        let found = try findings("validate/ass.off-canvas/triggers.ass").filter { $0.rule == "ass.off-canvas" }
        #expect(found.map { $0.location.map { "\($0.line):\($0.column)" } ?? "-" } == ["14:53", "15:49"])
        #expect(found.first?.message.contains("(2100, 540)") == true)
        #expect(found.last?.message.contains("(960, -80)") == true)
    }

    @Test func missingFontOncePerFamilyAndAFontDirectoryProvidesIt() throws {
        let triggered = try findings("validate/ass.missing-font/triggers.ass").filter { $0.rule == "ass.missing-font" }
        #expect(triggered.map { $0.location?.line ?? 0 } == [9, 15])
        #expect(triggered.first?.message.contains("'Arial'") == true)
        // Two styles dialogue uses name Arial: one finding, counting both.
        let twice = try findings("validate/ass.missing-style/passes.ass").filter { $0.rule == "ass.missing-font" }
        #expect(twice.count == 1 && twice.first?.message.contains("named 2 times") == true)
        #expect(triggered.last?.message.contains("'Comic Sans MS'") == true)

        let p052 = "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf"
        guard access(p052, R_OK) == 0 else { return }
        let directory = "/tmp/legible-validate-fonts-\(getpid())"
        mkdir(directory, 0o755)
        symlink(p052, directory + "/P052-Roman.otf")
        defer { unlink(directory + "/P052-Roman.otf"); rmdir(directory) }
        func missing(_ options: ValidationOptions) throws -> [String] {
            try findings("ass/named_fonts.ass", options: options).filter { $0.rule == "ass.missing-font" }.compactMap {
                $0.message.split(separator: "'").dropFirst().first.map(String.init)
            }
        }
        #expect(try missing(.default) == ["P052", "DejaVu Sans"])
        #expect(try missing(ValidationOptions(fontDirectories: [directory])) == ["DejaVu Sans"])
    }
}
