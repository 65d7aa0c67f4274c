import Testing
import XML
import TimedText
import TextScanning
@testable import TTML

/// Validates a document; `head` and `body` go inside a `tt` with the usual namespace prefixes.
private func validate(_ text: String, options: TTMLValidator.Options = TTMLValidator.Options(checksProfiles: false)) -> [Diagnostic] {
    let scanned = XMLScanner().scan(SourceText(text))
    guard let root = scanned.value.root else { return scanned.diagnostics }
    return scanned.diagnostics + TTMLValidator(options: options).validate(root)
}

private func document(_ inner: String, rootAttributes: String = "") -> String {
    """
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
        xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"
        xmlns:foo="urn:example" xml:lang="en" \(rootAttributes)>
    \(inner)
    </tt>
    """
}

private func codes(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
}

@Suite struct TTMLValidatorTests {
    @Test func aTypicalDocumentIsValid() {
        let diagnostics = validate(document("""
            <head>
              <metadata><ttm:title>Demo</ttm:title><foo:anything/></metadata>
              <styling><style xml:id="s1" tts:color="yellow" tts:fontSize="80%"/></styling>
              <layout><region xml:id="r1" tts:origin="10% 80%" tts:extent="80% 15%" tts:displayAlign="after"/></layout>
            </head>
            <body region="r1" style="s1">
              <div><p begin="00:00:01.000" end="2.5s">Hello <span tts:fontStyle="italic">world</span><br/>again</p></div>
            </body>
            """, rootAttributes: #"ttp:cellResolution="32 15" tts:extent="1920px 1080px""#))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func rootMustBeTT() {
        let diagnostics = validate(#"<html xmlns="http://www.w3.org/1999/xhtml"/>"#)
        #expect(codes(diagnostics) == ["ttml.bad-root"])
        #expect(codes(validate(#"<tt xmlns="http://www.w3.org/ns/ttml"/>"#)) == ["ttml.missing-attribute"])
    }

    @Test func unknownAndMisplacedVocabulary() {
        let diagnostics = validate(document("""
            <head><paragraph/></head>
            <body tts:colour="red" foo:ok="1" bogus="1"><div><p ttp:frameRate="30" xml:base="x">t</p></div></body>
            """))
        #expect(codes(diagnostics) == ["ttml.unknown-element", "ttml.unknown-attribute", "ttml.unknown-attribute",
                                       "ttml.misplaced-attribute"])
        let unknown = diagnostics.first { $0.code == .ttmlUnknownElement }
        #expect(unknown?.location == SourceLocation(line: 4, column: 7))
    }

    @Test func contentModels() {
        // head's children in order; body takes divs, not p; styling before layout; one inline region.
        let diagnostics = validate(document("""
            <head><layout/><styling/></head>
            <body><p>x</p><div><region/><region/><p>ok</p></div></body>
            """))
        #expect(codes(diagnostics) == ["ttml.content-model", "ttml.content-model", "ttml.content-model"])
        #expect(diagnostics.map(\.message).contains("<styling> is out of order in <head>"))
        #expect(diagnostics.map(\.message).contains("<body> cannot contain <p>"))
        #expect(diagnostics.map(\.message).contains("<div> takes at most 1 <region>"))
        #expect(codes(validate(document("<body>stray text<div/></body>"))) == ["ttml.unexpected-text"])
    }

    @Test func styleValuesAreCheckedWithTheirGrammar() {
        let diagnostics = validate(document("""
            <head><styling>
              <style xml:id="a" tts:color="mauve"/>
              <style xml:id="b" tts:extent="10%"/>
              <style xml:id="c" tts:fontSize=" 1c"/>
            </styling></head>
            """))
        #expect(codes(diagnostics) == ["ttml.bad-style-value", "ttml.bad-style-value", "ttml.bad-style-value"])
        #expect(diagnostics[0].message.contains("'mauve' is not a TTML colour"))
        #expect(diagnostics[0].location == SourceLocation(line: 5, column: 21))
    }

    @Test func rootExtentIsInPixels() {
        #expect(codes(validate(document("", rootAttributes: #"tts:extent="100% 100%""#))) == ["ttml.bad-style-value"])
        #expect(codes(validate(document("", rootAttributes: #"tts:extent="cover""#))) == ["ttml.bad-style-value"])
        #expect(codes(validate(document("", rootAttributes: #"tts:extent="contain""#))).isEmpty)
        #expect(codes(validate(document("", rootAttributes: #"tts:color="red""#))) == ["ttml.misplaced-attribute"])
    }

    @Test func parameters() {
        let bad = [#"ttp:cellResolution="0 15""#, #"ttp:frameRate="29.97""#, #"ttp:timeBase="wallclock""#,
                   #"ttp:profile="http://www.w3.org/ns/ttml/profile/nonesuch""#, #"ttp:contentProfiles="any(ttml2-presentation)""#,
                   #"ttp:processorProfiles="ttml2-presentation http://www.w3.org/ns/ttml/profile/ttml2-presentation""#,
                   #"ttp:displayAspectRatio="16:9""#, #"ttp:unknownThing="1""#]
        for attribute in bad {
            #expect(!codes(validate(document("", rootAttributes: attribute))).isEmpty, "accepted \(attribute)")
        }
        let good = [#"ttp:cellResolution="64 24""#, #"ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001""#,
                    #"ttp:profile="ttml2-presentation""#, #"ttp:processorProfiles="any(ttml2-presentation ttml2-transformation)""#,
                    #"ttp:profile="http://example.com/custom""#, #"ttp:version="2""#]
        for attribute in good {
            #expect(codes(validate(document("", rootAttributes: attribute))).isEmpty, "rejected \(attribute)")
        }
    }

    @Test func identifiersAndReferences() {
        let diagnostics = validate(document("""
            <head>
              <styling><style xml:id="s1"/><style xml:id="s1"/></styling>
              <layout><region xml:id="r1" style="r1"/></layout>
            </head>
            <body region="nowhere" style="s1 s1"><div ttm:agent="s1"/></body>
            """))
        #expect(codes(diagnostics).sorted() == ["ttml.bad-reference", "ttml.bad-reference", "ttml.bad-reference",
                                                "ttml.bad-reference", "ttml.duplicate-id"])
        #expect(diagnostics.contains { $0.message.contains("'nowhere', which no element has as xml:id") })
        #expect(diagnostics.contains { $0.message.contains("a <region>, not a style element") })
    }

    @Test func timeExpressions() {
        let good = ["00:00:01", "00:00:01.5", "01:02:03:04", "100:00:00.000", "1.5s", "10f", "200ms", "1h", "90000t",
                    "wallclock(2020-01-01T23:59:60)"]
        for value in good {
            #expect(codes(validate(document(#"<body begin="\#(value)"/>"#))).isEmpty, "rejected \(value)")
        }
        let bad = ["1", "1.s", "00:1:00", "00:00:61", "1.5 s", "wallclock(24:00)", "wallclock(1970-13-01)", "-1s"]
        for value in bad {
            #expect(codes(validate(document(#"<body begin="\#(value)"/>"#))) == ["ttml.bad-time-expression"], "accepted \(value)")
        }
    }

    @Test func animation() {
        let diagnostics = validate(document("""
            <head><animation>
              <animate xml:id="a1" tts:color="red;green;blue"/>
              <animate xml:id="a2" tts:fontFamily="serif;monospace"/>
              <animate xml:id="a3" calcMode="discrete" tts:fontFamily="serif;monospace"/>
              <set xml:id="a4" tts:color="red;green"/>
              <set xml:id="a5" tts:ruby="text"/>
              <animate xml:id="a6" tts:color="red;mauve"/>
            </animation></head>
            """))
        #expect(codes(diagnostics) == ["ttml.not-animatable", "ttml.bad-style-value", "ttml.not-animatable", "ttml.bad-style-value"])
    }

    @Test func conditions() {
        for value in ["true", "!parameter('forced')", "parameter('mediaAspectRatio') == 16/9", "1.1 + 2.2 * 3.3 == 8.36",
                      "media('(color)') &amp;&amp; supports('#animation')"] {
            #expect(codes(validate(document(#"<body condition="\#(value)"/>"#))).isEmpty, "rejected \(value)")
        }
        for value in ["~", "00", "'open", "parameter('unknown')", "media()", "frobnicate('x')", "1 &amp;"] {
            #expect(codes(validate(document(#"<body condition="\#(value)"/>"#))) == ["ttml.bad-condition"], "accepted \(value)")
        }
    }

    @Test func embeddedData() {
        let diagnostics = validate(document("""
            <head><resources>
              <data xml:id="d1" type="text/plain">SGVsbG8=</data>
              <data xml:id="d2">SGVsbG8=</data>
              <data xml:id="d3" type="text/plain">Not base64!</data>
              <data xml:id="d4" src="#d1" type="text/plain"/>
              <image xml:id="i1" src="#nothing"/>
            </resources></head>
            """))
        #expect(codes(diagnostics) == ["ttml.missing-attribute", "ttml.bad-resource", "ttml.misplaced-attribute", "ttml.bad-reference"])
    }

    @Test func externalResourcesAreSniffedWhenALoaderIsGiven() {
        let text = document(#"<body><div><image src="a.png" type="image/png"/><image src="b.png" type="image/png"/></div></body>"#)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [UInt8](repeating: 0, count: 17) + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        let options = TTMLValidator.Options(checksProfiles: false, loadResource: { $0 == "a.png" ? png : Array(png.prefix(20)) })
        let diagnostics = validate(text, options: options)
        #expect(codes(diagnostics) == ["ttml.bad-resource"])
        #expect(diagnostics.first?.message.contains("b.png") == true)
    }

    @Test func profileWarnings() {
        let text = document("""
            <head><animation><animate xml:id="a" tts:color="red;blue"/></animation></head>
            <body><div><p begin="00:00:00:10" end="00:00:01:00">x</p></div></body>
            """, rootAttributes: #"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1.1/text" ttp:timeBase="smpte""#)
        let diagnostics = validate(text, options: .default)
        let warnings = diagnostics.filter { $0.severity == .warning }
        #expect(codes(diagnostics).isEmpty)
        #expect(warnings.allSatisfy { $0.code == .ttmlProfileIMSC })
        // timeBase, animate, and two frame-based times without ttp:frameRate.
        #expect(warnings.count == 4)
        #expect(TTMLProfile.declared(by: XMLScanner().scan(SourceText(text)).value.root!) == [.imsc11Text])
    }
}
