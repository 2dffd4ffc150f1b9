import Testing
@testable import cellkit_demo

/// The keys `--interactive` reads from the bytes a terminal sends (`Key.read(from:)`).
@Suite("Key")
struct KeyTests {
    /// The keys read from `bytes`, one after another, and the bytes left unread.
    static func keys(_ bytes: String) -> [Key] {
        var rest = Array(bytes.utf8)[...]
        var keys: [Key] = []
        while !rest.isEmpty { keys.append(Key.read { rest.popFirst() }) }
        return keys
    }

    @Test(
        "Home and End read in every common encoding: xterm's, tmux's and the Linux console's, rxvt's, with modifiers",
        arguments: [
            ("\u{1B}[H", Key.home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
            ("\u{1B}[1;5H", .home), ("\u{1B}[1;2~", .home), ("\u{1B}[F", .end), ("\u{1B}OF", .end),
            ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[1;5F", .end), ("g", .home), ("G", .end),
        ])
    func homeAndEnd(bytes: String, key: Key) {
        #expect(Self.keys(bytes) == [key])
    }

    @Test("arrows read in normal and application mode, with a modifier too; letters are the legend's")
    func arrowsAndLetters() {
        #expect(Self.keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB\u{1B}[1;2A") == [.up, .down, .up, .down, .up])
        // Tab and Shift-Tab (`ESC [ Z`) move the focus.
        #expect(Self.keys("\t\u{1B}[Z") == [.tab, .backTab])
        #expect(
            Self.keys("jkdamrsq \r") == [.down, .up, .delete, .add, .move, .retry, .suggest, .quit, .select, .select])
    }

    @Test("c opens the context menu; the digits 1 to 9 choose its entries, 0 is no key")
    func menuKeys() {
        #expect(Self.keys("c192") == [.menu, .entry(1), .entry(9), .entry(2)])
        #expect(Self.keys("0") == [.other])
    }

    @Test("another sequence is read to its end and ignored: none of its bytes reads as a key")
    func otherSequences() {
        // Page Down, Insert, F5, a mouse report's start: each one key, `other`, then the `j` after it.
        for sequence in ["\u{1B}[6~", "\u{1B}[2~", "\u{1B}[15~", "\u{1B}[200~", "\u{1B}[<0;3;4M", "\u{1B}OP"] {
            #expect(Self.keys(sequence + "j") == [.other, .down], "\(sequence.dropFirst())")
        }
    }

    @Test("the end of input inside a sequence reads as quit")
    func endOfInput() {
        #expect(Self.keys("\u{1B}") == [.quit])
        #expect(Self.keys("\u{1B}[4") == [.quit])
        #expect(Key.read { nil } == .quit)
    }
}
