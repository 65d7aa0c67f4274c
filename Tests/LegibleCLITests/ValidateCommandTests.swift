import Foundation
import Testing
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Legible
@testable import LegibleCLI

@Suite struct ValidateCommandTests {
    let overlap = Fixtures.root + "/validate/timing.overlap/triggers.srt"
    let clean = Fixtures.root + "/validate/timing.overlap/passes.srt"

    @Test func exitStatusFollowsFailOn() {
        // The overlap is a warning: exit 0 with the default --fail-on error, 1 with warning.
        let run = Run(["validate", overlap])
        #expect(run.status == 0)
        #expect(run.stdout.contains("triggers.srt:5:1: warning: cue starts at 3.0 s while cue 1 is still shown (until 4.0 s) [timing.overlap]"))
        #expect(run.stdout.hasSuffix("1 file checked: 0 errors, 1 warning, 0 infos\n"))
        #expect(Run(["validate", overlap, "--fail-on", "warning"]).status == 1)
        #expect(Run(["validate", clean, "--fail-on", "info"]).status == 0)
        #expect(Run(["validate", Fixtures.root + "/validate/timing.zero-or-negative/triggers.srt"]).status == 1)
        #expect(Run(["validate", Fixtures.root + "/validate/timing.zero-or-negative/triggers.srt", "--fail-on", "never"]).status == 0)
    }

