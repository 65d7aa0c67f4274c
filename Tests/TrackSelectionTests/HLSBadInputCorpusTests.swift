import Testing
import TestSupport
import TimedText
@testable import TrackSelection

/// Every file in Fixtures/hls-bad reads without a crash, as a master and as a media playlist, with
/// each diagnostic on a line of the text, and track selection over what it gives chooses at most
/// one of its options.
@Suite struct HLSBadInputCorpusTests {
    @Test(arguments: Fixtures.list("hls-bad").filter { $0.hasSuffix(".m3u8") })
    func survives(_ name: String) throws {
        let bytes = Fixtures.bytes("hls-bad/\(name)")
        var lines = 1
        for (k, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (k + 1 == bytes.count || bytes[k + 1] != 0x0A)) {
            lines += 1
        }
        let result = HLSMasterPlaylist.read(bytes)
        #expect(result.diagnostics.allSatisfy { ($0.location?.line ?? 1) <= lines }, "\(name)")
        let media = HLSMediaPlaylist.read(bytes)
        #expect(media.diagnostics.allSatisfy { ($0.location?.line ?? 1) <= lines }, "\(name)")
        let options = result.value.legibleOptions(source: name)
        let selection = TrackSelector().select(options, for: ViewerPreferences(displayMode: .alwaysOn))
        #expect(selection.trace.count == options.count)
    }
}
