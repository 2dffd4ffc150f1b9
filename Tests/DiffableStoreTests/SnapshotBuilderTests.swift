import SeededRandom
import Testing
@_spi(Testing) @_spi(CellKitInternals) @testable import DiffableStore

/// A screen's state, as an app rebuilds its list from it.
enum Filter { case all, unread, flagged }
struct Mail: Hashable { var id: Int }
struct Banner: Hashable { var text: String }

/// The same snapshot written by hand, to compare a built one with.
private func handBuilt(_ sections: [(String, [AnyHashable])]) throws -> Snapshot<String, AnyHashable> {
    var snapshot = Snapshot<String, AnyHashable>()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The error `body` throws, or `nil`.
private func thrown(_ body: () throws(SnapshotError) -> Void) -> SnapshotError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

@Suite("SnapshotBuilder")
struct SnapshotBuilderTests {
    @Test("sections and items of mixed types are appended in order, as by hand")
    func sectionsInOrder() throws {
        let built = try Snapshot<String, AnyHashable> {
            SnapshotSection("top") {
                Banner(text: "Hi")
                Mail(id: 1)
                Mail(id: 2)
            }
            SnapshotSection("empty")
            SnapshotSection("rest") { 3 }
        }
        let expected = try handBuilt([
            ("top", [Banner(text: "Hi"), Mail(id: 1), Mail(id: 2)]), ("empty", []), ("rest", [3]),
        ])
        #expect(built == expected)
        #expect(built.sectionIdentifiers == ["top", "empty", "rest"])
        #expect(built._checkInvariants() == [])
    }

    @Test("an if without else adds its sections and items only when its condition holds")
    func ifWithoutElse() throws {
        for shows in [false, true] {
            let built = try Snapshot<String, AnyHashable> {
                if shows { SnapshotSection("banner") { Banner(text: "New") } }
                SnapshotSection("mail") {
                    Mail(id: 1)
                    if shows { Mail(id: 2) }
                }
            }
            let expected =
                shows
                ? try handBuilt([("banner", [Banner(text: "New")]), ("mail", [Mail(id: 1), Mail(id: 2)])])
                : try handBuilt([("mail", [Mail(id: 1)])])
            #expect(built == expected)
        }
    }

    @Test("if/else and switch take one branch, for sections and for items")
    func branches() throws {
        func build(_ filter: Filter, loggedIn: Bool) throws -> Snapshot<String, AnyHashable> {
            try Snapshot {
                if loggedIn {
                    SnapshotSection("mail") {
                        switch filter {
                        case .all: Mail(id: 1); Mail(id: 2)
                        case .unread: Mail(id: 2)
                        case .flagged: Banner(text: "No flagged mail")
                        }
                    }
                } else {
                    SnapshotSection("login") { Banner(text: "Log in") }
                }
            }
        }
        #expect(try build(.all, loggedIn: true) == handBuilt([("mail", [Mail(id: 1), Mail(id: 2)])]))
        #expect(try build(.unread, loggedIn: true) == handBuilt([("mail", [Mail(id: 2)])]))
        #expect(try build(.flagged, loggedIn: true) == handBuilt([("mail", [Banner(text: "No flagged mail")])]))
        #expect(try build(.all, loggedIn: false) == handBuilt([("login", [Banner(text: "Log in")])]))
    }

    @Test("for loops add a section per pass and an item per pass, in order")
    func loops() throws {
        let letters = ["A": ["Ada", "Alan"], "B": [String](), "C": ["Cy"]]
        let built = try Snapshot<String, AnyHashable> {
            for letter in letters.keys.sorted() {
                SnapshotSection(letter) {
                    for (offset, name) in letters[letter]!.enumerated() {
                        name
                        if offset == 0 { Banner(text: "after " + name) }
                    }
                }
            }
        }
        #expect(
            built
                == (try handBuilt([
                    ("A", ["Ada", Banner(text: "after Ada"), "Alan"]), ("B", []),
                    ("C", ["Cy", Banner(text: "after Cy")]),
                ])))
    }

    @Test("an optional item adds its value, or nothing for nil; an array adds its elements")
    func optionalsAndArrays() throws {
        let present: Mail? = Mail(id: 1)
        let absent: Mail? = nil
        let more = [Mail(id: 2), Mail(id: 3)]
        let built = try Snapshot<String, AnyHashable> {
            SnapshotSection("mail") {
                present
                absent
                more
            }
        }
        #expect(built == (try handBuilt([("mail", [Mail(id: 1), Mail(id: 2), Mail(id: 3)])])))
        let typed = try Snapshot<Int, Int> {
            SnapshotSection(0) {
                Int?.some(1)
                Int?.none
                [2, 3]
                4
            }
        }
        #expect(typed.itemIdentifiers == [1, 2, 3, 4])
    }

    @Test("if #available adds what its block lists")
    func availability() throws {
        let built = try Snapshot<String, Int> {
            if #available(macOS 10.15, iOS 13, *) {
                SnapshotSection("new") {
                    if #available(macOS 10.15, iOS 13, *) { 1 } else { 2 }
                }
            }
        }
        #expect(built.itemIdentifiers(inSection: "new") == [1])
    }

    @Test("a block of many statements keeps every item, in order")
    func longBlock() throws {
        let built = try Snapshot<Int, Int> {
            SnapshotSection(0) {
                1; 2; 3
                [4, 5]
                6
                for item in 7...9 { item }
                10
            }
        }
        #expect(built.itemIdentifiers == Array(1...10))
    }

    @Test("a duplicate item is found where appends are checked, naming the item and the section it was listed in")
    func duplicateItem() throws {
        // Built as appendItems appends: nothing hashed, so nothing found yet (the data source's apply checks).
        var built = try Snapshot<String, AnyHashable> {
            SnapshotSection("first") { Mail(id: 1) }
            SnapshotSection("second") {
                Mail(id: 2)
                Mail(id: 1)
            }
        }
        #expect(built._work.itemsHashed == 0)
        let before = built
        let error = #expect(throws: SnapshotError.self) { try built.checkAppendedItems() }
        #expect(built == before)
        #expect(error?.rule == .duplicateItem)
        let name = String(reflecting: Mail(id: 1))
        #expect(error?.identifier == name)
        #expect(error?.section == "\"second\"")
        #expect(
            error?.description
                == "duplicate item identifier \(name) in section \"second\": item identifiers must be unique within a snapshot"
        )
        // The error the same appends report when they are checked (appendItems checks nothing), which
        // names the section the duplicate was appended to, as the builder does.
        var byHand = try handBuilt([("first", [Mail(id: 1)]), ("second", [])])
        var handError: SnapshotError?
        try byHand.appendItems([Mail(id: 2), Mail(id: 1)], toSection: "second")
        do { try byHand._indexAppendedItems() } catch { handError = error }
        let expected = try #require(handError)
        #expect(expected.section == "\"second\"")
        #expect(error == expected)
    }

    @Test("a duplicate section throws appendSections' error, naming the section")
    func duplicateSection() throws {
        let error = #expect(throws: SnapshotError.self) {
            _ = try Snapshot<String, Int> {
                SnapshotSection("a") { 1 }
                SnapshotSection("b")
                SnapshotSection("a") { 2 }
            }
        }
        #expect(error == SnapshotError(.duplicateSection, identifier: "a"))
        #expect(error?.section == nil)
    }

    @Test("an outline lists roots, children and leaves depth first, with the expansion it states")
    func outline() throws {
        let showsCitrus = true
        let jam: String? = "Jam"
        let outline = try SectionSnapshot<String> {
            OutlineItem("Fruit", expanded: true) {
                "Apple"
                if showsCitrus {
                    OutlineItem("Citrus", expanded: false) { ["Lemon", "Lime"] }
                }
                for berry in ["Fig"] { berry }
            }
            OutlineItem("Bread")
            Optional<String>.none
            jam
        }
        var expected = SectionSnapshot<String>()
        try expected.append(["Fruit", "Bread", "Jam"])
        try expected.append(["Apple", "Citrus", "Fig"], to: "Fruit")
        try expected.append(["Lemon", "Lime"], to: "Citrus")
        try expected.expand(["Fruit"])
        try expected.collapse(["Citrus"])
        #expect(outline == expected)
        #expect(outline.items == ["Fruit", "Apple", "Citrus", "Lemon", "Lime", "Fig", "Bread", "Jam"])
        #expect(outline.statedExpansion(of: "Bread") == nil)
        #expect(outline.statedExpansion(of: "Citrus") == false)
    }

    @Test("an outline of mixed types takes any Hashable item")
    func mixedOutline() throws {
        let outline = try SectionSnapshot<AnyHashable> {
            OutlineItem(Banner(text: "Inbox"), expanded: true) {
                Mail(id: 1)
                [Mail(id: 2)]
            }
        }
        #expect(outline.visibleItems == [Banner(text: "Inbox"), Mail(id: 1), Mail(id: 2)])
    }

    @Test("a duplicate in an outline throws append's error")
    func outlineDuplicate() throws {
        let error = #expect(throws: SectionSnapshotError.self) {
            _ = try SectionSnapshot<String> {
                OutlineItem("A") { "B" }
                OutlineItem("C") { "B" }
            }
        }
        #expect(error == SectionSnapshotError(.duplicateItem, identifier: "B"))
    }

    @Test("the doc comments' examples print what they say")
    func docExamples() throws {
        let flagged: String? = nil
        let section = SnapshotSection<String, String>("inbox") {
            "Welcome"
            for number in 1...2 { "Mail \(number)" }
            flagged
            ["Archive", "Trash"]
        }
        #expect("\(section.items)" == #"["Welcome", "Mail 1", "Mail 2", "Archive", "Trash"]"#)

        let favorites = ["Plum"]
        let fruit = try Snapshot<String, String> {
            SnapshotSection("fruit") { ["Apple", "Pear"] }
            if !favorites.isEmpty {
                SnapshotSection("favorites") { favorites }
            }
        }
        #expect(
            "\(fruit.sectionIdentifiers) \(fruit.itemIdentifiers)"
                == #"["fruit", "favorites"] ["Apple", "Pear", "Plum"]"#)

        let letters = ["A": ["Ada", "Alan"], "B": ["Brian"]]
        let contacts = try Snapshot<String, String> {
            for letter in letters.keys.sorted() {
                SnapshotSection(letter) { letters[letter] ?? [] }
            }
        }
        #expect("\(contacts.sectionIdentifiers) \(contacts.itemIdentifiers)" == #"["A", "B"] ["Ada", "Alan", "Brian"]"#)

        let isEditing = true
        let tasks = try Snapshot<String, String> {
            SnapshotSection("tasks") {
                "Write"
                "Test"
                if isEditing { "+ Add a task" }
            }
            SnapshotSection("done") { for day in 1...2 { "Day \(day)" } }
        }
        #expect("\(tasks.itemIdentifiers)" == #"["Write", "Test", "+ Add a task", "Day 1", "Day 2"]"#)

        let outline = try SectionSnapshot<String> {
            OutlineItem("Fruit", expanded: true) {
                "Apple"
                OutlineItem("Citrus") { "Lemon" }
            }
            "Bread"
        }
        #expect("\(outline.visibleItems)" == #"["Fruit", "Apple", "Citrus", "Bread"]"#)
    }

    // The builder moves the items it gathered into the snapshot instead of copying them; a section the
    // caller keeps, or lists twice, shares its items and must come out unchanged.

    @Test("a section value the caller keeps is unchanged by the builds that list it")
    func keptSectionUnchanged() throws {
        let kept = SnapshotSection<String, AnyHashable>("kept") {
            Mail(id: 1)
            Mail(id: 2)
        }
        let built = try Snapshot<String, AnyHashable> {
            kept
            SnapshotSection("more") { for id in 3...5 { Mail(id: id) } }
        }
        #expect(kept.items == [Mail(id: 1), Mail(id: 2)])
        #expect(
            built == (try handBuilt([("kept", [Mail(id: 1), Mail(id: 2)]), ("more", (3...5).map { Mail(id: $0) })])))
        let again = try Snapshot<String, AnyHashable> { kept }
        #expect(again.itemIdentifiers == kept.items)
        #expect(kept.items == [Mail(id: 1), Mail(id: 2)])
        #expect(built._checkInvariants() == [] && again._checkInvariants() == [])
    }

    @Test("seeded shapes build what appends by hand build: items, order, checks and later edits", arguments: 0..<8)
    func seededShapes(seed: UInt64) throws {
        var random = SplitMix64(seed: 4_400 + seed)
        for _ in 0..<SeededRuns.length(12) {
            // Up to 6 sections of 0-1,200 items (runs hold 512), one item in four listed twice at random.
            let sections = (0..<Int(random.next() % 7)).map { "s\($0)" }
            var next = 0
            var listed: [(String, [AnyHashable])] = []
            for section in sections {
                let count = Int(random.next() % 1_201)
                listed.append(
                    (
                        section,
                        (0..<count).map { _ in
                            next += 1; return Mail(id: next)
                        }
                    ))
            }
            if random.next() % 4 == 0, next > 1, let target = listed.indices.randomElement(using: &random) {
                listed[target].1.append(Mail(id: Int(random.next() % UInt64(next)) + 1))
            }
            let built = try Snapshot<String, AnyHashable> {
                for (section, items) in listed {
                    SnapshotSection(section) { for item in items { item } }
                }
            }
            var expected = try handBuilt(listed)
            #expect(built == expected)
            #expect(built.itemIdentifiers == expected.itemIdentifiers)
            #expect(built._checkInvariants() == [])
            // A duplicate is found where appended items are checked, the same one either way.
            var checked = built
            let builtError = thrown { () throws(SnapshotError) in try checked.checkAppendedItems() }
            let expectedError = thrown { () throws(SnapshotError) in try expected.checkAppendedItems() }
            #expect(builtError == expectedError)
            guard builtError == nil, let last = listed.last(where: { !$0.1.isEmpty }) else { continue }
            // The moved items are found by identifier: an edit after the build lands where it should.
            try checked.insertItems([Mail(id: 0)], afterItem: last.1[last.1.count / 2])
            try expected.insertItems([Mail(id: 0)], afterItem: last.1[last.1.count / 2])
            #expect(checked == expected)
            #expect(checked._checkInvariants() == [])
        }
    }
}