    @Test func usageErrorsAndUnreadableInputExitTwo() {
        #expect(Run(["validate"]).status == 2)
        #expect(Run(["validate", overlap, "--format", "xml"]).status == 2)
        #expect(Run(["validate", overlap, "--profile", "nope"]).status == 2)
        #expect(Run(["validate", overlap, "--fps", "12.5df"]).status == 2)
        #expect(Run(["validate", overlap, "--fix"]).status == 2)
        let missing = Run(["validate", overlap, "/nonexistent/file.srt", "--format", "json"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("\"rule\": \"input.unreadable-file\""))
        #expect(missing.stdout.contains("\"files\": 2"))
        // Issue 36: each file's status, and the unreadable count in the summary.
        #expect(missing.stdout.contains("\"path\": \"/nonexistent/file.srt\",\n      \"format\": \"srt\",\n      \"status\": \"unreadable\""), "\(missing.stdout)")
        #expect(missing.stdout.contains("\"status\": \"ok\"") || missing.stdout.contains("\"status\": \"findings\""))
        #expect(missing.stdout.contains("\"unreadable\": 1,\n    \"skipped\": 0\n  }"))
    }

    /// A valid TTML document whose content is never shown was read: nothing shown is a finding
    /// (exit 1), not an unreadable file (exit 2). A file that is not TTML at all still is.
    @Test func nothingShownIsAFindingNotUnreadable() throws {
        let directory = try MediaFixtures.directory("validate-nothing-shown")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let never = directory + "/never.ttml"
        try MediaFixtures.write("<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"en\"><body><div><p begin=\"1s\" end=\"1s\">never</p></div></body></tt>", to: never)
        let run = Run(["validate", never])
        #expect(run.status == 1)
        #expect(run.stdout.contains("[spec.ttml.nothing-shown]"))
        #expect(run.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 infos\n"), "\(run.stdout)")
        let batch = Run(["validate", never, "--format", "jsonl"])
        #expect(batch.status == 1)
        #expect(batch.stdout.contains("\"status\":\"findings\""), "\(batch.stdout)")
        let notTTML = directory + "/other.ttml"
        try MediaFixtures.write("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>hi</body></html>", to: notTTML)
        #expect(Run(["validate", notTTML]).status == 2)
    }

    @Test func directoriesAreSearchedAndJSONKeepsInputOrder() {
        let run = Run(["validate", Fixtures.root + "/validate/timing.overlap", "--format", "json", "--jobs", "2"])
        let passes = run.stdout.range(of: "passes.srt")
        let triggers = run.stdout.range(of: "triggers.srt")
        #expect(passes != nil && triggers != nil && passes!.lowerBound < triggers!.lowerBound)
        #expect(run.stdout.contains("\"summary\": {\n    \"files\": 2,\n    \"errors\": 0,\n    \"warnings\": 1,\n    \"infos\": 0,\n    \"unreadable\": 0,\n    \"skipped\": 0\n  }"))
    }

    @Test func customProfileFromJSON() {
        let path = temporaryPath("profile.json")
        writeFile(path, #"{ "extends": "general", "rules": { "timing.overlap": "error" } }"#)
        #expect(Run(["validate", overlap, "--profile", path]).status == 1)
        writeFile(path, #"{ "rules": { "timing.overlap": "sometimes" } }"#)
        #expect(Run(["validate", overlap, "--profile", path]).status == 2)
    }

    @Test func fixWritesANewFileAndLeavesTheInput() throws {
        let input = temporaryPath("fix-in.srt")
        let output = temporaryPath("fix-out.srt")
        let original = "1\n00:00:01,000 --> 00:00:01,400\nToo short.\n\n2\n00:00:04,000 --> 00:00:06,000\n\n\n3\n00:00:07,000 --> 00:00:09,000\nFine.\n"
        writeFile(input, original)
        let run = Run(["validate", input, "--fix", "-o", output, "--fail-on", "warning"])
        #expect(run.stderr.contains("[timing.min-duration]"))
        #expect(readFile(input) == original)
        let fixed = try #require(readFile(output))
        #expect(fixed.contains("00:00:01,000 --> 00:00:02,000"))
        #expect(!fixed.contains("00:00:04,000"))
        #expect(run.status == 0, "\(run.stdout)")
    }

    /// Issue 36: `--fix` left a 0-frame gap, and a second run changed nothing, without saying
    /// why. It says why now (ending the cue sooner would make it too short, and a start is never
    /// moved), and a second run on its output has nothing left to do and says the same.
    @Test func fixSaysWhatItCannotFixAndASecondRunHasNothingToDo() throws {
        let input = temporaryPath("fix-gaps.srt")
        let once = temporaryPath("fix-gaps-1.srt")
        let twice = temporaryPath("fix-gaps-2.srt")
        defer { for path in [input, once, twice] { unlink(path) } }
        writeFile(input, """
            1
            00:00:01,000 --> 00:00:03,000
            One.

            2
            00:00:03,010 --> 00:00:05,000
            Two.

            3
            00:00:05,100 --> 00:00:06,100
            Three.

            4
            00:00:06,500 --> 00:00:07,950
            Four.

            5
            00:00:07,950 --> 00:00:09,000
            Five.

            6
            00:00:09,000 --> 00:00:11,000
            Six.

            """)
        let first = Run(["validate", input, "--fix", "-o", once, "--fail-on", "never"])
        #expect(first.stderr.contains("fixed cue 1: ended the cue at 2.926 s instead of 3.0 s for a 2-frame gap [timing.min-gap]"), "\(first.stderr)")
        #expect(first.stderr.contains("fixed cue 3: extended the end from 6.1 s to 6.416 s (chained) [timing.shot-gap]"), "\(first.stderr)")
        let why = "cannot fix cue 5: the gap before cue 6 stays 0 frames: ending it at 8.916 s for a 2-frame gap would show it for 0.966 s, less than the minimum 1.0 s; --fix does not move a cue's start [timing.min-gap]"
        #expect(first.stderr.contains("\(input): \(why)"), "\(first.stderr)")
        #expect(first.stdout.contains("gap after cue 5 is 0 frames"))
        let second = Run(["validate", once, "--fix", "-o", twice, "--fail-on", "never"])
        #expect(!second.stderr.contains("fixed cue"), "\(second.stderr)")
        #expect(second.stderr.contains("\(once): \(why)"), "\(second.stderr)")
        #expect(readFile(once) == readFile(twice))
        // What the first run said remains is what the file it wrote has.
        #expect(Run(["validate", once]).stdout == first.stdout.replacingOccurrences(of: input, with: once))
    }

    /// Parking values for exit from many threads at once (as `validate` over a directory did
    /// from its workers) once corrupted the heap; it is locked now. Without the lock this test
    /// crashed the process, usually within the first few thousand appends.
    @Test func valuesAreParkedFromManyThreadsAtOnce() {
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for k in 0..<20_000 { ProcessLifetime.keepUntilExit([worker, k]) }
        }
        #expect(ProcessLifetime.parkedCount >= 80_000)
    }

    @Test func batchModeWritesOneRecordPerFileFromAList() {
        let list = temporaryPath("batch-list.txt")
        writeFile(list, "\(clean)\n/nonexistent/listed.srt\n")
        defer { unlink(list) }
        let run = Run(["validate", overlap, "--files-from", list, "--format", "jsonl", "--jobs", "2"])
        #expect(run.status == 2)  // the listed file that does not exist
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.contains { $0.hasPrefix("{\"path\":\"\(overlap)\",\"status\":\"findings\"") })
        #expect(lines.contains { $0.hasPrefix("{\"path\":\"\(clean)\",\"status\":\"ok\"") })
        #expect(lines.contains { $0.hasPrefix("{\"path\":\"/nonexistent/listed.srt\",\"status\":\"unreadable\"") })
        #expect(lines.last == "{\"summary\":{\"files\":3,\"ok\":1,\"findings\":1,\"unreadable\":1,\"timed-out\":0,\"errors\":1,\"warnings\":1,\"infos\":0,\"skipped\":0}}")
        // The text form takes the same list.
        let text = Run(["validate", "--files-from", list])
        #expect(text.stdout.contains("2 files checked"))
    }

    /// Issue 36: a directory in the --files-from list was "unreadable" while the same directory
    /// as an argument was walked; both are walked now, in every form. Files a walk leaves out
    /// (README, notes.txt) are counted in the summary; a caption file without an extension is
    /// recognised by its first bytes.
    @Test func listedDirectoriesAreWalkedAndSkippedFilesCounted() throws {
        let directory = try MediaFixtures.directory("validate-listed-directory")
        let dir = directory + "/deliveries"
        mkdir(dir, 0o755)
        try MediaFixtures.write(readFile(clean)!, to: dir + "/ep1.srt")
        try MediaFixtures.write(readFile(overlap)!, to: dir + "/captions")
        try MediaFixtures.write("Read me.\n", to: dir + "/README")
        try MediaFixtures.write("notes\n", to: dir + "/notes.txt")
        let list = directory + "/list.txt"
        try MediaFixtures.write("\(dir)\n", to: list)
        for run in [Run(["validate", "--files-from", list]), Run(["validate", dir])] {
            #expect(run.status == 0, "\(run.stdout)")
            #expect(!run.stdout.contains("is a directory"))
            #expect(run.stdout.contains("\(dir)/captions:5:1: warning: cue starts at 3.0 s while cue 1 is still shown"), "\(run.stdout)")
            #expect(run.stdout.hasSuffix("2 files checked: 0 errors, 1 warning, 0 infos; 2 skipped (not caption files)\n"), "\(run.stdout)")
        }
        let json = Run(["validate", "--files-from", list, "--format", "json"])
        #expect(json.stdout.contains("\"unreadable\": 0,\n    \"skipped\": 2\n  }"), "\(json.stdout)")
        let batch = Run(["validate", "--files-from", list, "--format", "jsonl"])
        let lines = batch.stdout.split(separator: "\n")
        #expect(batch.status == 0)
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("{\"path\":\"\(dir)/ep1.srt\",\"status\":\"ok\"") })
        #expect(lines.contains { $0.hasPrefix("{\"path\":\"\(dir)/captions\",\"status\":\"findings\",") })
        #expect(lines.last == "{\"summary\":{\"files\":2,\"ok\":1,\"findings\":1,\"unreadable\":0,\"timed-out\":0,\"errors\":0,\"warnings\":1,\"infos\":0,\"skipped\":2}}")
        let sarif = Run(["validate", dir, "--format", "sarif"])
        #expect(sarif.stderr.contains("2 files under the directories given skipped as not caption files"))
    }

    /// Issue 36: the help's list of extensions is the one discovery takes files by (`.ass` was
    /// walked but missing from the docs), and says what happens to the rest.
    @Test func helpListsTheExtensionsDiscoveryUses() throws {
        let help = Run(["validate", "--help"]).stdout
        let listed = CaptionFileDiscovery.fileExtensions.map { "." + $0 }.joined(separator: " ")
        #expect(help.contains(listed), "\(help)")
        #expect(listed.contains(".ass") && listed.contains(".ssa") && listed.contains(".srt"))
        let directory = try MediaFixtures.directory("validate-walks-ass")
        try MediaFixtures.write(String(decoding: Fixtures.bytes("ass/karaoke.ass"), as: UTF8.self), to: directory + "/song.ass")
        #expect(Run(["validate", directory, "--format", "json"]).stdout.contains("\"format\": \"ass\""))
    }

    /// Issue 36: --batch-worker is for batch mode's own workers: accepted, never shown (nor
    /// suggested for a misspelt option); -q and -v are what they are in the other commands.
    @Test func helpHidesTheWorkerOptionAndHasQuietAndVerbose() {
        let help = Run(["validate", "--help"]).stdout
        #expect(!help.contains("batch-worker"))
        #expect(help.contains("  -q, --quiet ") && help.contains("  -v, --verbose "))
        #expect(!Run(["validate", overlap, "--batch-wroker"]).stderr.contains("batch-worker"))
        // Still accepted: batchModeStartsWorkersThatCarryItsOptions and BatchTests start workers with it.
        #expect(options(ValidateCommand.options, accept: "batch-worker"))
    }

    /// -q prints errors only, -v infos too; warnings and errors by default. The summary counts
    /// every finding and says which were not shown; a finding that --fail-on counts is always
    /// printed. -q silences the notes on stderr; -v names the files a walk skips.
    @Test func quietAndVerboseChooseWhatTheTextFormPrints() throws {
        let directory = try MediaFixtures.directory("validate-quiet-verbose")
        let file = directory + "/levels.srt"
        // A 5-frame gap (info: chain the cues), an overlap (warning), a cue never shown (error).
        try MediaFixtures.write("""
            1
            00:00:01,000 --> 00:00:03,000
            One.

            2
            00:00:03,200 --> 00:00:05,000
            Two.

            3
            00:00:04,500 --> 00:00:06,500
            Three.

            4
            00:00:08,000 --> 00:00:08,000
            Never.

            """, to: file)
        try MediaFixtures.write("not captions\n", to: directory + "/README")
        func rules(_ run: Run) -> [String] {
            run.stdout.split(separator: "\n").filter { $0.hasSuffix("]") }.compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
        }
        let normal = Run(["validate", directory])
        #expect(rules(normal) == ["timing.overlap", "timing.zero-or-negative"])
        #expect(normal.stdout.hasSuffix("1 file checked: 1 error, 1 warning, 1 info (not shown); 1 skipped (not a caption file)\n"), "\(normal.stdout)")
        #expect(!normal.stderr.contains("README"))
        let quiet = Run(["validate", directory, "-q"])
        #expect(rules(quiet) == ["timing.zero-or-negative"])
        #expect(quiet.stdout.hasSuffix("1 file checked: 1 error, 1 warning (not shown), 1 info (not shown); 1 skipped (not a caption file)\n"))
        let verbose = Run(["validate", directory, "--verbose"])
        #expect(rules(verbose) == ["timing.shot-gap", "timing.overlap", "timing.zero-or-negative"])
        #expect(verbose.stdout.hasSuffix("1 file checked: 1 error, 1 warning, 1 info; 1 skipped (not a caption file)\n"))
        #expect(verbose.stderr.contains("legible validate: skipped \(directory)/README: not a caption file"))
        // What fails the run is printed, -q or not.
        #expect(rules(Run(["validate", file, "-q", "--fail-on", "warning"])) == ["timing.overlap", "timing.zero-or-negative"])
        #expect(rules(Run(["validate", file, "--fail-on", "info"])).count == 3)
        // The other forms hold every finding.
        #expect(Run(["validate", file, "-q", "--format", "json"]).stdout.contains("timing.shot-gap"))
        // -q: no notes on stderr about the fixes.
        let out = directory + "/fixed.srt"
        #expect(Run(["validate", file, "--fix", "-o", out]).stderr.contains("fixed cue 1"))
        #expect(!Run(["validate", file, "--fix", "-o", out, "-q"]).stderr.contains("fixed cue"))
    }

    @Test func batchFlagsAreForBatchMode() {
        #expect(Run(["validate", overlap, "--max-seconds", "5"]).status == 2)
        #expect(Run(["validate", overlap, "--cache", "/tmp", "--format", "json"]).status == 2)
        #expect(Run(["validate", overlap, "--format", "jsonl", "--max-seconds", "0"]).status == 2)
        #expect(Run(["validate", overlap, "--format", "jsonl", "--fix", "--in-place"]).status == 2)
        #expect(Run(["validate", "-", "--format", "jsonl"]).status == 2)
    }

    @Test func batchModeStartsWorkersThatCarryItsOptions() {
        // The built program beside the test bundle, as the real command line uses itself.
        var directory = CommandIO.ownExecutable() ?? ""
        directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        if directory.hasSuffix(".xctest") { directory = String(directory[..<directory.lastIndex(of: "/")!]) }
        let hang = temporaryPath("batch-hang.srt")
        unlink(hang)
        #expect(mkfifo(hang, 0o644) == 0)
        defer { unlink(hang) }
        var out: [UInt8] = []
        let io = CommandIO(readStandardInput: { [] }, writeStandardOutput: { out += $0 }, writeStandardError: { _ in },
                           workerExecutable: directory + "/legible")
        // netflix: the profile must reach the workers (its name is in every record).
        let status = LegibleCommandLine.run(["validate", overlap, hang, clean, "--format", "jsonl", "--max-seconds", "0.5",
                                             "--profile", "netflix", "--jobs", "2"], io: io)
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
        #expect(status == 2)
        #expect(lines.count == 4)
        #expect(lines.contains { $0.hasPrefix("{\"path\":\"\(hang)\",\"status\":\"timed-out\"") })
        #expect(lines.filter { $0.contains("\"profile\":{\"name\":\"netflix\"") }.count == 3)
        #expect(lines.last?.contains("\"timed-out\":1") == true)
        // Embedded without a program to start, limits are a usage error, not silently ignored.
        #expect(Run(["validate", overlap, "--format", "jsonl", "--max-seconds", "5"]).status == 2)
    }
}

private func options(_ specs: [OptionSpec], accept name: String) -> Bool {
    (try? Arguments.parse(["--" + name], options: specs))?.has(name) == true
}
