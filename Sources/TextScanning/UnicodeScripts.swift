import Synchronization

/// A writing system: a value of the Unicode Script property (UAX #24), named by its ISO 15924
/// code.
///
/// `.common` (Zyyy) is the script of characters many scripts share: digits, most punctuation,
/// symbols, emoji. `.inherited` (Zinh) is that of combining marks, which take their base's
/// script. `.unknown` (Zzzz) is that of unassigned code points.
package struct UnicodeScript: Hashable, Sendable, CustomStringConvertible {
    /// The code's four ASCII letters packed big-endian: "Hani" is 0x4861_6E69.
    package let code: UInt32

    /// The script of a packed code (see `code`).
    init(code: UInt32) { self.code = code }

    /// The script of an ISO 15924 code, in any case ("Hani", "hani"); nil unless four ASCII letters.
    package init?(iso15924: some StringProtocol) {
        var code: UInt32 = 0
        var count = 0
        for byte in iso15924.utf8 {
            let lower = byte | 0x20
            guard count < 4, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) else { return nil }
            // ISO 15924 spells codes with a capital first letter.
            code = code << 8 | UInt32(count == 0 ? lower & ~0x20 : lower)
            count += 1
        }
        guard count == 4 else { return nil }
        self.code = code
    }

    /// A code spelled out, for the constants.
    private init(_ a: Unicode.Scalar, _ b: Unicode.Scalar, _ c: Unicode.Scalar, _ d: Unicode.Scalar) {
        code = a.value << 24 | b.value << 16 | c.value << 8 | d.value
    }

    /// The ISO 15924 code, such as "Latn".
    package var iso15924: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }, as: UTF8.self)
    }

    /// The ISO 15924 code.
    package var description: String { iso15924 }

    /// The Script property of a scalar (UAX #24; not Script_Extensions): `.common` for a
    /// character shared by scripts, such as U+3001 IDEOGRAPHIC COMMA or U+30FC KATAKANA-HIRAGANA
    /// PROLONGED SOUND MARK, which are used with several.
    package static func of(_ scalar: Unicode.Scalar) -> UnicodeScript { ScalarFacts.script(of: scalar) }

    /// Zyyy: characters shared by many scripts.
    package static var common: Self { Self("Z", "y", "y", "y") }
    /// Zinh: combining marks, which take the script of their base.
    package static var inherited: Self { Self("Z", "i", "n", "h") }
    /// Zzzz: unassigned code points (and every scalar when ICU cannot be loaded).
    package static var unknown: Self { Self("Z", "z", "z", "z") }
    /// Latn.
    package static var latin: Self { Self("L", "a", "t", "n") }
    /// Grek.
    package static var greek: Self { Self("G", "r", "e", "k") }
    /// Cyrl.
    package static var cyrillic: Self { Self("C", "y", "r", "l") }
    /// Armn.
    package static var armenian: Self { Self("A", "r", "m", "n") }
    /// Hebr.
    package static var hebrew: Self { Self("H", "e", "b", "r") }
    /// Arab.
    package static var arabic: Self { Self("A", "r", "a", "b") }
    /// Deva.
    package static var devanagari: Self { Self("D", "e", "v", "a") }
    /// Beng.
    package static var bengali: Self { Self("B", "e", "n", "g") }
    /// Taml.
    package static var tamil: Self { Self("T", "a", "m", "l") }
    /// Thai.
    package static var thai: Self { Self("T", "h", "a", "i") }
    /// Geor.
    package static var georgian: Self { Self("G", "e", "o", "r") }
    /// Hani: ideographs, the Kangxi and CJK radicals, the ideographic iteration mark 々.
    package static var han: Self { Self("H", "a", "n", "i") }
    /// Hira.
    package static var hiragana: Self { Self("H", "i", "r", "a") }
    /// Kana, halfwidth katakana included.
    package static var katakana: Self { Self("K", "a", "n", "a") }
    /// Hang: syllables and jamo, halfwidth ones included.
    package static var hangul: Self { Self("H", "a", "n", "g") }
    /// Bopo.
    package static var bopomofo: Self { Self("B", "o", "p", "o") }
    /// Yiii.
    package static var yi: Self { Self("Y", "i", "i", "i") }
}

