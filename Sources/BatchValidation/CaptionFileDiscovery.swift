import TextScanning
internal import CaptionFormats
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Which files under a directory `legible validate DIR` checks: walked recursively in name order,
/// hidden entries (a name starting with `.`) left out; a file is taken when its name ends in the
/// extension of a format Legible reads (`fileExtensions`, from the registry), or when it has no
/// extension and its first bytes are a format's (`CaptionFormat.detect(head:)`: a `captions`
/// file that is SRT). Every other file is skipped — counted, and named to whoever asks — and
/// costs one `stat` and no read, so walking a tree of media files stays cheap: only files
/// without an extension are opened, for their first 4 KB.
public enum CaptionFileDiscovery {
    /// The file-name extensions a walk takes a file by, lower case and without the dot, sorted:
    /// those of every readable format in the registry (`.ass` and `.ssa` among them).
    public static var fileExtensions: [String] {
        Array(Set(CaptionFormat.readable.flatMap(\.fileExtensions))).sorted()
    }

    /// Every caption file under `directory`, as a walk takes them (see `CaptionInputs` for the
    /// lazy walk, and for the files skipped); empty when it cannot be read.
    public static func files(under directory: String) -> [String] {
        guard isDirectory(directory) else { return [] }
        return Array(CaptionInputs([directory])).filter { $0 != directory }
    }

    /// True when `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether a walk takes the file `name` (at `path`, of mode `mode`): a readable format's
    /// extension, or no extension and a format's first bytes (regular files only: a pipe or a
    /// device is never opened to look).
    static func takes(_ path: String, name: String, mode: mode_t, extensions: Set<String>) -> Bool {
        let ext = ContentSniffing.fileExtension(name) ?? ""
        if !ext.isEmpty { return extensions.contains(ext) }
        guard (mode & S_IFMT) == S_IFREG, let head = head(of: path) else { return false }
        return CaptionFormat.detect(head: head) != nil
    }

    /// The first `CaptionFormat.headSize` bytes of the file at `path`, or nil when it cannot be read.
    static func head(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: CaptionFormat.headSize)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        return Array(bytes[..<count])
    }
}

/// The inputs of a validation, as `legible validate` takes them: the paths given, in order, each
/// directory among them replaced by the caption files a walk takes under it
/// (`CaptionFileDiscovery`). Lazy throughout: a path is taken from `paths` (a list being read, a
/// million lines long) only when the one before is done, and a directory is listed only when the
/// walk reaches it. `-` (standard input) and paths that are not directories pass as they are; a
/// directory that cannot be listed passes too, so that it is reported unreadable rather than
/// dropped.
///
/// Copies share their count of skipped files, so the count can be read from the copy kept after
/// another has been consumed (by `BatchRunner.run`, say).
public struct CaptionInputs: Sequence, IteratorProtocol {
    private var paths: AnyIterator<String>
    private var walking: [Listing] = []
    private var seen: Set<DirectoryID> = []
    private let extensions = Set(CaptionFileDiscovery.fileExtensions)
    private let tally: Tally
    private let onSkip: ((String) -> Void)?

    private struct Listing {
        var prefix: String
        var names: [String]
        var next = 0
    }

    private struct DirectoryID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private final class Tally: Sendable {
        let skipped = Atomic<Int>(0)
    }

    /// The inputs `paths` give; `onSkip` is told each file a walk leaves out, as it does.
    public init<Paths: Sequence<String>>(_ paths: Paths, onSkip: ((String) -> Void)? = nil) {
        self.paths = AnyIterator(paths.makeIterator())
        tally = Tally()
        self.onSkip = onSkip
    }

    /// Files under the directories walked so far that were left out: no readable format's
    /// extension, and none's first bytes. Hidden entries are not counted.
    public var skipped: Int { tally.skipped.load(ordering: .relaxed) }

    /// The next path to check, or nil when every path has been given.
    public mutating func next() -> String? {
        while true {
            guard !walking.isEmpty else {
                guard let path = paths.next() else { return nil }
                if path != "-" && CaptionFileDiscovery.isDirectory(path) {
                    // Each directory given is walked whole, even one given twice.
                    seen.removeAll()
                    if !enter(path) { return path }
                    continue
                }
                return path
            }
            let top = walking.count - 1
            guard walking[top].next < walking[top].names.count else {
                walking.removeLast()
                continue
            }
            let name = walking[top].names[walking[top].next]
            walking[top].next += 1
            let path = walking[top].prefix + name
            var st = stat()
            guard stat(path, &st) == 0 else {
                // A link to nothing: no file to check.
                skip(path)
                continue
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                if !enter(path, st: st) { return path }
                continue
            }
            if CaptionFileDiscovery.takes(path, name: name, mode: st.st_mode, extensions: extensions) { return path }
            skip(path)
        }
    }

    /// Starts walking the directory at `path`; false when it cannot be listed. A directory met
    /// again through a link (a loop) is walked once.
    private mutating func enter(_ path: String, st given: stat? = nil) -> Bool {
        var st = given ?? stat()
        if given == nil { _ = stat(path, &st) }
        guard seen.insert(DirectoryID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted else { return true }
        guard let names = FileIO.listDirectory(path) else { return false }
        walking.append(Listing(prefix: path.hasSuffix("/") ? path : path + "/", names: names.sorted()))
        return true
    }

    private func skip(_ path: String) {
        tally.skipped.add(1, ordering: .relaxed)
        onSkip?(path)
    }
}
