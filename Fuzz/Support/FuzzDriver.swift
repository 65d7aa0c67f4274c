// What every fuzz target shares: replaying files through its entry point (a normal build), and
// handing control to libFuzzer (a `scripts/fuzz.sh` build, with -DFUZZING).
#if canImport(Glibc)
import Glibc
#endif

/// A fuzz entry point: libFuzzer's `LLVMFuzzerTestOneInput` signature.
public typealias FuzzEntry = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs each file named on the command line through `entry`; a crash is the finding. Exits 2
/// without files, 1 when a file cannot be opened.
public func replayFiles(through entry: FuzzEntry, program: String) {
    let paths = CommandLine.arguments.dropFirst()
    if paths.isEmpty {
        print("usage: \(program) FILE...   (replays inputs through the fuzz entry point)")
        exit(2)
    }
    for path in paths {
        guard let file = fopen(path, "rb") else {
            print("cannot open \(path)")
            exit(1)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        fclose(file)
        _ = bytes.withUnsafeBufferPointer { entry($0.baseAddress, $0.count) }
    }
    print("replayed \(paths.count) input\(paths.count == 1 ? "" : "s") without a crash")
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzEntry) -> Int32

/// Hands the process to libFuzzer's driver with `entry` as the target.
public func runLibFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, entry: FuzzEntry) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, entry)
}
#endif
