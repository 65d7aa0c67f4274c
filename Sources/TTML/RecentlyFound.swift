/// The last few answers a map gave, looked at before it: readers ask for the same couple of keys
/// thousands of times (a paragraph's region, style, parent style), and hashing the key for each
/// question showed in profiles. A short ring, searched in full, oldest overwritten.
struct RecentlyFound<Key: Equatable, Value> {
    private var entries: [(key: Key, value: Value)?]
    private var next = 0

    init(capacity: Int = 4) { entries = Array(repeating: nil, count: capacity) }

    func value(for key: Key) -> Value? {
        for case let (known, value)? in entries where known == key { return value }
        return nil
    }

    mutating func remember(_ value: Value, for key: Key) {
        entries[next] = (key, value)
        next = (next + 1) % entries.count
    }
}

extension RecentlyFound: Sendable where Key: Sendable, Value: Sendable {}
