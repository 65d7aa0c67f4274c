/// The element and attribute names of one document, each made into Strings (and split at its
/// colon) once. A subtitle document repeats a couple of dozen names tens of thousands of times;
/// making a String of every occurrence and splitting it again was a large part of the scan.
///
/// Names are looked up by their bytes in the input, which outlives the scan, so an entry keeps
/// only where its name was first seen.
struct XMLNameTable {
    struct Entry {
        /// Where the name was first seen.
        var bytes: Range<Int>
        /// The name as written (`tts:color`).
        var qualifiedName: String
        /// The prefix, or nil when there is none or the name is not a well-formed qualified name.
        var prefix: String?
        /// The local part (the whole name when `prefix` is nil).
        var local: String
        /// The name has an empty part or more than one colon: each occurrence is reported.
        var malformed: Bool
        /// `xmlns` or `xmlns:…`: a namespace declaration, not an attribute.
        var isDeclaration: Bool { prefix == nil ? local == "xmlns" : prefix == "xmlns" }
        /// What `prefix` (or, without one, the default namespace) was bound to when last looked up
        /// (nil: unbound), and the namespace scope's version then.
        var resolvedNamespace: String?
        var resolvedInVersion = -1
    }

    /// The namespace the prefix of name `id` is bound to in `scope` (for a name without prefix, the
    /// default namespace), or nil when it is bound to none; remembered while the scope is unchanged.
    mutating func namespace(ofPrefixOf id: Int, in scope: XMLNamespaceScope) -> String? {
        if entries[id].resolvedInVersion == scope.version { return entries[id].resolvedNamespace }
        let uri = scope.lookup(entries[id].prefix ?? "")
        entries[id].resolvedNamespace = uri
        entries[id].resolvedInVersion = scope.version
        return uri
    }

    /// The flags of name `id` that opening an element asks of every attribute, without copying
    /// the entry (which would retain each of its Strings).
    func isDeclaration(_ id: Int) -> Bool { entries[id].isDeclaration }
    func hasPrefix(_ id: Int) -> Bool { entries[id].prefix != nil }

    private(set) var entries: [Entry] = []
    /// Open addressing on a power-of-two table: an entry's index, or -1 for an empty slot.
    private var slots = [Int32](repeating: -1, count: 64)

    subscript(_ id: Int) -> Entry {
        _read { yield entries[id] }
    }

    /// True once a probe ran long: names crafted to collide under FNV-1a (which is unseeded) would
    /// make every look-up walk them all, so the table then hashes with Swift's seeded `Hasher`.
    private(set) var usesSeededHash = false

    /// The id of the name written at `range` of `bytes`, adding it when it is new.
    mutating func intern(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let mask = slots.count - 1
        var slot = hash(range, in: bytes) & mask
        var probes = 0
        while slots[slot] >= 0 {
            let id = Int(slots[slot])
            if Self.equal(entries[id].bytes, range, in: bytes) { return id }
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
        slots[slot] = Int32(id)
        // At most half full, so that probes stay short.
        if entries.count * 2 > slots.count { rehash(in: bytes, size: slots.count * 2) }
        return id
    }

    /// More probes than this for one look-up in a table at most half full is no accident.
    private static let longProbe = 32

    private mutating func rehash(in bytes: UnsafeBufferPointer<UInt8>, size: Int) {
        slots = [Int32](repeating: -1, count: size)
        let mask = slots.count - 1
        for (id, entry) in entries.enumerated() {
            var slot = hash(entry.bytes, in: bytes) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    private func hash(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard usesSeededHash else { return Self.fnv1a(range, in: bytes) }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        return hasher.finalize()
    }

    /// FNV-1a: names are short, and this is cheaper than setting up a `Hasher`.
    static func fnv1a(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in range {
            h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }

    private static func equal(_ a: Range<Int>, _ b: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var i = a.lowerBound, j = b.lowerBound
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
