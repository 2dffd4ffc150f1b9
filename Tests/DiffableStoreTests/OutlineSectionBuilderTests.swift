import Testing
@_spi(CellKitInternals) @_spi(Testing) @testable import DiffableStore

@Suite("SnapshotBuilder: outline sections and one item per pass")
struct OutlineSectionBuilderTests {
    @Test("a loop listing one item per pass, and branches of one item each, add those items in order")
    func oneItemPerPass() throws {
        let typed = try Snapshot<Int, Int> {
            SnapshotSection(0) { for value in 1...3 { value } }
            SnapshotSection(1) {
                for value in 4...5 {
                    if value.isMultiple(of: 2) { value } else { value * 10 }
                }
                for value in 6...7 {
                    switch value {
                    case 6: value
                    default: [value, value * 10]
                    }
                }
            }
        }
        #expect(typed.itemIdentifiers == [1, 2, 3, 4, 50, 6, 7, 70])
        #expect(typed.itemIdentifiers(inSection: 0) == [1, 2, 3])
        let mixed = try Snapshot<String, AnyHashable> {
            SnapshotSection("mail") { for id in 1...2 { Mail(id: id) } }
            SnapshotSection("banners") { for text in ["a", "b"] { Banner(text: text) } }
        }
        #expect(mixed.itemIdentifiers == [Mail(id: 1), Mail(id: 2), Banner(text: "a"), Banner(text: "b")])
        // An optional item is its value, never an item of optional type.
        let maybe: Mail? = Mail(id: 3)
        let optionals = try Snapshot<String, AnyHashable> { SnapshotSection("mail") { for _ in 0..<1 { maybe } } }
        #expect(optionals.itemIdentifiers == [Mail(id: 3)])
    }

    @Test("an outline section holds its visible items, between the other sections, in order")
    func visibleItems() throws {
        let built = try Snapshot<String, String> {
            SnapshotSection("recent") { "Notes" }
            OutlineSection("folders") {
                OutlineItem("Work", expanded: true) {
                    "Plans"
                    OutlineItem("Old", expanded: true) { "2020" }
                }
                OutlineItem("Home") { "Recipes" }
                OutlineItem("Empty", expanded: true)
            }
            SnapshotSection("trash") { "Junk" }
        }
        #expect(built.sectionIdentifiers == ["recent", "folders", "trash"])
        #expect(built.itemIdentifiers(inSection: "folders") == ["Work", "Plans", "Old", "2020", "Home", "Empty"])
        #expect(built.itemIdentifiers == ["Notes", "Work", "Plans", "Old", "2020", "Home", "Empty", "Junk"])
        #expect(built._checkInvariants() == [])
    }

    @Test("_build returns each outline section's outline, with the expansion stated")
    func buildReturnsOutlines() throws {
        let (snapshot, outlines) = try Snapshot<String, String>._build([
            .items(SnapshotSection("flat") { "x" }),
            .outline(
                OutlineSection("tree") {
                    OutlineItem("A", expanded: true) { OutlineItem("B", expanded: false) { "C" } }
                    OutlineItem("D") { "E" }
                }),
        ])
        #expect(snapshot.itemIdentifiers == ["x", "A", "B", "D"])
        #expect(outlines.keys.sorted() == ["tree"])
        let tree = try #require(outlines["tree"])
        #expect(tree.items == ["A", "B", "C", "D", "E"])
        #expect(tree.level(of: "C") == 2)
        #expect(tree.statedExpansion(of: "A") == true)
        #expect(tree.statedExpansion(of: "B") == false)
        #expect(tree.statedExpansion(of: "D") == nil)
        let flat = try Snapshot<String, String>._build([.items(SnapshotSection("flat") { "x" })])
        #expect(flat.outlines.isEmpty && flat.snapshot.itemIdentifiers == ["x"])
    }

    @Test("an item listed twice in one outline throws the snapshot's error naming the outline section")
    func duplicateInOutline() throws {
        let error = #expect(throws: SnapshotError.self) {
            _ = try Snapshot<String, String> {
                SnapshotSection("flat") { "x" }
                OutlineSection("tree") {
                    OutlineItem("A") { "B" }
                    OutlineItem("C") { OutlineItem("D") { "B" } }
                }
            }
        }
        #expect(error?.rule == .duplicateItem)
        #expect(error?.identifier == #""B""#)
        #expect(error?.section == #""tree""#)
    }

    @Test("a hidden outline item listed in another section, or in another outline, is a duplicate too")
    func hiddenDuplicates() throws {
        let inFlat = #expect(throws: SnapshotError.self) {
            _ = try Snapshot<String, String> {
                OutlineSection("tree") { OutlineItem("A") { "hidden" } }
                SnapshotSection("flat") { "hidden" }
            }
        }
        #expect(inFlat?.rule == .duplicateItem)
        #expect(inFlat?.identifier == #""hidden""#)
        #expect(inFlat?.section == #""tree""#)
        let inOutlines = #expect(throws: SnapshotError.self) {
            _ = try Snapshot<String, String> {
                OutlineSection("one") { OutlineItem("A") { "hidden" } }
                OutlineSection("two") { OutlineItem("B") { "hidden" } }
            }
        }
        #expect(inOutlines?.identifier == #""hidden""#)
        #expect(inOutlines?.section == #""two""#)
        // A visible outline item listed again is caught as the flat sections' items are.
        let visible = #expect(throws: SnapshotError.self) {
            _ = try Snapshot<String, String> {
                SnapshotSection("flat") { "A" }
                OutlineSection("tree") { OutlineItem("A") { "B" } }
            }
        }
        #expect(visible?.identifier == #""A""#)
        #expect(visible?.section == #""tree""#)
    }

    @Test("the OutlineSection doc example prints what it says")
    func docExample() throws {
        let snapshot = try Snapshot<String, String> {
            SnapshotSection("recent") { "Notes" }
            OutlineSection("folders") {
                OutlineItem("Work", expanded: true) { "Plans" }
                OutlineItem("Home") { "Recipes" }
            }
        }
        #expect("\(snapshot.itemIdentifiers)" == #"["Notes", "Work", "Plans", "Home"]"#)
    }
}
