// libFuzzer target for conversions: any bytes, read as one of the readable formats (the first
// byte picks which, or detection, so that every reader gets the same input's mutations; the rest is the file),
// written as every writable format and read back, held to `ConversionCheck`'s promises. Build
// and run: scripts/fuzz.sh convert. Built normally (without -DFUZZING) it replays the files named
// on the command line, or seeds a corpus (--seed).
import CaptionFormats
import ConversionCheck
import FuzzSupport
import TextScanning
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConversion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if let problem = ConversionCheck.problem(bytes, as: ConversionCheck.format(forByte: data[0])) {
        fatalError(problem)
    }
    return 0
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_convert_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzConversion)
}
#else
@main
struct Replay {
    /// `legible-fuzz-convert FILE...` replays inputs; `legible-fuzz-convert --seed DIR FILE...`
    /// writes each caption file into DIR as an input: the byte naming its format, then the file.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == "--seed", arguments.count >= 2 else {
            replayFiles(through: fuzzConversion, program: "legible-fuzz-convert")
            return
        }
        let readable = CaptionFormat.readable
        var seeded = 0
        for path in arguments.dropFirst(2) {
            guard let file = try? CaptionFile(contentsOf: path), let k = readable.firstIndex(of: file.format),
                  let bytes = try? FileIO.read(path: path) else { continue }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let out = fopen("\(arguments[1])/\(name)", "wb") else { continue }
            let input = [UInt8(k)] + bytes
            if fwrite(input, 1, input.count, out) == input.count { seeded += 1 }
            fclose(out)
        }
        print("seeded \(seeded) inputs")
    }
}
#endif
