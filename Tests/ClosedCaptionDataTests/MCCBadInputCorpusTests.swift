#if canImport(Glibc)
import Glibc
#endif
import Testing
import ClosedCaptionData

/// Fixtures/mcc-bad: each damaged file gives the diagnostics its README line says, and the good
/// lines are still read.
@Suite struct MCCBadInputCorpusTests {
    static let expected: [String: (diagnostics: [String], lines: [Int])] = [
        "bad_hex.mcc": (["8:32 mcc.bad-hex"], [7, 9, 10]),
        "bad_checksum.mcc": (["9:13 mcc.bad-checksum"], [7, 8, 9, 10]),
        "truncated_cdp.mcc": (["8:13 mcc.truncated-cdp"], [7, 8, 9, 10]),
        "time_not_increasing.mcc": (["9:1 mcc.time-not-increasing"], [7, 8, 9, 10]),
        "no_header_skipped_label.mcc": (["- mcc.missing-rate", "1:1 mcc.missing-header", "4:1 mcc.bad-timecode"], [1, 2, 3]),
    ]

    @Test(arguments: expected.keys.sorted())
    func reportsTheDamageAndReadsTheRest(_ name: String) throws {
        let bytes = fixture("mcc-bad/" + name)
        try #require(!bytes.isEmpty, "missing fixture \(name)")
        let result = MCCReader().read(bytes)
        let found = result.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.code.rawValue)" }
        #expect(found == Self.expected[name]?.diagnostics)
        #expect(result.value.frames.map(\.line) == Self.expected[name]?.lines)
        #expect(result.value.frames.allSatisfy { $0.triplets.first?.kind == .field1 }, "every frame read keeps its 608 pair")
    }

    @Test func everyFixtureIsChecked() {
        guard let dir = opendir(fixturePath("mcc-bad")) else {
            Issue.record("no Fixtures/mcc-bad")
            return
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".mcc") { names.append(name) }
        }
        #expect(names.sorted() == Self.expected.keys.sorted())
    }
}
