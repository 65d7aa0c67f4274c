import Testing
import TTML
import TextScanning
import TestSupport

/// TTML shapes read at n and 8n: the XML scanner, the document builder, style resolution, the
/// timeline and the profile checks must stay linear in each.
@Suite struct TTMLGrowthTests {
    static let open = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">"#

    static func document(head: String = "", body: String) -> [UInt8] {
        Array((open + "<head>" + head + "</head><body><div>" + body + "</div></body></tt>").utf8)
    }

    static let shapes: [GrowthShape] = [
        GrowthShape("paragraphs", 57, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\">Line <span tts:color=\"red\">\(k)</span></p>" }
            return document(body: b)
        }),
        GrowthShape("overlapping paragraphs", 60, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 5)s\">Line \(k)</p>" }
            return document(body: b)
        }),
        // One run of paragraphs in one region, one cue each until the last's span cuts them all
        // by the ISDs: their cues are made then, each selected again once.
        GrowthShape("overlapping paragraphs cut at the end", 60, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 5)s\">Line \(k)</p>" }
            return document(body: b + "<p begin=\"\(n)s\" end=\"\(n + 5)s\">last <span begin=\"1s\">more</span></p>")
        }),
        // Paragraphs shown together for the same time: one run, one cue each, each found in one
        // walk over what the region shows.
        GrowthShape("paragraphs shown together", 200, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"1s\" end=\"2s\">Line \(k)</p>" }
            return document(body: b)
        }),
        // Paragraphs that never end stay on screen together (TTML2 §12.3: to the end of an
        // indefinite body): n of them in one region are n cues, but what the region shows is
        // selected at each of their begins, which grows with the square. The shape met in real
        // files is one open end.
        GrowthShape("timed paragraphs and an open end", 60, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\">Line \(k)</p>" }
            return document(body: b + "<p begin=\"\(n)s\">open</p>")
        }),
        GrowthShape("spans in one paragraph", 87, { n in
            document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "<span tts:fontStyle=\"italic\">a</span> ", count: n) + "</p>")
        }),
        GrowthShape("timed spans in one paragraph", 130, { n in
            var b = "<p begin=\"0s\" end=\"1000s\">"
            for k in 0..<n { b += "<span begin=\"\(k)s\" end=\"\(k + 1)s\">w\(k)</span>" }
            return document(body: b + "</p>")
        }),
        GrowthShape("line breaks", 320, { document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "a<br/>", count: $0) + "</p>") }),
        GrowthShape("deep nesting", 25, { n in
            document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "<span>", count: n) + "x" + String(repeating: "</span>", count: n) + "</p>")
        }),
        GrowthShape("styles", 59, { n in
            var h = "<styling>"
            for k in 0..<n { h += "<style xml:id=\"s\(k)\" tts:color=\"red\"/>" }
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\" style=\"s\(k)\">x</p>" }
            return document(head: h + "</styling>", body: b)
        }),
        GrowthShape("chained styles", 310, { n in
            var h = "<styling><style xml:id=\"s0\" tts:color=\"red\"/>"
            for k in 1..<n { h += "<style xml:id=\"s\(k)\" style=\"s\(k - 1)\"/>" }
            return document(head: h + "</styling>", body: "<p begin=\"0s\" end=\"1s\" style=\"s\(n - 1)\">x</p>")
        }),
        GrowthShape("many style references", 1_000, { n in
            var refs = ""
            for k in 0..<n { refs += "s\(k % 10) " }
            var h = "<styling>"
            for k in 0..<10 { h += "<style xml:id=\"s\(k)\" tts:color=\"red\"/>" }
            return document(head: h + "</styling>", body: "<p begin=\"0s\" end=\"1s\" style=\"\(refs)\">x</p>")
        }),
        GrowthShape("regions", 37, { n in
            var h = "<layout>"
            for k in 0..<n { h += "<region xml:id=\"r\(k)\" tts:origin=\"10% 10%\" tts:extent=\"80% 20%\"/>" }
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\" region=\"r\(k)\">x</p>" }
            return document(head: h + "</layout>", body: b)
        }),
        GrowthShape("set elements", 60, { n in
            var b = "<p begin=\"0s\" end=\"1000s\">x"
            for k in 0..<n { b += "<set begin=\"\(k)s\" dur=\"1s\" tts:color=\"red\"/>" }
            return document(body: b + "</p>")
        }),
        GrowthShape("attributes on one element", 1_000, { n in
            var a = ""
            for k in 0..<n { a += " data\(k)=\"v\"" }
            return document(body: "<p begin=\"0s\" end=\"1s\"\(a)>x</p>")
        }),
        GrowthShape("namespace declarations", 700, { n in
            var a = ""
            for k in 0..<n { a += " xmlns:n\(k)=\"urn:x:\(k)\"" }
            return document(body: "<p begin=\"0s\" end=\"1s\"\(a)>x</p>")
        }),
        GrowthShape("unknown elements", 1_000, { document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "<foo>a</foo>", count: $0) + "</p>") }),
        GrowthShape("comments and references", 1_000, { document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "<!-- c -->&amp;&#x41;", count: $0) + "</p>") }),
        // Each error inside a text (or an attribute) is reported before the text's start (the
        // tag's) is asked for: on one line, finding that start walked back to the line's first
        // byte, growing with the square (8 times the input took 38 times as long at this n).
        GrowthShape("undeclared entities on one line", 1_000, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\">A&nbsp;line \(k)</p>" }
            return document(body: b)
        }),
        GrowthShape("undeclared entities in attributes on one line", 1_000, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\" data-x=\"&bogus;\">x</p>" }
            return document(body: b)
        }),
        // Many invalid times that leave the timing whole (each `dur` beside an `end`): each is
        // a diagnostic, and the read stays linear (past the log's cap, nothing is formatted).
        GrowthShape("invalid durations", 150, { n in
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(k)s\" end=\"\(k + 1)s\" dur=\"00:00:05:123\">Line \(k)</p>" }
            return document(body: b)
        }),
        // Clock times whose last field is hundredths (`00:00:05:77` at the default 30 fps): the
        // document is looked at again and built a second time, once.
        GrowthShape("hundredths after the seconds", 150, { n in
            func clock(_ cs: Int) -> String {
                "\(String(format2: cs / 360_000)):\(String(format2: cs / 6000 % 60)):\(String(format2: cs / 100 % 60)):\(String(format2: cs % 100))"
            }
            var b = ""
            for k in 0..<n { b += "<p begin=\"\(clock(k * 200 + 77))\" end=\"\(clock(k * 200 + 190))\">Line \(k)</p>" }
            return document(body: b)
        }),
        GrowthShape("long text", 20_000, { document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "word ", count: $0) + "</p>") }),
        GrowthShape("unclosed elements", 680, { Array((open + "<body><div><p>" + String(repeating: "<span>a", count: $0)).utf8) }),
        GrowthShape("mismatched closing tags", 560, { document(body: "<p begin=\"0s\" end=\"1s\">" + String(repeating: "a</span>", count: $0) + "</p>") }),
        GrowthShape("divs", 73, { n in
            var b = ""
            for k in 0..<n { b += "</div><div begin=\"\(k)s\"><p dur=\"1s\">x</p>" }
            return document(body: b)
        }),
    ]

    @Test(arguments: shapes)
    func readsInLinearTime(_ shape: GrowthShape) {
        let ratio = LinearGrowth.ratio(n: shape.n, make: shape.make) { _ = TTMLReader().read($0) }
        #expect(ratio < LinearGrowth.bound, "\(shape.name): 8 times the input took \(ratio) times as long")
    }
}
