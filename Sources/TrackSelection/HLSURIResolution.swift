/// Resolves a URI written in an HLS playlist — a segment's, an `EXT-X-MAP`'s, a rendition's
/// `URI`, a variant's — against the path or URL of the playlist it was read from: RFC 8216 §4.1
/// makes relative URIs relative to the playlist, and RFC 3986 §5.2 says how they resolve.
///
/// - A URI with a scheme (`https://cdn.example/en/1.vtt`, `file:///srv/1.vtt`) is returned as it is.
/// - A network-path reference (`//cdn.example/1.vtt`) takes the playlist URL's scheme; against a
///   local playlist it is returned as it is.
/// - An absolute path (`/subs/1.vtt`) keeps the playlist URL's scheme and authority; against a
///   local playlist it is that path.
/// - A relative path (`../subs/1.vtt`) is merged with the playlist's directory and its `.` and
///   `..` segments removed: against `/media/show/hls/en.m3u8` it is `/media/show/subs/1.vtt`.
///   `..` above the root of an absolute path is dropped (RFC 3986 §5.2.4); a relative playlist path
///   gives a relative result that keeps the `..` climbing above it (`en.m3u8` gives `../subs/1.vtt`),
///   so that it still names the file from the current directory.
///
/// `playlistPath` is a URL when it starts with a scheme (`https:`, `file:`), otherwise a local
/// file path, in which `?` and `#` are ordinary characters. The result keeps the reference's query,
/// fragment and percent-escapes as written (`my%20subs.vtt`): a player opening a local file
/// decodes them itself.
public func resolvedURI(_ uri: String, relativeTo playlistPath: String) -> String {
    let reference = URIReferenceParts(Array(uri.utf8))
    if reference.scheme != nil { return uri }
    let baseBytes = Array(playlistPath.utf8)
    let base = URIReferenceParts(baseBytes)
    guard base.scheme != nil else {
        // A local file path: all of it is path, and there is no authority to keep.
        if reference.authority != nil { return uri }
        var result: [UInt8]
        if reference.path.isEmpty {
            result = baseBytes
        } else if reference.path.first == UInt8(ascii: "/") {
            result = removingDotSegments(reference.path)
        } else {
            result = removingDotSegments(merging(reference.path, into: baseBytes[...], baseHasAuthority: false)[...])
        }
        result += reference.query ?? []
        result += reference.fragment ?? []
        return String(decoding: result, as: UTF8.self)
    }
    // RFC 3986 §5.2.2, for a reference without a scheme.
    var result = Array(base.scheme!)
    if let authority = reference.authority {
        result += authority
        result += removingDotSegments(reference.path)
        result += reference.query ?? []
    } else {
        result += base.authority ?? []
        if reference.path.isEmpty {
            result += base.path
            result += reference.query ?? base.query ?? []
        } else {
            if reference.path.first == UInt8(ascii: "/") {
                result += removingDotSegments(reference.path)
            } else {
                result += removingDotSegments(merging(reference.path, into: base.path, baseHasAuthority: base.authority != nil)[...])
            }
            result += reference.query ?? []
        }
    }
    result += reference.fragment ?? []
    return String(decoding: result, as: UTF8.self)
}

/// A URI reference split as RFC 3986 Appendix B splits it; each part keeps its delimiter
/// (`https:`, `//host`, `?query`, `#fragment`) so that joining them gives the text back.
private struct URIReferenceParts {
    var scheme: ArraySlice<UInt8>?
    var authority: ArraySlice<UInt8>?
    var path: ArraySlice<UInt8>
    var query: ArraySlice<UInt8>?
    var fragment: ArraySlice<UInt8>?

    init(_ bytes: [UInt8]) {
        var i = 0
        let end = bytes.count
        func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"  (RFC 3986 §3.1)
        if end > 0, isAlpha(bytes[0]) {
            var j = 1
            while j < end, isAlpha(bytes[j]) || (bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9"))
                || bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: ".") { j += 1 }
            if j < end, bytes[j] == UInt8(ascii: ":") {
                scheme = bytes[0...j]
                i = j + 1
            }
        }
        func isDelimiter(_ b: UInt8, slash: Bool) -> Bool {
            b == UInt8(ascii: "?") || b == UInt8(ascii: "#") || (slash && b == UInt8(ascii: "/"))
        }
        if i + 1 < end, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") {
            var j = i + 2
            while j < end, !isDelimiter(bytes[j], slash: true) { j += 1 }
            authority = bytes[i..<j]
            i = j
        }
        var j = i
        while j < end, !isDelimiter(bytes[j], slash: false) { j += 1 }
        path = bytes[i..<j]
        i = j
        if i < end, bytes[i] == UInt8(ascii: "?") {
            j = i + 1
            while j < end, bytes[j] != UInt8(ascii: "#") { j += 1 }
            query = bytes[i..<j]
            i = j
        }
        if i < end { fragment = bytes[i..<end] }
    }
}

/// RFC 3986 §5.2.3: the base path up to its last `/`, then the reference's path (`/` and the path
/// when the base has an authority and an empty path).
private func merging(_ path: ArraySlice<UInt8>, into basePath: ArraySlice<UInt8>, baseHasAuthority: Bool) -> [UInt8] {
    if baseHasAuthority && basePath.isEmpty { return [UInt8(ascii: "/")] + path }
    guard let slash = basePath.lastIndex(of: UInt8(ascii: "/")) else { return Array(path) }
    return Array(basePath[...slash]) + path
}

/// RFC 3986 §5.2.4's dot-segment removal, done on a stack of segments: `.` goes, `..` takes the
/// segment before it away. Above the start, `..` is dropped from an absolute path and kept in a
/// relative one (where it still means the directory above); a path that ends in `.` or `..`
/// ends in `/`.
private func removingDotSegments(_ path: ArraySlice<UInt8>) -> [UInt8] {
    let isAbsolute = path.first == UInt8(ascii: "/")
    var segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    if isAbsolute { segments.removeFirst() }
    var kept: [ArraySlice<UInt8>] = []
    var endsInDirectory = false
    for (index, segment) in segments.enumerated() {
        let isLast = index == segments.count - 1
        if segment.elementsEqual(".".utf8) {
            endsInDirectory = isLast
        } else if segment.elementsEqual("..".utf8) {
            if let last = kept.last, !last.elementsEqual("..".utf8) {
                kept.removeLast()
            } else if !isAbsolute {
                kept.append(ArraySlice("..".utf8))
            }
            endsInDirectory = isLast
        } else {
            kept.append(segment)
            endsInDirectory = false
        }
    }
    var result: [UInt8] = isAbsolute ? [UInt8(ascii: "/")] : []
    for (index, segment) in kept.enumerated() {
        if index > 0 { result.append(UInt8(ascii: "/")) }
        result += segment
    }
    if endsInDirectory {
        if kept.isEmpty && !isAbsolute { result = Array("./".utf8) } else if !kept.isEmpty { result.append(UInt8(ascii: "/")) }
    }
    return result
}
