/// What format sniffers share: they look at the first bytes of a decoded text.
package enum ContentSniffing {
    /// How much of a text sniffers look at.
    package static let headSize = 4096

    /// Whether the text, after any leading white space and blank lines, starts with `prefix`.
    package static func starts(_ head: UnsafeBufferPointer<UInt8>, with prefix: String) -> Bool {
        var i = 0
        while i < head.count, head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0A { i += 1 }
        let p = Array(prefix.utf8)
        return head.count - i >= p.count && head[i..<(i + p.count)].elementsEqual(p)
    }

    /// The file name's extension, lower-cased (`srt` of `Movie.en.SRT`), or nil.
    package static func fileExtension(_ fileName: String) -> String? {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        return fileName[fileName.index(after: dot)...].lowercased()
    }
}
