import Testing
import TimedText
import TestSupport
@testable import CEA608

/// `CEA608Decoder.feed(_:firstFrame:line:)`, which the SCC reader uses for each line, writes most
/// character pairs itself instead of going through `feed(_:_:at:location:)`: it must decode
/// exactly as feeding the pairs one by one does. Checked on random streams of every kind of
/// pair (characters, codes of both channels, doubled or not, damaged parity, padding), cut into
/// lines that start at random frames, forwards, with gaps, and sometimes going back in time.
@Suite struct CEA608LineFeedTests {
    @Test(arguments: [CEA608Decoder.Options(dropsParityErrors: true), CEA608Decoder.Options(dropsParityErrors: false),
                      CEA608Decoder.Options(stuckCaptionTimeout: MediaTime(seconds: 2), dropsParityErrors: false)])
    func linesDecodeAsPairsOneByOne(options: CEA608Decoder.Options) {
        var random = TestRandom(seed: 608)
        for stream in 0..<80 {
            let lines = randomLines(&random)
            for channel in [CEA608Channel.cc1, .cc2] {
                var byPair = CEA608Decoder(channel: channel, options: options)
                var byLine = CEA608Decoder(channel: channel, options: options)
                for (number, line) in lines.enumerated() {
                    for (k, word) in line.words.enumerated() {
                        byPair.feed(word.byte1, word.byte2, at: CEA608PairTime.frame(line.frame + Int64(k)),
                                    location: SourceLocation(line: number + 1, column: Int(word.column)))
                    }
                    line.words.withUnsafeBufferPointer { byLine.feed($0, firstFrame: line.frame, line: number + 1) }
                    #expect(byLine.currentCaption == byPair.currentCaption, "stream \(stream), \(channel), line \(number + 1)")
                }
                byPair.finish()
                byLine.finish()
                #expect(byLine.captions == byPair.captions, "stream \(stream), \(channel)")
                #expect(byLine.diagnostics == byPair.diagnostics, "stream \(stream), \(channel)")
            }
        }
    }

    @Test func randomStreamsShowCaptions() {
        // The comparison above means something only if the streams put text on screen.
        var random = TestRandom(seed: 608)
        var shown = 0
        for _ in 0..<20 {
            var decoder = CEA608Decoder(channel: .cc1)
            for line in randomLines(&random) {
                line.words.withUnsafeBufferPointer { decoder.feed($0, firstFrame: line.frame, line: 1) }
            }
            decoder.finish()
            shown += decoder.captions.count
        }
        #expect(shown > 100)
    }

    private struct Line {
        var frame: Int64
        var words: [SCCLine.Word]
    }

    private func randomLines(_ random: inout TestRandom) -> [Line] {
        var lines: [Line] = []
        var frame: Int64 = 0
        for _ in 0..<(5 + random.below(40)) {
            var words: [SCCLine.Word] = []
            for _ in 0..<random.below(40) {
                let (first, second) = randomPair(&random)
                let pair = UInt16(first) << 8 | UInt16(second)
                words.append(SCCLine.Word(pair: pair, column: Int32(13 + 5 * words.count)))
                // Control codes are usually sent twice.
                if first & 0x70 == 0x10 && random.below(4) > 0 {
                    words.append(SCCLine.Word(pair: pair, column: Int32(13 + 5 * words.count)))
                }
            }
            lines.append(Line(frame: frame, words: words))
            switch random.below(10) {
            case 0: frame = max(0, frame - Int64(random.below(20)))  // back in time
            case 1, 2: frame += Int64(words.count)                   // straight after
            default: frame += Int64(words.count) + Int64(random.below(200))
            }
        }
        return lines
    }

    /// A pair with parity bits, drawn so that every branch of the decoder is taken.
    private func randomPair(_ random: inout TestRandom) -> (UInt8, UInt8) {
        func odd(_ byte: UInt8) -> UInt8 { CEA608Parity.add(byte) }
        let channel: UInt8 = random.below(5) == 0 ? 0x08 : 0
        switch random.below(40) {
        case 0..<18:  // standard characters, some pairs with a null second byte
            return (odd(0x20 + UInt8(random.below(0x60))), random.below(6) == 0 ? 0x80 : odd(0x20 + UInt8(random.below(0x60))))
        case 18..<20:  // a control pair of the miscellaneous commands (RCL, BS, DER, RU2–RU4, CR, EOC, ...)
            return (odd(0x14 | channel), odd(0x20 + UInt8(random.below(16))))
        case 20..<22:  // preamble address codes
            return (odd(0x10 | channel | UInt8(random.below(8))), odd(0x40 + UInt8(random.below(0x40))))
        case 22:  // mid-row codes
            return (odd(0x11 | channel), odd(0x20 + UInt8(random.below(16))))
        case 23:  // special and extended characters
            return (odd(0x11 | channel + UInt8(random.below(3))), odd(0x30 - UInt8(random.below(2)) * 0x10 + UInt8(random.below(16))))
        case 24:  // tab offsets
            return (odd(0x17 | channel), odd(0x21 + UInt8(random.below(3))))
        case 25:  // padding
            return (0x80, 0x80)
        case 26:  // a damaged byte (even parity) in a character or a code
            return (random.below(2) == 0 ? 0x20 + UInt8(random.below(0x60)) : 0x14, UInt8(random.below(256)))
        case 27:  // anything, XDS and unassigned codes included
            return (UInt8(random.below(256)), UInt8(random.below(256)))
        case 28..<31:  // pop-on: resume caption loading and end of caption
            return (odd(0x14 | channel), odd(random.below(2) == 0 ? 0x20 : 0x2F))
        case 31:  // roll-up and paint-on
            return (odd(0x14 | channel), odd([0x25, 0x26, 0x27, 0x29, 0x2D][random.below(5)]))
        default:  // more characters: most of a real stream
            return (odd(0x41 + UInt8(random.below(26))), odd(0x61 + UInt8(random.below(26))))
        }
    }
}
