import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Legible

/// A scratch directory of caption files for one test, removed at the end.
private final class Scratch {
    let root: String
    init(_ name: String) {
        root = "/tmp/legible-batch-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: root)
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let path = root + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}

private let overlapping = "1\n00:00:01,000 --> 00:00:04,000\nOne\n\n2\n00:00:03,000 --> 00:00:05,000\nTwo\n"
private let clean = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n2\n00:00:04,000 --> 00:00:06,000\nGoodbye.\n"

/// Runs a batch and returns its records parsed, by path.
private func runBatch(_ paths: [String], jobs: Int = 1, maxSeconds: Double? = nil, isolation: BatchRunner.Isolation = .threads,
                      configuration: BatchConfiguration = BatchConfiguration()) throws -> (records: [String: [String: Any]], lines: [String], summary: BatchSummary) {
    let lines = Mutex<[String]>([])
    let runner = BatchRunner(validator: BatchValidator(configuration), jobs: jobs, maxSeconds: maxSeconds, isolation: isolation)
    let summary = try runner.run(paths) { outcome in
        lines.withLock { $0.append(String(decoding: outcome.jsonLine, as: UTF8.self)) }
    }
    let all = lines.withLock { $0 }
    var records: [String: [String: Any]] = [:]
    for line in all {
        #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil, "one line a record")
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        records[object["path"] as! String] = object
    }
    return (records, all, summary)
}

/// The record without what may differ between runs (time taken, whether it came from the cache).
private func stable(_ line: String) -> String {
    var object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    object["seconds"] = nil
    object["cached"] = nil
    return String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

/// The `legible` program beside the test bundle (`swift build --build-tests` builds it).
private var legibleExecutable: String {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    var directory = (me as NSString).deletingLastPathComponent
    if directory.hasSuffix(".xctest") { directory = (directory as NSString).deletingLastPathComponent }
    return directory + "/legible"
}

@Suite struct SHA256Tests {
    @Test func knownDigests() {
        // FIPS 180-2 appendix B and the empty message.
        #expect(SHA256.hash([UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).hex
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func piecesGiveTheSameDigestAsTheWhole() {
        var random = TestRandom(seed: 25)
        let message = (0..<1000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let whole = SHA256.hash(message)
        for cut in [0, 1, 55, 56, 63, 64, 65, 127, 999] {
            var hash = SHA256()
            hash.update(Array(message[..<cut]))
            hash.update(Array(message[cut...]))
            #expect(hash.finish() == whole, "cut at \(cut)")
        }
    }
}

@Suite struct BatchTests {
    @Test func recordsSayWhatEachFileIs() throws {
        let scratch = Scratch("records")
        let a = scratch.write("a.srt", overlapping)
        let b = scratch.write("b.srt", clean)
        let missing = scratch.root + "/missing.srt"
        let garbage = scratch.write("garbage.bin", "\u{1}\u{2}not a caption file")
        let run = try runBatch([a, b, missing, garbage], jobs: 2)
        #expect(run.lines.count == 4)
        let first = try #require(run.records[a])
        #expect(first["status"] as? String == "findings")
        #expect(first["size"] as? Int == overlapping.utf8.count)
        #expect(first["sha256"] as? String == SHA256.hash(Array(overlapping.utf8)).hex)
        #expect(first["format"] as? String == "srt")
        #expect(first["encoding"] as? String == "UTF-8")
        #expect(first["cues"] as? Int == 2 && first["tracks"] as? Int == 1)
        let rules = try #require(first["rules"] as? [[String: Any]])
        let overlap = try #require(rules.first { $0["rule"] as? String == "timing.overlap" })
        #expect(overlap["count"] as? Int == 1 && overlap["severity"] as? String == "warning")
        #expect((overlap["first"] as? [[String: Any]])?.first?["line"] as? Int == 5)
        #expect((first["findings"] as? [[String: Any]])?.contains { $0["rule"] as? String == "timing.overlap" } == true)
        let profile = try #require(first["profile"] as? [String: Any])
        #expect(profile["name"] as? String == "general")
        #expect(profile["version"] as? String == ValidationProfile.general.version())
        #expect(first["engine"] as? String == "legible \(LegibleEngine.version)")
        #expect((first["seconds"] as? Double).map { $0 >= 0 && $0 < 10 } == true)

        #expect(run.records[b]?["status"] as? String == "ok")
        #expect((run.records[b]?["findings"] as? [Any])?.isEmpty == true)
        let gone = try #require(run.records[missing])
        #expect(gone["status"] as? String == "unreadable")
        #expect(gone["sha256"] is NSNull && gone["size"] is NSNull)
        #expect((gone["message"] as? String)?.contains("No such file") == true)
        // Issue 36: a finding about the whole file has no position; `first` lists none, not [null].
        let goneRules = try #require(gone["rules"] as? [[String: Any]])
        #expect(goneRules.count == 1 && (goneRules[0]["first"] as? [Any])?.isEmpty == true)
        #expect(!run.lines.contains { $0.contains("[null") || $0.contains("null]") })
        #expect(run.records[garbage]?["status"] as? String == "unreadable")
        // The json form's file status uses the records' words.
        #expect(FileReport.Status.allCases.allSatisfy { BatchRecord.Status(rawValue: $0.rawValue) != nil })
        #expect(run.summary.files == 4 && run.summary.ok == 1 && run.summary.findings == 1 && run.summary.unreadable == 2)
        #expect(String(decoding: run.summary.jsonLine, as: UTF8.self).hasPrefix("{\"summary\":{\"files\":4,\"ok\":1,\"findings\":1,\"unreadable\":2,\"timed-out\":0,"))
    }

    @Test func resultsAreTheSameAtEveryJobCountAndInWorkers() throws {
        let scratch = Scratch("determinism")
        var paths: [String] = []
        for k in 0..<12 {
            let text = k % 3 == 0 ? clean : k % 3 == 1 ? overlapping
                : "WEBVTT\n\n00:00.000 --> 00:00.100\nToo fast to read at all, far too fast.\n\n00:00.050 --> 00:02.000\nX\n"
            paths.append(scratch.write("f\(k).\(k % 3 == 2 ? "vtt" : "srt")", text))
        }
        paths.append(scratch.root + "/absent.vtt")
        let one = try runBatch(paths, jobs: 1).lines.map(stable).sorted()
        let two = try runBatch(paths, jobs: 2).lines.map(stable).sorted()
        #expect(one.count == paths.count)
        #expect(one == two)
        let workers = try runBatch(paths, jobs: 2, isolation: .workers(BatchWorkerCommand(executable: legibleExecutable, arguments: ["validate", "--batch-worker"])))
        #expect(workers.lines.map(stable).sorted() == one)
    }

    @Test func aCachedResultIsNotComputedTwice() throws {
        let scratch = Scratch("cache")
        let a = scratch.write("a.srt", overlapping)
        let copy = scratch.write("copy.srt", overlapping)
        let cache = scratch.root + "/cache"
        let configuration = BatchConfiguration(cacheDirectory: cache)
        let cold = try runBatch([a], configuration: configuration)
        #expect(cold.records[a]?["cached"] as? Bool == false)
        // Same bytes and extension under another name: a hit, reported under its own path.
        let warm = try runBatch([a, copy], configuration: configuration)
        #expect(warm.records[a]?["cached"] as? Bool == true)
        #expect(warm.records[copy]?["cached"] as? Bool == true)
        #expect(warm.records[copy]?["path"] as? String == copy)
        #expect(stable(warm.lines.first { $0.contains("\"path\":\"\(a)\"") }!) == stable(cold.lines[0]))
        #expect(warm.summary.findings == 2)
        // Another profile version: not the cached result.
        var strict = configuration
        strict.profile.maxLines = 1
        #expect(try runBatch([a], configuration: strict).records[a]?["cached"] as? Bool == false)
        // Another extension: another key (format detection falls back on the name).
        let renamed = scratch.write("a.vtt", overlapping)
        #expect(try runBatch([renamed], configuration: configuration).records[renamed]?["cached"] as? Bool == false)
    }

    @Test func aHangingFileTimesOutAndTheBatchGoesOn() throws {
        let scratch = Scratch("timeout")
        // A named pipe nobody writes to: opening it blocks for ever, like a stalled network mount.
        let hang = scratch.root + "/hang.srt"
        #expect(mkfifo(hang, 0o644) == 0)
        let a = scratch.write("a.srt", overlapping)
        let b = scratch.write("b.srt", clean)
        let command = BatchWorkerCommand(executable: legibleExecutable, arguments: ["validate", "--batch-worker"])
        let start = ContinuousClock.now
        let run = try runBatch([a, hang, b], jobs: 1, maxSeconds: 0.5, isolation: .workers(command))
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(run.records[hang]?["status"] as? String == "timed-out")
        #expect((run.records[hang]?["seconds"] as? Double).map { $0 >= 0.5 } == true)
        #expect(run.records[a]?["status"] as? String == "findings")
        #expect(run.records[b]?["status"] as? String == "ok")
        #expect(run.summary.timedOut == 1 && run.summary.files == 3)
    }

    @Test func aWorkerThatDiesCostsOnlyItsFile() throws {
        // A stand-in worker speaking the protocol, which dies (as on a crash or its memory limit)
        // on any path containing "crash": that file is unreadable, and a new worker goes on.
        let script = #"while read p; do case "$p" in *crash*) echo "Fatal error: failed to allocate" >&2; kill -9 $$;; esac; printf 'ok 0 0 0\t{"path":"%s","status":"ok"}\n' "$p"; done"#
        let command = BatchWorkerCommand(executable: "/bin/sh", arguments: ["-c", script])
        let run = try runBatch(["one.srt", "crash.srt", "two.srt", "three.srt"], jobs: 2, isolation: .workers(command))
        #expect(run.records["crash.srt"]?["status"] as? String == "unreadable")
        #expect((run.records["crash.srt"]?["message"] as? String)?.contains("killed by signal 9: Fatal error: failed to allocate") == true)
        #expect(["one.srt", "two.srt", "three.srt"].allSatisfy { run.records[$0]?["status"] as? String == "ok" })
        #expect(run.summary.files == 4 && run.summary.unreadable == 1 && run.summary.ok == 3)
    }

    @Test func aTimeLimitNeedsWorkers() {
        #expect(throws: LegibleError.self) { try runBatch([], maxSeconds: 1) }
    }

    @Test func theProfileVersionFollowsWhatTheRulesCheck() {
        let general = ValidationProfile.general
        #expect(general.version() == ValidationProfile.general.version())
        #expect(general.version().hasPrefix("r\(RuleCatalog.version)-"))
        var changed = general
        changed.maxLines = 3
        #expect(changed.version() != general.version())
        var renamed = general
        renamed.name = "other"
        #expect(renamed.version() == general.version())
        #expect(general.version(options: ValidationOptions(frameRate: .fps25)) != general.version())
        #expect(ValidationProfile.netflix.version() != general.version())
    }

    /// Issue 36: a walk takes files by a readable format's extension, and files without an
    /// extension by their first bytes; everything else is skipped and counted (hidden entries
    /// are left out and not counted). A pipe without an extension is never opened to look.
    @Test func walksTakeCaptionFilesAndCountTheRest() throws {
        let scratch = Scratch("walk")
        try FileManager.default.createDirectory(atPath: scratch.root + "/sub/deeper", withIntermediateDirectories: true)
        scratch.write("a.srt", clean)
        scratch.write("captions", clean)                                   // SRT without an extension
        scratch.write("sub/karaoke.ass", "[Script Info]\nScriptType: v4.00+\n")
        scratch.write("sub/deeper/subtitles", "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n")
        let utf16 = [UInt8]([0xFF, 0xFE]) + clean.utf8.flatMap { [$0, 0] }  // UTF-16LE with a mark
        _ = FileManager.default.createFile(atPath: scratch.root + "/sub/utf16", contents: Data(utf16))
        scratch.write("README", "Subtitles for the film.\n")
        scratch.write("notes.txt", clean)                                  // an extension no format has
        scratch.write("poster.jpg", "\u{FF}\u{D8}")
        scratch.write(".hidden.srt", clean)
        #expect(mkfifo(scratch.root + "/pipe", 0o644) == 0)
        var named: [String] = []
        let inputs = CaptionInputs([scratch.root], onSkip: { named.append($0) })
        let found = Array(inputs)
        let under = { (path: String) in String(path.dropFirst(scratch.root.count + 1)) }
        #expect(found.map(under) == ["a.srt", "captions", "sub/deeper/subtitles", "sub/karaoke.ass", "sub/utf16"])
        #expect(inputs.skipped == 4)
        #expect(named.map(under) == ["README", "notes.txt", "pipe", "poster.jpg"])
        #expect(CaptionFileDiscovery.files(under: scratch.root) == found)
        #expect(CaptionFileDiscovery.fileExtensions.contains("ass") && CaptionFileDiscovery.fileExtensions == CaptionFileDiscovery.fileExtensions.sorted())
    }

    /// Issue 36: a directory among the listed paths is walked as a directory argument is, and the
    /// list is still read as the batch goes: one path is taken from it only when the walk before
    /// it is done.
    @Test func listedDirectoriesAreWalkedLazily() {
        let scratch = Scratch("lazy")
        try? FileManager.default.createDirectory(atPath: scratch.root + "/dir", withIntermediateDirectories: true)
        let a = scratch.write("dir/a.srt", clean)
        let b = scratch.write("dir/b.vtt", "WEBVTT\n")
        let single = scratch.write("single.srt", clean)
        final class Drawn: @unchecked Sendable { var count = 0 }
        let drawn = Drawn()
        let list = AnyIterator([scratch.root + "/dir", single, "/nonexistent/x.srt"].makeIterator())
        var inputs = CaptionInputs(AnySequence { AnyIterator { () -> String? in
            let next = list.next()
            if next != nil { drawn.count += 1 }
            return next
        } })
        #expect(inputs.next() == a && drawn.count == 1)
        #expect(inputs.next() == b && drawn.count == 1)
        #expect(inputs.next() == single && drawn.count == 2)
        #expect(inputs.next() == "/nonexistent/x.srt")
        #expect(inputs.next() == nil)
    }

    @Test func pathListsAreReadLineByLine() {
        let scratch = Scratch("list")
        let list = scratch.write("list.txt", "a.srt\r\n\nb c.vtt\nlast.ttml")
        let fd = open(list, O_RDONLY)
        defer { close(fd) }
        #expect(Array(BatchPathList(descriptor: fd)) == ["a.srt", "b c.vtt", "last.ttml"])
    }

    /// What the rules report on every rule fixture, pinned to the rule-set version: a change of
    /// any rule's findings (or a reader's diagnostics) fails here until `RuleCatalog.version` is
    /// raised and the new digest pinned beside it, so a cached result or a record never claims a
    /// rule-set version whose rules said something else.
    @Test func theRuleSetVersionIsRaisedWhenWhatTheRulesReportChanges() throws {
        let pinned: [Int: String] = [
            1: "08fb76b6c10d145e3d1a32a47f999e42906f3e7bd093b700b3195785878c2e3c",
            2: "0eb775ff346d397c1b982df62af4691005262f2667a482718b8815831193da06",
            3: "53d4197adb38d0590844728ac1ed3a2e8b30e5ad14170e188d7e7fcf12df202a",
            4: "994934fa2fbf717f226d2b6db3e2152aa0eaca1d6be2a9ad2ca298ba15da6be8",
            5: "49ea29216eeec2dfe9ced08d2e71261f44628c5fbfeae9cbcc72fb3635705c47",
            6: "98bfb9a5bdafc6725d8121d22474dfe65931ee423ec20e5cf8f318c001ced50a",
            7: "8a2a97ca95d5323255b10324ebef04b5d58460e99ba4bc154fbdfb8d1645891a",
            8: "3ac3bac137fdd56736f9744138017ccc6b3b6675ac4c179e40a121a82679c34c",
        ]
        var text = ""
        // The rule folders, then the profile folders (profile.<name>: fixtures for a whole profile).
        let profileFolders = Fixtures.list("validate").filter { $0.hasPrefix("profile.") }.sorted()
        for rule in RuleFixtureTests.ruleFolders + profileFolders {
            let files = Fixtures.list("validate/\(rule)").filter { $0.hasPrefix("triggers.") || $0.hasPrefix("passes.") }.sorted()
            var profile = ValidationProfile.general
            if Fixtures.list("validate/\(rule)").contains("profile") {
                let name = String(decoding: Fixtures.bytes("validate/\(rule)/profile"), as: UTF8.self).split(separator: "\n")[0]
                profile = try #require(ValidationProfile.named(String(name)))
            }
            for name in files {
                let file = try CaptionFile(bytes: Fixtures.bytes("validate/\(rule)/\(name)"), fileName: name)
                text += "== \(rule)/\(name)\n"
                for f in Validator(profile: profile).validate(file) {
                    text += "\(f.rule.rawValue) \(f.severity.rawValue) \(f.location.map { "\($0.line):\($0.column)" } ?? "-") "
                    text += "\(f.cue?.label ?? "-") \(f.start?.secondsText ?? "-") \(f.end?.secondsText ?? "-") \(f.message) | \(f.suggestedFix ?? "-")\n"
                }
            }
        }
        let digest = SHA256.hash(Array(text.utf8)).hex
        #expect(pinned[RuleCatalog.version] == digest,
                "the rules' findings on Fixtures/validate changed: raise RuleCatalog.version (docs/validate.md, \"Rule-set version\") and pin \(digest)")
    }
}
