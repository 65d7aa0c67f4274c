import Testing
@testable import LegibleCLI
import Legible
#if canImport(Glibc)
import Glibc
#endif

@Suite struct RenderCommandTests {
    static let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000 line:0\nAt the top\n\n00:00:04.000 --> 00:00:06.000\nAt the bottom\n"

    @Test func writesOneFrameWithTheInkWhereTheCueSays() throws {
        let input = temporaryPath("render.vtt"), output = temporaryPath("render.png")
        writeFile(input, Self.vtt)
        let run = Run(["render", input, "--at", "2", "-o", output, "--size", "320x180", "--background", "transparent",
                       "--appearance", "large", "--appearance", "text-color=yellow!"])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGFile.read(output)
        #expect(image.width == 320 && image.height == 180)
        let ink = try #require(image.inkBounds(alphaAbove: 16))
        #expect(ink.y + ink.height < 60, "line:0 is at the top: \(ink)")
    }

    /// No title-safe margin unless asked for: line:0 starts at the top row, as in a browser;
    /// --safe-margin 10 keeps it 10% (18 rows) down.
    @Test func safeMarginIsZeroUnlessGiven() throws {
        let input = temporaryPath("margin.vtt"), output = temporaryPath("margin.png")
        writeFile(input, Self.vtt)
        for (margin, range) in [(nil, 0..<6), ("10", 18..<30)] as [(String?, Range<Int>)] {
            let run = Run(["render", input, "--at", "2", "-o", output, "--size", "320x180", "--background", "transparent",
                           "--appearance", "background-opacity=0!"] + (margin.map { ["--safe-margin", $0] } ?? []))
            #expect(run.status == 0, "\(run.stderr)")
            let ink = try #require(try PNGFile.read(output).inkBounds(alphaAbove: 16))
            #expect(range.contains(ink.y), "--safe-margin \(margin ?? "(none)"): \(ink)")
        }
    }

    @Test func writesAContactSheet() throws {
        let input = temporaryPath("sheet.vtt"), output = temporaryPath("sheet.png")
        writeFile(input, Self.vtt)
        let run = Run(["render", input, "--sheet", "2", "-o", output, "--size", "320x180"])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGFile.read(output)
        #expect(image.width > 2 * 640, "two tiles side by side: \(image.width)")
    }

    @Test(arguments: [["render"], ["render", "x.vtt", "--at", "1"], ["render", "x.vtt", "-o", "o.png"],
                      ["render", "x.vtt", "--at", "1", "--sheet", "2", "-o", "o.png"],
                      ["render", "x.vtt", "--at", "1", "-o", "o.png", "--appearance", "text-colour=red"],
                      ["render", "x.vtt", "--at", "1", "-o", "o.png", "--size", "big"]])
    func usageErrorsExitWithTwo(_ arguments: [String]) {
        let run = Run(arguments)
        #expect(run.status == 2, "\(run.stderr)")
    }
}