/// What Legible asks of single scalars in its hot paths (validating 100k-cue files, choosing
/// fonts, laying out vertical text), from ICU's Unicode data in one place: the script (UAX #24),
/// whether it is East Asian wide (UAX #11), whether it is CJK text, and its direction (UAX #9).
///
/// The answers for the Basic Multilingual Plane, where nearly all subtitle text lies, are read
/// from ICU once, on first use, into a table of two bytes a code point (128 KB, built in 2–3 ms,
/// kept for the life of the process); a query is then one array read. Scalars
/// above the BMP (emoji, rare ideographs) ask ICU each time.
///
/// Without ICU (its Debian package missing) nothing fails: every scalar reads as an unassigned
/// code point would, of script `.unknown`, not alphabetic, not wide, not CJK, left to right;
/// `unavailableReason` says why. Readers that need ICU report its absence as an error of their
/// own.
package enum ScalarFacts {
    /// Why ICU could not be loaded (naming the Debian package), or nil when the answers are ICU's.
    package static var unavailableReason: String? { ICU.loadError() }

    /// The Script property (UAX #24), as `UnicodeScript.of(_:)`.
    package static func script(of scalar: Unicode.Scalar) -> UnicodeScript {
        let table = Self.table
        let v = scalar.value
        return table.script(number: v < 0x10000 ? Int(table.bmp[Int(v)] & Entry.scriptMask) : Int(ICU.scriptNumber(v)))
    }

    /// The Alphabetic property: letters, letter numbers (Ⅻ) and the marks that are part of
    /// letters (Devanagari vowel signs). The same as `Unicode.Scalar.Properties.isAlphabetic`
    /// but for the Unicode version (ICU's and the standard library's may differ), and several
    /// times faster.
    package static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v < 0x10000 else { return ICU.isAlphabetic(v) }
        return table.bmp[Int(v)] & Entry.alphabetic != 0
    }

    /// East_Asian_Width is Wide or Fullwidth (UAX #11 W and F): ideographs, kana, Hangul
    /// syllables, CJK punctuation, fullwidth forms, emoji shown as emoji; the unassigned code
    /// points of the ideographic blocks and planes too, as UAX #11 makes them W by default.
    /// Ambiguous (A) characters count as narrow, as UAX #11 advises outside East Asian legacy
    /// contexts.
    package static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v < 0x10000 else { return ICU.isEastAsianWide(v) }
        return table.bmp[Int(v)] & Entry.wide != 0
    }

    /// Whether a scalar is CJK text, to be drawn by a CJK font and kept upright in vertical
    /// text:
    /// - the Han, Hiragana, Katakana, Hangul and Bopomofo scripts (halfwidth katakana and
    ///   conjoining jamo included: they need the CJK font whatever their width);
    /// - the fullwidth and halfwidth compatibility forms (Decomposition_Type Wide or Narrow:
    ///   U+3000, fullwidth Latin letters and digits, halfwidth punctuation), which exist for East
    ///   Asian character sets and take a CJK font's glyphs;
    /// - characters of no script of their own (Common, Inherited) that are East Asian wide —
    ///   CJK punctuation and symbols, enclosed and compatibility CJK, vertical and small forms —
    ///   except emoji (Emoji_Presentation), which are pictures, not CJK text;
    /// - and those whose Script_Extensions (UAX #24) name only CJK scripts (Yi allowed beside
    ///   them, as CJK punctuation is shared with Yi), such as U+303F IDEOGRAPHIC HALF FILL SPACE.
    ///
    /// Yi, Tangut, Nüshu and Khitan are wide but not CJK: they have scripts of their own, which
    /// CJK fonts do not cover. Code points unassigned in ICU's Unicode (15.0 for ICU 72) are not
    /// CJK, except in the blocks and planes kept for ideographs (which UAX #11 makes wide by
    /// default): there they are ideographs of a later Unicode, such as CJK Extension I.
    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        let table = Self.table
        let v = scalar.value
        guard v < 0x10000 else { return Rules.isCJK(v, in: table) }
        return table.bmp[Int(v)] & Entry.cjk != 0
    }

    /// A strong right-to-left character: Bidi_Class R or AL (UAX #9), the letters of Hebrew,
    /// Arabic and the other right-to-left scripts, and U+200F RIGHT-TO-LEFT MARK. Not Arabic
    /// digits (AN), marks (NSM) or the embedding and isolate controls, which are not strong.
    package static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        direction(scalar, in: table) == .rightToLeft
    }

    /// Whether the scalar's script is written right to left (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko...): Arabic-Indic digits and Hebrew points are, punctuation shared with other
    /// scripts (Common) is not.
    package static func isInRightToLeftScript(_ scalar: Unicode.Scalar) -> Bool {
        let table = Self.table
        let v = scalar.value
        guard v < 0x10000 else { return table.isRightToLeft(scriptNumber: Int(ICU.scriptNumber(v))) }
        return table.bmp[Int(v)] & Entry.rightToLeftScript != 0
    }

    // The scans below take a concrete type: a generic one, called from another module, would not
    // be specialised there, and its iteration would cost ten times the table look-up.

    /// Whether any scalar of the text is CJK text (`isCJK`).
    package static func containsCJK(_ text: Substring) -> Bool {
        let table = Self.table
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x10000 ? table.bmp[Int(v)] & Entry.cjk != 0 : isCJK(scalar) { return true }
        }
        return false
    }

    /// Whether any scalar of the text is of a script written right to left
    /// (`isInRightToLeftScript`).
    package static func containsRightToLeftScript(_ text: Substring) -> Bool {
        let table = Self.table
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x10000 ? table.bmp[Int(v)] & Entry.rightToLeftScript != 0 : isInRightToLeftScript(scalar) { return true }
        }
        return false
    }

    /// UAX #9 P2–P3: true when the first strong character (Bidi_Class L, R or AL), skipping
    /// the text between an isolate initiator and its matching PDI, is right to left; false when
    /// it is left to right; nil when there is none (the caller's default direction applies).
    /// Line breaks do not end the search: a cue's lines are laid out as one paragraph.
    package static func firstStrongIsRightToLeft(_ text: Substring) -> Bool? {
        let table = Self.table
        var isolates = 0
        for scalar in text.unicodeScalars {
            switch direction(scalar, in: table) {
            case .leftToRight where isolates == 0: return false
            case .rightToLeft where isolates == 0: return true
            case .isolateInitiator: isolates += 1
            case .popIsolate where isolates > 0: isolates -= 1
            default: continue
            }
        }
        return nil
    }

    /// The Bidi_Class of a scalar, as far as the paragraph direction (UAX #9 P2) asks.
    enum Direction: UInt16 {
        /// Weak and neutral classes, and the embedding and override controls, which P2 passes.
        case other
        /// L.
        case leftToRight
        /// R and AL.
        case rightToLeft
        /// LRI, RLI and FSI.
        case isolateInitiator
        /// PDI.
        case popIsolate

        init(bidiClass: UInt8) {
            switch bidiClass {
            case ICU.BidiClass.leftToRight: self = .leftToRight
            case ICU.BidiClass.rightToLeft, ICU.BidiClass.arabicLetter: self = .rightToLeft
            case ICU.BidiClass.leftToRightIsolate, ICU.BidiClass.rightToLeftIsolate, ICU.BidiClass.firstStrongIsolate:
                self = .isolateInitiator
            case ICU.BidiClass.popDirectionalIsolate: self = .popIsolate
            default: self = .other
            }
        }
    }

    static func direction(_ scalar: Unicode.Scalar, in table: Table) -> Direction {
        let v = scalar.value
        guard v < 0x10000 else { return Direction(bidiClass: ICU.bidiClass(v)) }
        return Direction(rawValue: (table.bmp[Int(v)] & Entry.directionMask) >> Entry.directionShift) ?? .other
    }

    /// A BMP code point's answers in two bytes.
    enum Entry {
        /// Bits 0–7: ICU's script number.
        static var scriptMask: UInt16 { 0x00FF }
        /// Bits 8–10: the `Direction`.
        static var directionMask: UInt16 { 0x0700 }
        static var directionShift: UInt16 { 8 }
        /// Bit 11: `isAlphabetic`.
        static var alphabetic: UInt16 { 1 << 11 }
        /// Bit 12: `isEastAsianWide`.
        static var wide: UInt16 { 1 << 12 }
        /// Bit 13: `isCJK`.
        static var cjk: UInt16 { 1 << 13 }
        /// Bit 14: `isInRightToLeftScript`.
        static var rightToLeftScript: UInt16 { 1 << 14 }
    }

    /// The table, built on first use. Its address is published through an atomic rather than
    /// kept in a `static let`, whose every read calls `swift_once`: that call would double the
    /// cost of a query. Two threads that both find it missing both build it; the first to publish
    /// wins and the other frees its copy.
    static var table: Table {
        let address = tableAddress.load(ordering: .acquiring)
        return address != 0 ? Table(base: UnsafeRawPointer(bitPattern: address)!) : Table.build()
    }

    /// One block of memory, never freed: an `Entry` per BMP code point, then the ISO 15924 code of
    /// each of ICU's script numbers (256 of them, `.unknown` past ICU's last), then whether each
    /// script is written right to left.
    struct Table {
        let base: UnsafeRawPointer

        static var entriesSize: Int { 0x10000 * MemoryLayout<UInt16>.stride }
        static var codesOffset: Int { entriesSize }
        static var rightToLeftOffset: Int { codesOffset + 256 * MemoryLayout<UInt32>.stride }
        static var size: Int { rightToLeftOffset + 256 }

        var bmp: UnsafePointer<UInt16> { base.assumingMemoryBound(to: UInt16.self) }

        func script(number: Int) -> UnicodeScript {
            guard number >= 0 && number < 256 else { return .unknown }
            return UnicodeScript(code: base.load(fromByteOffset: Self.codesOffset + number * 4, as: UInt32.self))
        }

        func isRightToLeft(scriptNumber number: Int) -> Bool {
            number >= 0 && number < 256 && base.load(fromByteOffset: Self.rightToLeftOffset + number, as: UInt8.self) != 0
        }

        @inline(never)
        static func build() -> Table {
            let block = makeBlock(from: ICU.properties(from: 0, count: 0x10000))
            let (published, winner) = tableAddress.compareExchange(
                expected: 0, desired: UInt(bitPattern: block), ordering: .acquiringAndReleasing)
            if published { return Table(base: UnsafeRawPointer(block)) }
            block.deallocate()
            return Table(base: UnsafeRawPointer(bitPattern: winner)!)
        }

        /// A table's memory, from the properties of the whole BMP; without them (no ICU), every
        /// entry is 0: script number 0, whose code is left Zzzz, and no flags.
        static func makeBlock(from properties: ICU.PropertyRun?) -> UnsafeMutableRawPointer {
            let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
            let entries = block.initializeMemory(as: UInt16.self, repeating: 0, count: 0x10000)
            let codes = (block + codesOffset).initializeMemory(as: UInt32.self, repeating: UnicodeScript.unknown.code, count: 256)
            let rightToLeft = (block + rightToLeftOffset).initializeMemory(as: UInt8.self, repeating: 0, count: 256)
            if let properties {
                // ICU 72 has 200 scripts; legible_icu.c checks at compile time that they fit a byte.
                for number in 0..<Int(min(256, max(0, ICU.scriptCount))) {
                    if let code = ICU.scriptCode(Int32(number)).flatMap({ UnicodeScript(iso15924: $0) }) { codes[number] = code.code }
                    rightToLeft[number] = ICU.scriptIsRightToLeft(Int32(number)) ? 1 : 0
                }
                let scripts = { (number: Int) in number >= 0 && number < 256 ? UnicodeScript(code: codes[number]) : .unknown }
                for v in 0..<properties.count {
                    let p = properties[v]
                    var entry = UInt16(p.script) | Direction(bidiClass: p.bidiClass).rawValue << Entry.directionShift
                    if p.isAlphabetic { entry |= Entry.alphabetic }
                    if p.isEastAsianWide { entry |= Entry.wide }
                    if Rules.isCJK(UInt32(v), p, scripts: scripts) { entry |= Entry.cjk }
                    if rightToLeft[Int(p.script)] != 0 { entry |= Entry.rightToLeftScript }
                    entries[v] = entry
                }
            }
            return block
        }
    }

    /// `isCJK` from a code point's properties (building the table, and above the BMP), given the
    /// scripts by ICU's number.
    enum Rules {
        static func isCJK(_ v: UInt32, _ properties: ICU.Properties, scripts: (Int) -> UnicodeScript) -> Bool {
            let script = scripts(Int(properties.script))
            if isCJKScript(script) || properties.isWidthVariant { return true }
            // Unassigned and yet wide: UAX #11 makes W the default only of the blocks and planes
            // kept for ideographs, so this is an ideograph newer than ICU's Unicode.
            if script == .unknown { return properties.isEastAsianWide }
            guard script == .common || script == .inherited else { return false }
            if properties.isEastAsianWide { return !properties.isEmojiPresentation }
            // Script_Extensions: asked only of Common and Inherited characters, which are few.
            var anyCJK = false
            let onlyCJK = ICU.allScriptExtensions(v) { number in
                let script = scripts(Int(number))
                anyCJK = anyCJK || isCJKScript(script)
                return isCJKScript(script) || script == .yi
            }
            return onlyCJK && anyCJK
        }

        /// `isCJK` of one code point, asking ICU.
        static func isCJK(_ v: UInt32, in table: Table) -> Bool {
            guard let properties = ICU.properties(of: v) else { return false }
            return isCJK(v, properties, scripts: table.script)
        }

        static func isCJKScript(_ script: UnicodeScript) -> Bool {
            switch script {
            case .han, .hiragana, .katakana, .hangul, .bopomofo: true
            default: false
            }
        }
    }
}

/// `ScalarFacts.Table`'s address once built, 0 before. A global of constant initial value, so
/// that reading it is one load, with no lazy initialisation of its own.
private let tableAddress = Atomic<UInt>(0)
