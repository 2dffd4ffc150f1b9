@testable import CellKitText
import Testing

@Suite("TextWidth")
struct TextWidthTests {
    @Test("ASCII and Latin take one column each")
    func narrow() {
        #expect(TextWidth.columns(of: "Hello, world") == 12)
        #expect(TextWidth.columns(of: "café") == 4)
        #expect(TextWidth.columns(of: "") == 0)
    }

    @Test(
        "East Asian wide and fullwidth characters take two columns",
        arguments: [
            ("日本語", 6), ("中文", 4), ("한국어", 6), ("カタカナ", 8), ("ＡＢ", 4), ("、。", 4), ("𠀋", 2),
        ])
    func wide(text: String, columns: Int) {
        #expect(TextWidth.columns(of: text) == columns)
    }

    @Test(
        "emoji take two columns, sequences included",
        arguments: [
            ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("☕", 2), ("❤️", 2), ("1️⃣", 2), ("🇯🇵🇫🇷", 4),
        ])
    func emoji(text: String, columns: Int) {
        #expect(TextWidth.columns(of: text) == columns)
    }

    @Test("text-style symbols without the emoji selector take one column")
    func textPresentation() {
        #expect(TextWidth.columns(of: "❤") == 1)
        #expect(TextWidth.columns(of: "#") == 1)
        #expect(TextWidth.columns(of: "©") == 1)
    }

    @Test(
        "combining marks and zero-width characters take none",
        arguments: [
            ("e\u{301}", 1), ("a\u{308}\u{304}", 1), ("\u{200B}", 0), ("a\u{200D}b", 2), ("\u{FE0F}", 0),
            ("\u{1100}\u{1161}\u{11A8}", 2), ("x\u{20DD}", 1),
        ])
    func zeroWidth(text: String, columns: Int) {
        #expect(TextWidth.columns(of: text) == columns)
    }

    @Test("fit pads narrow text to the width")
    func fitPads() {
        #expect(TextWidth.fit("ab", width: 5) == "ab   ")
        #expect(TextWidth.fit("日本", width: 5) == "日本 ")
        #expect(TextWidth.fit("", width: 3) == "   ")
    }

    @Test("fit cuts wide text with an ellipsis, exactly at the width")
    func fitTruncates() {
        #expect(TextWidth.fit("Hello, world", width: 8) == "Hello, …")
        #expect(TextWidth.fit("Hello", width: 5) == "Hello")
        #expect(TextWidth.fit("Hello!", width: 5) == "Hell…")
        #expect(TextWidth.fit("ab", width: 1) == "…")
        #expect(TextWidth.fit("abc", width: 0) == "")
    }

    @Test("a wide character never straddles the edge")
    func fitWide() {
        #expect(TextWidth.fit("日本語", width: 4) == "日… ")
        #expect(TextWidth.fit("日本語", width: 5) == "日本…")
        #expect(TextWidth.fit("a👍b👍", width: 5) == "a👍b…")
        #expect(TextWidth.fit("a👍b👍", width: 4) == "a👍…")
        #expect(TextWidth.fit("e\u{301}e\u{301}e\u{301}", width: 2) == "e\u{301}…")
    }

    @Test("fit always returns exactly the width", arguments: 1...12)
    func fitExact(width: Int) {
        for text in ["日本語のテキスト", "mixed 日本 and 👍🏽 emoji", "e\u{301}\u{301}x", "tab\there", "a\u{0}b\nc"] {
            #expect(TextWidth.columns(of: TextWidth.fit(text, width: width)) == width, "\(text)")
        }
    }

    @Test("control characters cannot break a line")
    func controls() {
        #expect(TextWidth.fit("a\tb", width: 4) == "a b ")
        #expect(TextWidth.fit("a\nb", width: 3) == "a\u{FFFD}b")
        #expect(TextWidth.columns(of: "a\nb") == 3)
    }

    @Test("printable ASCII, measured a byte at a time, gives what measuring each character gives")
    func asciiFastPath() {
        // Every printable ASCII character alone, then strings of them at widths that cut, fit exactly and pad.
        let printable = (0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) }
        for character in printable {
            #expect(TextWidth.columns(of: character) == TextWidth.columns(of: character.unicodeScalars.first!))
            #expect(TextWidth.displayable(character) == character)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            let text = String((0..<length).map { printable[(Int(state >> 32) &+ $0 &* 31) % printable.count] })
            let byCharacter = text.reduce(0) { $0 + TextWidth.columns(of: $1.unicodeScalars.first!) }
            #expect(TextWidth.columns(of: text) == byCharacter, "\(text)")
            for width in 1...(length + 2) {
                #expect(TextWidth.fit(text, width: width) == TextWidth.fitByCharacter(text, width: width), "\(text)")
                #expect(TextWidth.fit(text[...], width: width) == TextWidth.fitByCharacter(text, width: width))
            }
        }
    }
}
