internal import TextScanning

/// The element and attribute names of one document, each made into Strings (and split at its
/// colon) once. A subtitle document repeats a couple of dozen names tens of thousands of times;
/// making a String of every occurrence and splitting it again was a large part of the scan.
///
/// Names are looked up by their bytes in the input, which outlives the scan, so an entry keeps
/// only where its name was first seen.
package struct XMLNameTable {
    /// A table that holds no name yet.
    package init() {}

    package struct Entry {
        /// Where the name was first seen.
        package var bytes: Range<Int>
        /// The name as written (`tts:color`).
        package var qualifiedName: String
        /// The prefix, or nil when there is none or the name is not a well-formed qualified name.
        package var prefix: String?
        /// The local part (the whole name when `prefix` is nil).
        package var local: String
        /// The name has an empty part or more than one colon: each occurrence is reported.
        package var malformed: Bool
        /// `xmlns` or `xmlns:…`: a namespace declaration, not an attribute.
        package var isDeclaration: Bool { prefix == nil ? local == "xmlns" : prefix == "xmlns" }
        /// What `prefix` (or, without one, the default namespace) was bound to when last looked up
        /// (nil: unbound), and the namespace scope's version then.
        package var resolvedNamespace: String?
        package var resolvedInVersion = -1
    }

    /// The namespace the prefix of name `id` is bound to in `scope` (for a name without prefix, the
    /// default namespace), or nil when it is bound to none; remembered while the scope is unchanged.
    package mutating func namespace(ofPrefixOf id: Int, in scope: XMLNamespaceScope) -> String? {
        if entries[id].resolvedInVersion == scope.version { return entries[id].resolvedNamespace }
        let uri = scope.lookup(entries[id].prefix ?? "")
        entries[id].resolvedNamespace = uri
        entries[id].resolvedInVersion = scope.version
        return uri
    }

    /// The flags of name `id` that opening an element asks of every attribute, without copying
    /// the entry (which would retain each of its Strings).
    package func isDeclaration(_ id: Int) -> Bool { entries[id].isDeclaration }
    package func hasPrefix(_ id: Int) -> Bool { entries[id].prefix != nil }

    private(set) var entries: [Entry] = []
    /// Each entry's first eight bytes (`prefixWord`) and where it was first seen, apart from the
    /// entries: a look-up compares only these (most names are no longer than eight bytes, and
    /// are then told apart by their word and length alone), without touching an entry's Strings.
    private var words: [UInt64] = []
    private var spans: [Range<Int>] = []
    /// Open addressing on a power-of-two table: an entry's index, or -1 for an empty slot.
    private var slots = [Int32](repeating: -1, count: 64)

    package subscript(_ id: Int) -> Entry {
        _read { yield entries[id] }
    }

    /// True once a probe ran long: names crafted to collide under `wordHash` (which is unseeded) would
    /// make every look-up walk them all, so the table then hashes with Swift's seeded `Hasher`.
    private(set) var usesSeededHash = false

    /// The id of the name written at `range` of `bytes`, adding it when it is new.
    package mutating func intern(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let word = Self.prefixWord(range, in: bytes)
        let mask = slots.count - 1
        var slot = (usesSeededHash ? hash(range, in: bytes) : Self.wordHash(word, count: range.count)) & mask
        var probes = 0
        while slots[slot] >= 0 {
            let id = Int(slots[slot])
            if words[id] == word && Self.equal(spans[id], range, in: bytes) { return id }
            slot = (slot + 1) & mask
            probes += 1
            if probes > Self.longProbe && !usesSeededHash {
                usesSeededHash = true
                rehash(in: bytes, size: slots.count)
                return intern(range, in: bytes)
            }
        }
        let id = entries.count
        entries.append(Self.entry(range, in: bytes))
        words.append(word)
        spans.append(range)
        slots[slot] = Int32(id)
        // At most half full, so that probes stay short.
        if entries.count * 2 > slots.count { rehash(in: bytes, size: slots.count * 2) }
        return id
    }

    /// The first eight bytes of the name (fewer, zero-padded, for a shorter one), read as one
    /// word where the input has eight bytes to read there.
    @inline(__always)
    package static func prefixWord(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = min(range.count, 8)
        if range.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = ByteWord.load(base, at: range.lowerBound)
            return count == 8 ? word : word & ((1 << UInt64(count * 8)) - 1)
        }
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(bytes[range.lowerBound + k]) << UInt64(k * 8) }
        return word
    }

    /// The unseeded hash: the first eight bytes and the length, mixed by one multiplication.
    /// Names that share their first eight bytes and length collide; a document crafted so hits
    /// the long-probe guard and is hashed with `Hasher` from then on.
    @inline(__always)
    package static func wordHash(_ word: UInt64, count: Int) -> Int {
        let mixed = (word ^ UInt64(truncatingIfNeeded: count) << 59) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32)
    }

    /// More probes than this for one look-up in a table at most half full is no accident.
    private static let longProbe = 32

    private mutating func rehash(in bytes: UnsafeBufferPointer<UInt8>, size: Int) {
        slots = [Int32](repeating: -1, count: size)
        let mask = slots.count - 1
        for id in entries.indices {
            let hashed = usesSeededHash ? hash(spans[id], in: bytes) : Self.wordHash(words[id], count: spans[id].count)
            var slot = hashed & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// The seeded hash, used once names were found crafted to collide.
    private func hash(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        return hasher.finalize()
    }

    /// Equal names, their first eight bytes already found equal.
    private static func equal(_ a: Range<Int>, _ b: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        if a.count <= 8 { return true }
        var i = a.lowerBound + 8, j = b.lowerBound + 8
        while i < a.upperBound {
            if bytes[i] != bytes[j] { return false }
            i += 1
            j += 1
        }
        return true
    }

    /// Namespaces in XML 1.0 §4: `prefix:local`, or a name without a colon.
    private static func entry(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Entry {
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let colon = range.first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
            return Entry(bytes: range, qualifiedName: name, prefix: nil, local: name, malformed: false)
        }
        let prefix = range.lowerBound..<colon
        let local = (colon + 1)..<range.upperBound
        if prefix.isEmpty || local.isEmpty || local.contains(where: { bytes[$0] == UInt8(ascii: ":") }) {
            return Entry(bytes: range, qualifiedName: name, prefix: nil, local: name, malformed: true)
        }
        return Entry(bytes: range, qualifiedName: name,
                     prefix: String(decoding: UnsafeBufferPointer(rebasing: bytes[prefix]), as: UTF8.self),
                     local: String(decoding: UnsafeBufferPointer(rebasing: bytes[local]), as: UTF8.self), malformed: false)
    }
}
