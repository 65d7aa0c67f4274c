internal import TimedText
import TextScanning
public import CaptionFormats
public import Validation
#if canImport(Glibc)
import Glibc
#endif

/// What a batch checks files with, and how much of each result it keeps.
public struct BatchConfiguration: Sendable {
    /// The profile the files are checked against.
    public var profile: ValidationProfile
    /// Frame rate and playback rates (part of the profile version).
    public var options: ValidationOptions
    /// How files are opened: `encoding` and `format` to force them. A batch reads each file on one
    /// core (`maximumCores` 1 unless set): the parallelism is across files.
    public var reading: CaptionFile.Options
    /// A directory of cached results, keyed by content hash, file-name extension, profile version,
    /// reading options and engine version; nil for no cache. Created when missing.
    public var cacheDirectory: String?
    /// The most findings a record lists (`findings`); the rest are counted (`findingsOmitted`
    /// and the rule tallies), so one damaged file cannot make a record of unbounded size.
    public var maximumFindingsListed: Int
    /// How many positions each rule tally keeps (`first`).
    public var firstLocationsPerRule: Int

    /// A configuration; by default the `general` profile, no cache, 1,000 findings listed per
    /// file and the first 3 positions of each rule.
    public init(profile: ValidationProfile = .general, options: ValidationOptions = .default,
                reading: CaptionFile.Options = CaptionFile.Options(maximumCores: 1), cacheDirectory: String? = nil,
                maximumFindingsListed: Int = 1000, firstLocationsPerRule: Int = 3) {
        self.profile = profile
        self.options = options
        self.reading = reading
        self.cacheDirectory = cacheDirectory
        self.maximumFindingsListed = maximumFindingsListed
        self.firstLocationsPerRule = firstLocationsPerRule
    }

    /// The profile version records carry: `ValidationProfile.version(options:)`.
    public var profileVersion: String { profile.version(options: options) }
}

/// Validates one file at a time for a batch: reads it, hashes it, checks it, and makes its
/// record; with a cache directory, a result already computed for the same bytes, name extension,
/// profile version and engine is read back instead.
public struct BatchValidator: Sendable {
    /// The settings every file is checked with.
    public let configuration: BatchConfiguration
    private let profileVersion: String
    private let cacheSalt: String

    /// A validator for `configuration`.
    public init(_ configuration: BatchConfiguration) {
        self.configuration = configuration
        profileVersion = configuration.profileVersion
        cacheSalt = [
            "engine=\(LegibleEngine.version)", "record=\(BatchRecord.form)", "profile=\(profileVersion)",
            "encoding=\(configuration.reading.encoding ?? "-")", "format=\(configuration.reading.format?.id.rawValue ?? "-")",
            "fonts=\(configuration.options.fontDirectories.joined(separator: ":"))", "listed=\(configuration.maximumFindingsListed)", "first=\(configuration.firstLocationsPerRule)",
        ].joined(separator: "\n")
    }

    /// The record for the file at `path`, computed (the cache is neither read nor written).
    public func record(for path: String) -> BatchRecord {
        let start = ContinuousClock.now
        var record = BatchRecord(path: path, status: .unreadable, profileName: configuration.profile.name, profileVersion: profileVersion)
        switch read(path) {
        case .failure(let message):
            record.message = message
            record.setFindings([Finding(rule: RuleID(rawValue: DiagnosticCode.unreadableInput.rawValue), severity: .error, message: message)],
                               listing: configuration.maximumFindingsListed, firstLocations: configuration.firstLocationsPerRule)
        case .success(let content):
            fill(&record, content: content, name: path)
        }
        record.seconds = Self.seconds(since: start)
        return record
    }

