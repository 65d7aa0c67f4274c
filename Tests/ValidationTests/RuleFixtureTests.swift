import Legible
import Testing
import TestSupport

/// Reads a fixture through the library's one entry point, as `legible validate` does.
func readFixture(_ relative: String) -> ParseResult<Document> {
    do {
        let file = try CaptionFile(bytes: Fixtures.bytes(relative), fileName: relative)
        return ParseResult(value: file.document, diagnostics: file.diagnostics)
    } catch {
        fatalError("cannot read fixture \(relative): \(error)")
    }
}

func findings(_ relative: String, profile: ValidationProfile = .general, options: ValidationOptions = .default) -> [Finding] {
    // Through the file, so that a format's own rules (ASS: ass.*) run as in `legible validate`.
    let name = String(relative.split(separator: "/").last!)
    let file: CaptionFile
    do {
        file = try CaptionFile(bytes: Fixtures.bytes(relative), fileName: name)
    } catch {
        // A fixture that cannot be read would otherwise "pass" every must-not-trigger check.
        Issue.record("\(relative) could not be read: \(error)")
        return []
    }
    return Validator(profile: profile, options: options).validate(file)
}

/// Every rule has a folder in Fixtures/validate named after it, with a file that must trigger it
/// and one that must not (and a `profile` file when the rule needs one other than `general`).
@Suite struct RuleFixtureTests {
    static let ruleFolders: [String] = RuleCatalog.rules.map(\.id.rawValue) + ["spec"]

    @Test(arguments: ruleFolders)
    func fixtureTriggersItsRuleAndCleanOneDoesNot(rule: String) throws {
        let files = Fixtures.list("validate/\(rule)")
        let trigger = try #require(files.first { $0.hasPrefix("triggers.") }, "no triggers.* fixture for \(rule)")
        let clean = try #require(files.first { $0.hasPrefix("passes.") }, "no passes.* fixture for \(rule)")
        var profile = ValidationProfile.general
        if files.contains("profile") {
            let name = String(decoding: Fixtures.bytes("validate/\(rule)/profile"), as: UTF8.self).split(separator: "\n")[0]
            profile = try #require(ValidationProfile.named(String(name)))
        }
        func matches(_ f: Finding) -> Bool { rule == "spec" ? f.rule.isSpec : f.rule.rawValue == rule }
        let triggered = findings("validate/\(rule)/\(trigger)", profile: profile)
        #expect(triggered.contains(where: matches), "\(trigger) did not trigger \(rule): \(triggered.map(\.rule.rawValue))")
        let passed = findings("validate/\(rule)/\(clean)", profile: profile)
        #expect(!passed.contains(where: matches), "\(clean) triggered \(rule): \(passed.filter(matches).map(\.message))")
        // Every finding of the rule points at a cue or a source position.
        for finding in triggered where matches(finding) {
            #expect(finding.location != nil || finding.rule.isSpec)
        }
    }

    @Test func everyCatalogRuleHasAFixtureFolder() {
        let folders = Set(Fixtures.list("validate"))
        for rule in RuleCatalog.rules { #expect(folders.contains(rule.id.rawValue), "missing Fixtures/validate/\(rule.id.rawValue)") }
    }
}
