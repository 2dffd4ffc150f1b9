import Testing

/// The README's wrap-by-width sizing pattern (`Sizing/SizingModes`) renders right in a card: the snippet
/// `Sizing/WrapInACard` shows it inside a `TextSectionBackground` (its output is checked with every
/// snippet's), and it must be the README's code, not a fixed copy.
@Suite("The wrap-by-width pattern in a card")
struct WrapInACardTests {
    /// The lines from the first that starts with `start` through the first after it that is `end`.
    private func block(_ lines: [String], from start: String, through end: String) -> [String] {
        guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }),
            let last = lines[first...].firstIndex(of: end)
        else { return [] }
        return Array(lines[first...last])
    }

    @Test("Sizing/WrapInACard uses the README's MessageCell and its calculated sizing, verbatim")
    func samePattern() throws {
        let readme = try SnippetFile.load("Sizing/SizingModes").shownLines
        let card = try SnippetFile.load("Sizing/WrapInACard").shownLines
        let cell = block(readme, from: "final class MessageCell", through: "}")
        let sizing = block(readme, from: "    MessageCell.self,", through: "    })")
        #expect(cell.count > 5 && sizing.count > 2)
        #expect(block(card, from: "final class MessageCell", through: "}") == cell)
        #expect(block(card, from: "    MessageCell.self,", through: "    })") == sizing)
    }
}
