package import TimedText
package import TextScanning

/// Writes JSON as it goes, in the same form as `JSON.serialized()` (two-space indentation, keys
/// in the order given), handing the text to a sink in pieces of about `flushSize` bytes
/// (`flushIfFull()` between items): a document of 100,000 cues is written without its JSON tree,
/// or its text, ever being whole in memory. Small values may still be written as `JSON` trees
/// (`value(_:)`).
package struct JSONStreamWriter: ~Copyable {
    private var out: ByteWriter
    /// Per open container: whether it has a member yet.
    private var hasMembers: [Bool] = []
    /// Set by `key`: the value that follows takes no comma or line break.
    private var afterKey = false
    private let sink: (UnsafeBufferPointer<UInt8>) throws -> Void
    private let flushSize: Int

    package init(flushSize: Int = 1 << 18, sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        self.sink = sink
        self.flushSize = flushSize
        out = ByteWriter(capacity: flushSize + 4096)
    }

    private var depth: Int { hasMembers.count }

    /// Before a value: the comma and line break of an item (after `key`, nothing).
    private mutating func beginValue() {
        if afterKey { afterKey = false; return }
        guard !hasMembers.isEmpty else { return }
        if hasMembers[hasMembers.count - 1] { out.append(UInt8(ascii: ",")) } else { hasMembers[hasMembers.count - 1] = true }
        out.appendJSONNewline(indent: depth)
    }

    package mutating func beginObject() { beginValue(); out.append(UInt8(ascii: "{")); hasMembers.append(false) }
    package mutating func beginArray() { beginValue(); out.append(UInt8(ascii: "[")); hasMembers.append(false) }
    package mutating func endObject() { end(UInt8(ascii: "}")) }
    package mutating func endArray() { end(UInt8(ascii: "]")) }

    private mutating func end(_ bracket: UInt8) {
        if hasMembers.removeLast() { out.appendJSONNewline(indent: depth) }
        out.append(bracket)
    }

    /// The key of the next member of the open object: a name that needs no escaping.
    package mutating func key(_ name: StaticString) {
        beginValue()
        out.append(UInt8(ascii: "\""))
        out.appendStatic(name)
        out.appendStatic("\": ")
        afterKey = true
    }

    package mutating func string(_ value: String) { beginValue(); out.appendJSONString(value) }

    /// UTF-8 bytes as a string.
    package mutating func string(bytes: UnsafeBufferPointer<UInt8>) {
        beginValue()
        out.append(UInt8(ascii: "\""))
        out.appendJSONEscaped(bytes)
        out.append(UInt8(ascii: "\""))
    }

    /// The plain text of a cue's content (`InlineNode.plainText`), written without building it.
    package mutating func plainText(_ nodes: [InlineNode]) {
        beginValue()
        out.append(UInt8(ascii: "\""))
        appendPlainText(nodes)
        out.append(UInt8(ascii: "\""))
    }

    private mutating func appendPlainText(_ nodes: [InlineNode]) {
        for node in nodes {
            switch node {
            case .text(var s): s.withUTF8 { out.appendJSONEscaped($0) }
            case .lineBreak: out.appendStatic("\\n")
            case .timestamp: break
            case .span(let span): appendPlainText(span.children)
            case .ruby(let ruby): for segment in ruby.segments { appendPlainText(segment.base) }
            }
        }
    }

    package mutating func optionalString(_ value: String?) { if let value { string(value) } else { null() } }
    /// A number already in JSON form.
    package mutating func number(_ text: String) { beginValue(); out.append(text) }
    package mutating func int(_ value: Int) { beginValue(); out.appendDecimal(value) }
    package mutating func bool(_ value: Bool) { beginValue(); if value { out.appendStatic("true") } else { out.appendStatic("false") } }
    package mutating func null() { beginValue(); out.appendStatic("null") }

    /// Where the text written so far ends (for `written(since:)`).
    package var mark: Int { out.byteCount }

    /// What was written since `mark`, as bytes to `append(raw:)` again in the same place of a
    /// later item (members of an object after its first, say).
    package func written(since mark: Int) -> [UInt8] {
        out.withBytes { Array($0[mark...]) }
    }

    /// Bytes `written(since:)` in the same place of an earlier item, written again.
    package mutating func append(raw bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { out.append($0) }
    }

    /// A small value given as a tree, written at the current place and indentation.
    package mutating func value(_ json: JSON) {
        beginValue()
        json.write(to: &out, indent: depth)
    }

    /// Hands what is written so far to the sink once there is at least `flushSize` of it (call it
    /// between items: the writer never flushes on its own).
    package mutating func flushIfFull() throws {
        if out.byteCount >= flushSize { try flush() }
    }

    /// Hands what is written so far to the sink.
    package mutating func flush() throws {
        guard out.byteCount > 0 else { return }
        try out.withBytes { try sink($0) }
        out.removeAll()
    }

    /// Ends the text with a line feed and hands the rest to the sink.
    package mutating func finish() throws {
        out.append(0x0A)
        try flush()
    }
}
