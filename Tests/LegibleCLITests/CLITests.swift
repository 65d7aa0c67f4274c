import Testing
import TestSupport
import Legible
@testable import LegibleCLI
#if canImport(Glibc)
import Glibc
#endif

/// Runs `legible` in-process with captured streams.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    init(_ arguments: [String], stdin: String = "") {
        var out: [UInt8] = []
        var err = ""
        let io = CommandIO(readStandardInput: { Array(stdin.utf8) }, writeStandardOutput: { out += $0 },
                           writeStandardError: { err += $0 })
        status = LegibleCommandLine.run(arguments, io: io)
        stdout = String(decoding: out, as: UTF8.self)
        stderr = err
    }
}

func temporaryPath(_ name: String) -> String { "/tmp/legible-cli-\(getpid())-\(name)" }

func writeFile(_ path: String, _ text: String) {
    let f = fopen(path, "wb")!
    _ = text.withCString { fputs($0, f) }
    fclose(f)
}

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let n = fread(&chunk, 1, chunk.count, f), n > 0 { data += chunk[0..<n] }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct CLIExitCodeTests {
    let srt = Fixtures.root + "/srt/typical.srt"

    @Test func helpAndVersion() {
        let help = Run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("dump") && help.stdout.contains("convert"))
        let version = Run(["--version"])
        #expect(version.status == 0 && version.stdout == "legible \(LegibleCommandLine.version)\n")
        let dumpHelp = Run(["dump", "--help"])
        #expect(dumpHelp.status == 0 && dumpHelp.stdout.hasPrefix("USAGE: legible dump FILE"))
        #expect(dumpHelp.stdout.contains("--encoding NAME"))
        #expect(Run(["help", "convert"]).stdout.contains("--to FORMAT"))
    }

    @Test func usageErrorsExitWith2AndOneLine() {
        #expect(Run([]).status == 2)
        let unknown = Run(["dupm", srt])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'dump'"))
        let badOption = Run(["dump", srt, "--jsn"])
        #expect(badOption.status == 2 && badOption.stderr.hasPrefix("legible dump: unknown option '--jsn' (did you mean '--json'?)"))
        #expect(Run(["dump"]).status == 2)
        #expect(Run(["dump", srt, srt]).status == 2)
        #expect(Run(["dump", srt, "--format", "klingon"]).status == 2)
        #expect(Run(["dump", srt, "--encoding", "no-such-charset"]).status == 2)
        #expect(Run(["convert", srt]).status == 2, "no -o")
        #expect(Run(["convert", srt, "-o", "-"]).status == 2, "stdout needs --to")
        #expect(Run(["convert", srt, "-o", temporaryPath("x.unknown")]).status == 2)
        #expect(Run(["convert", srt, "-o", "-", "--to"]).status == 2, "missing value")
    }

    @Test func unreadableInputExitsWith1() {
        let missing = Run(["dump", "/nonexistent/file.srt"])
        #expect(missing.status == 1 && missing.stderr.contains("cannot open /nonexistent/file.srt"))
        let prose = Run(["dump", Fixtures.root + "/srt/not_srt.txt"])
        #expect(prose.status == 1 && prose.stderr.contains("cannot tell the caption format"))
        let proseAsSRT = Run(["dump", Fixtures.root + "/srt/not_srt.txt", "--from", "srt", "--json"])
        #expect(proseAsSRT.status == 1)
        #expect(proseAsSRT.stdout.contains("\"code\": \"srt.no-cues\"") && proseAsSRT.stdout.contains("\"tracks\": []"))
        // A finding about the whole file is `file: severity:` (GCC's form); the program's own
        // line starts with the command.
        let proseText = Run(["dump", Fixtures.root + "/srt/not_srt.txt", "--from", "srt"])
        #expect(proseText.stderr.contains("not_srt.txt: error: no SRT cue found in the text [srt.no-cues]"), "\(proseText.stderr)")
        #expect(proseText.stderr.hasSuffix("legible dump: \(Fixtures.root)/srt/not_srt.txt could not be read\n"), "\(proseText.stderr)")
        // WebVTT without its signature is rejected (W3C WebVTT §6.1), with its JSON still printed.
        let vtt = temporaryPath("a.vtt")
        writeFile(vtt, "WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n")
        defer { unlink(vtt) }
        let rejected = Run(["dump", vtt, "--from", "webvtt"])
        #expect(rejected.status == 1 && rejected.stderr.contains("a.vtt:1:1: error: not a WebVTT file"))
        let rejectedJSON = Run(["dump", vtt, "--from", "webvtt", "--json"])
        #expect(rejectedJSON.status == 1 && rejectedJSON.stdout.contains("\"code\": \"webvtt.bad-signature\""))
        #expect(rejectedJSON.stdout.contains("\"format\": \"webvtt\"") && rejectedJSON.stdout.contains("\"tracks\": []"))
        // Text that is not XML, read as TTML, is unreadable with the XML error in its JSON.
        let notXML = Run(["dump", vtt, "--from", "ttml", "--json"])
        #expect(notXML.status == 1 && notXML.stdout.contains("\"code\": \"xml.no-root\""))
        let missingJSON = Run(["dump", "/nonexistent/file.srt", "--json"])
        #expect(missingJSON.status == 1 && missingJSON.stdout.contains("\"code\": \"input.unreadable-file\""))
        #expect(Run(["dump", "/tmp"]).status == 1)
    }

    /// Writing to a device writes through it: renaming a finished file over `/dev/null` would
    /// replace the device with a file.
    @Test func convertWritesThroughDevices() {
        let r = Run(["convert", Fixtures.root + "/webvtt/features.vtt", "-o", "/dev/null", "--to", "srt"])
        #expect(r.status == 0)
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR, "/dev/null is still a device")
    }

    /// TTML output: IMSC 1.1 by default, DFXP with --to dfxp or --dfxp; the writer's notes on
    /// stderr with --verbose (warnings and errors only by default, errors only with --quiet).
    @Test func convertWritesTTMLAndDFXP() {
        let srt = Fixtures.root + "/srt/typical.srt"
        let imsc = Run(["convert", srt, "-o", "-", "--to", "ttml", "--verbose"])
        #expect(imsc.status == 0)
        #expect(imsc.stdout.contains("ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\""))
        #expect(imsc.stderr.contains("[ttml.generated-id]"))
        #expect(!Run(["convert", srt, "-o", "-", "--to", "ttml"]).stderr.contains("[ttml.generated-id]"))
        for arguments in [["--to", "dfxp"], ["--to", "ttml", "--dfxp"]] {
            let dfxp = Run(["convert", srt, "-o", "-"] + arguments)
            #expect(dfxp.status == 0 && dfxp.stdout.contains("ttp:profile=\"http://www.w3.org/ns/ttml/profile/dfxp-presentation\""))
            #expect(!dfxp.stdout.contains("contentProfiles"))
        }
    }

    /// SCC through the CLI: the cea608 view of cue-json.md, and the disassembly.
    @Test func sccDumpsWithTheCEA608ViewAndDisassembles() {
        let scc = Fixtures.root + "/scc/modes.scc"
        let json = Run(["dump", scc, "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"format\": \"scc\"") && json.stdout.contains("\"id\": \"CC1\""))
        #expect(json.stdout.contains("\"mode\": \"pop-on\"") && json.stdout.contains("\"mode\": \"roll-up-2\"")
                && json.stdout.contains("\"mode\": \"paint-on\""))
        let disassembly = Run(["dump", scc, "--disassemble"])
        #expect(disassembly.status == 0 && disassembly.stdout.hasPrefix("01:00:00:00\t{ENM}{ENM}{RCL}{RCL}"))
        #expect(Run(["dump", scc, "--disassemble", "--json"]).status == 2)
        #expect(Run(["dump", Fixtures.root + "/webvtt/features.vtt", "--disassemble"]).status == 2)
    }

    /// The cue-json timeline: 0 first, a time wherever the cues on screen change, ids or "#N".
    @Test func timelineListsSignificantTimes() {
        let r = Run(["timeline", Fixtures.root + "/webvtt/features.vtt"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("0.0\t(nothing)\n1.0\tintro\n2.5\tintro #1\n4.0\t#1\n"), "\(r.stdout)")
        let json = Run(["timeline", Fixtures.root + "/webvtt/features.vtt", "--json"])
        #expect(json.stdout.contains("\"time\": 2.5,\n      \"cues\": [\n        \"intro\",\n        \"#1\"\n      ]"), "\(json.stdout)")
        #expect(Run(["timeline", Fixtures.root + "/webvtt/features.vtt", "--track", "CC9"]).status == 2)
    }

    @Test func infoSummarisesWithoutListingCues() {
        let r = Run(["info", Fixtures.root + "/webvtt/features.vtt"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("features.vtt: webvtt, UTF-8\n"))
        #expect(r.stdout.contains("track #0: subtitles, language en-GB, 5 cues, 00:00:01.000 to 00:00:14.000\n"))
        #expect(r.stdout.contains("5 positioned, 1 styled, 2 regions"))
        let json = Run(["info", Fixtures.root + "/srt/tags.srt", "--json"])
        #expect(json.status == 0 && json.stdout.contains("\"cues\": 5") && json.stdout.contains("\"code\": \"srt.unknown-tag\""))
        #expect(Run(["info"]).status == 2)
    }

    @Test func damagedButReadableInputExitsWith0() {
        let r = Run(["dump", Fixtures.root + "/srt/bad_timestamp.srt"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("bad_timestamp.srt:4:25: error: unexpected characters after the end time"))
    }

    @Test func convertWritesFilesAndStdout() throws {
        let out = temporaryPath("out.vtt")
        defer { unlink(out) }
        let r = Run(["convert", srt, "-o", out])
        #expect(r.status == 0 && r.stderr.isEmpty)
        #expect(readFile(out) == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello.\n\n2\n00:00:03.000 --> 00:00:04.000\n<i>Two</i> lines\nof text.\n")
        #expect(readFile(out + ".legible-\(getpid()).tmp") == nil, "no temporary file left behind")
        let piped = Run(["convert", "-", "-o", "-", "--to", "srt", "--crlf"], stdin: "00:00:01.5 --> 00:00:02,000\nHi\n")
        #expect(piped.status == 0)
        #expect(piped.stdout == "1\r\n00:00:01,500 --> 00:00:02,000\r\nHi\r\n")
        #expect(piped.stderr.contains("<stdin>:1:1: warning: cue without an index line [srt.missing-index]"))
        #expect(Run(["convert", "-", "-o", "-", "--to", "srt", "--quiet"], stdin: "00:00:01.5 --> 00:00:02,000\nHi\n").stderr.isEmpty)
    }

    @Test func failedWriteLeavesNothingBehind() {
        let r = Run(["convert", srt, "-o", "/nonexistent-dir/out.vtt"])
        #expect(r.status == 1 && r.stderr.contains("cannot write /nonexistent-dir/out.vtt"))
    }

    @Test func encodingOverride() {
        let r = Run(["dump", Fixtures.root + "/encodings/windows-1251.srt", "--encoding", "cp1251", "--json"])
        #expect(r.status == 0 && r.stdout.contains("\"encoding\": \"windows-1251\""))
    }
}

/// `legible dump --json` of every reader fixture compared whole with Fixtures/FORMAT/expected/NAME.json:
/// each built-in format's folder (`Fixtures/<its id>`), each file with one of its extensions, so a
/// new format's fixtures are covered once its registry entry exists. RECORD_GOLDENS=1 rewrites
/// the expectations (and fails, so nobody records by accident). A golden without tracks is a
/// file that cannot be read: exit 1.
@Suite struct DumpGoldenTests {
    static let fixtures = CaptionFormat.builtIn.sorted { $0.id.rawValue < $1.id.rawValue }.flatMap { format in
        Fixtures.list(format.id.rawValue).filter { name in format.fileExtensions.contains { name.hasSuffix("." + $0) } }
            .map { "\(format.id.rawValue)/\($0)" }
    }

    @Test(arguments: fixtures)
    func dumpMatchesGolden(_ fixture: String) throws {
        let run = Run(["dump", Fixtures.root + "/\(fixture)", "--json"])
        let folder = fixture[..<fixture.firstIndex(of: "/")!]
        let name = fixture[fixture.index(after: fixture.firstIndex(of: "/")!)...]
        let expectedPath = Fixtures.root + "/\(folder)/expected/\(name[..<name.lastIndex(of: ".")!]).json"
        if getenv("RECORD_GOLDENS") != nil {
            writeFile(expectedPath, run.stdout)
            Issue.record("recorded \(expectedPath); unset RECORD_GOLDENS and run again")
            return
        }
        let expected = try #require(readFile(expectedPath), "no golden at \(expectedPath); run with RECORD_GOLDENS=1")
        #expect(run.stdout == expected)
        #expect(run.status == (expected.contains("\"tracks\": [],") ? 1 : 0))
    }
}