    /// The outcome for the file at `path`: from the cache when it holds this result, otherwise
    /// computed (and then stored in the cache).
    public func outcome(for path: String) -> BatchOutcome {
        guard let directory = configuration.cacheDirectory else { return BatchOutcome(record(for: path)) }
        let start = ContinuousClock.now
        var record = BatchRecord(path: path, status: .unreadable, profileName: configuration.profile.name, profileVersion: profileVersion)
        let content: Content
        switch read(path) {
        case .failure(let message):
            // Not cached: whether a file can be opened is not a property of its bytes.
            record.message = message
            record.setFindings([Finding(rule: RuleID(rawValue: DiagnosticCode.unreadableInput.rawValue), severity: .error, message: message)],
                               listing: configuration.maximumFindingsListed, firstLocations: configuration.firstLocationsPerRule)
            record.seconds = Self.seconds(since: start)
            return BatchOutcome(record)
        case .success(let read):
            content = read
        }
        let key = cacheKey(sha256: content.sha256, path: path)
        let entryPath = directory + "/" + key.prefix(2) + "/" + key
        if let entry = try? FileIO.read(path: entryPath), let tab = entry.firstIndex(of: 0x09),
           let header = BatchLine.parseHeader(Substring(decoding: entry[..<tab], as: UTF8.self)) {
            let line = BatchLine.assemble(path: path, body: Array(entry[(tab + 1)...]), seconds: Self.seconds(since: start), cached: true)
            return BatchOutcome(path: path, status: header.0, errors: header.1, warnings: header.2, infos: header.3, jsonLine: line)
        }
        fill(&record, content: content, name: path)
        record.seconds = Self.seconds(since: start)
        var entry = Array(BatchLine.header(status: record.status, errors: record.errors, warnings: record.warnings, infos: record.infos).utf8)
        entry.append(0x09)
        entry += record.body
        Self.store(entry, at: entryPath, directory: directory + "/" + key.prefix(2))
        return BatchOutcome(record)
    }

    /// The cache key: a SHA-256 over the content hash, the name's extension (format detection
    /// falls back on it) and every setting that changes the result.
    func cacheKey(sha256: String, path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        return SHA256.hash(Array("\(cacheSalt)\next=\(ext)\ncontent=\(sha256)".utf8)).hex
    }

    private struct Content {
        var bytes: [UInt8]?
        var mapped: MappedFile?
        var sha256: String
        var size: Int
    }

    private enum ReadResult {
        case success(Content)
        case failure(String)
    }

    private func read(_ path: String) -> ReadResult {
        if let mapped = MappedFile(path: path) {
            let digest = mapped.withUnsafeBytes { buffer -> SHA256.Digest in
                var hash = SHA256()
                hash.update(buffer)
                return hash.finish()
            }
            return .success(Content(mapped: mapped, sha256: digest.hex, size: mapped.count))
        }
        do {
            let bytes = try FileIO.read(path: path)
            return .success(Content(bytes: bytes, sha256: SHA256.hash(bytes).hex, size: bytes.count))
        } catch {
            return .failure(error.description)
        }
    }

    private func fill(_ record: inout BatchRecord, content: Content, name: String) {
        record.size = content.size
        record.sha256 = content.sha256
        var decoding = SourceDecoder.Options()
        if let encoding = configuration.reading.encoding {
            do {
                decoding.encoding = try SourceDecoder.canonicalEncodingName(encoding) ?? encoding
            } catch {
                decoding.encoding = encoding
            }
        }
        let decoded = content.mapped.map { SourceDecoder.decode($0, options: decoding) }
            ?? SourceDecoder.decode(content.bytes ?? [], options: decoding)
        let file: CaptionFile
        do {
            file = try CaptionFile(text: decoded.value, decodingDiagnostics: decoded.diagnostics, fileName: name, options: configuration.reading)
        } catch {
            record.status = .unreadable
            record.message = error.message
            record.encoding = decoded.value.encoding
            record.setFindings([Finding(rule: RuleID(rawValue: error.code.rawValue), severity: .error, message: error.message)],
                               listing: configuration.maximumFindingsListed, firstLocations: configuration.firstLocationsPerRule)
            return
        }
        record.format = file.format.id.rawValue
        record.encoding = file.text.encoding
        record.tracks = file.document.tracks.count
        record.cues = file.document.tracks.reduce(0) { $0 + $1.cues.count }
        let findings = Validator(profile: configuration.profile, options: configuration.options).validate(file)
        record.setFindings(findings, listing: configuration.maximumFindingsListed, firstLocations: configuration.firstLocationsPerRule)
        if file.isUnreadable {
            record.status = .unreadable
            record.message = "no cue could be read"
        } else {
            record.status = findings.isEmpty ? .ok : .findings
        }
    }

    /// Writes a cache entry through a temporary file and a rename, so that a reader (another job,
    /// another machine on a shared directory) sees a whole entry or none.
    private static func store(_ entry: [UInt8], at path: String, directory: String) {
        if mkdir(directory, 0o755) != 0 && errno == ENOENT {
            _ = mkdir(String(directory[..<directory.lastIndex(of: "/")!]), 0o755)
            _ = mkdir(directory, 0o755)
        }
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        let written = FileIO.writeAll(entry, descriptor: fd)
        close(fd)
        if !written || rename(temporary, path) != 0 { unlink(temporary) }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
