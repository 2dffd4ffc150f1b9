import CellKit
import CellKitPlugins
import CellKitText
@_spi(Testing) import DiffableStore
import HostHarness
import Testing

// Rule-based decoration items (RDDM's `decorate(with:at:and:)`): real items placed exactly next to the
// items a rule picks, with identities derived from their items.

struct Spacer: Hashable, CustomStringConvertible {
    var lines: Int
    var description: String { "spacer\(lines)" }
}

@MainActor
@Suite("Decoration items")
struct DecorationItemTests {
    private func snapshot(_ sections: [(String, [AnyHashable])]) throws -> Snapshot<String, AnyHashable> {
        var snapshot = Snapshot<String, AnyHashable>()
        for (section, items) in sections {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    private func names(_ snapshot: Snapshot<String, AnyHashable>, _ section: String) -> [String] {
        (snapshot.itemIdentifiers(inSection: section) ?? []).map { "\($0.base)" }
    }

    @Test("rule first at the end of a 1-item section gives [item, deco]; rule last at the start gives [deco, item]")
    func oneItemSection() throws {
        var first = try snapshot([("s", ["a"])])
        try first.decorate("s", with: Spacer(lines: 1), at: .after, rule: .first)
        #expect(names(first, "s") == ["a", "spacer1 of a"])
        var last = try snapshot([("s", ["a"])])
        try last.decorate("s", with: Spacer(lines: 1), at: .before, rule: .last)
        #expect(names(last, "s") == ["spacer1 of a", "a"])
    }

    @Test("every rule and anchor places the decoration exactly next to its item")
    func adjacency() throws {
        let cases: [(DecorationRule, DecorationAnchor, [String])] = [
            (.first, .after, ["a", "spacer1 of a", "b", "c"]),
            (.first, .before, ["spacer1 of a", "a", "b", "c"]),
            (.last, .after, ["a", "b", "c", "spacer1 of c"]),
            (.last, .before, ["a", "b", "spacer1 of c", "c"]),
            (.each, .after, ["a", "spacer1 of a", "b", "spacer1 of b", "c", "spacer1 of c"]),
            (DecorationRule { item, _, _ in item == AnyHashable("b") }, .before, ["a", "spacer1 of b", "b", "c"]),
            (
                DecorationRule { _, index, count in index < count - 1 }, .after,
                ["a", "spacer1 of a", "b", "spacer1 of b", "c"]
            ),
        ]
        for (rule, anchor, expected) in cases {
            var snapshot = try snapshot([("s", ["a", "b", "c"])])
            try snapshot.decorate("s", with: Spacer(lines: 1), at: anchor, rule: rule)
            #expect(names(snapshot, "s") == expected)
            #expect(snapshot._checkInvariants().isEmpty)
        }
    }

    @Test("empty sections are left alone, and other sections are untouched")
    func emptySections() throws {
        var snapshot = try snapshot([("e", []), ("s", ["a"]), ("t", ["b"])])
        try snapshot.decorate("e", with: Spacer(lines: 1), at: .after, rule: .each)
        try snapshot.decorate("s", with: Spacer(lines: 1), at: .after, rule: .each)
        #expect(names(snapshot, "e") == [])
        #expect(names(snapshot, "t") == ["b"])
        #expect(names(snapshot, "s") == ["a", "spacer1 of a"])
    }

    @Test("ids are deterministic: decorating again after an edit keeps the decorations of items that stay")
    func deterministic() throws {
        var old = try snapshot([("s", [Tile(id: 1, title: "a"), Tile(id: 2, title: "b")])])
        try old.decorate("s", with: Spacer(lines: 1), at: .after, rule: .each)
        // b's content changes (same id), c is added; decorate again.
        var new = try snapshot([("s", [Tile(id: 1, title: "a"), Tile(id: 2, title: "B"), Tile(id: 3, title: "c")])])
        try new.decorate("s", with: Spacer(lines: 1), at: .after, rule: .each)
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.summary.insertedItems == 2, "c and its spacer")
        #expect(changeset.summary.deletedItems == 0)
        #expect(changeset.summary.updatedItems == 1, "b's content")
        #expect(
            DecorationItem(Spacer(lines: 1), decorating: Tile(id: 2, title: "x"))
                == DecorationItem(Spacer(lines: 1), decorating: Tile(id: 2, title: "y")))
        #expect(
            DecorationItem(Spacer(lines: 1), decorating: Tile(id: 2, title: "x"))
                != DecorationItem(Spacer(lines: 2), decorating: Tile(id: 2, title: "x")))
        #expect(
            DecorationItem(Spacer(lines: 1), decorating: 2)
                != DecorationItem(Spacer(lines: 1), decorating: Tile(id: 2, title: "x")),
            "an id of another type is another parent")
    }

    @Test("decorating is idempotent, moves decorations with their items, and never decorates a decoration")
    func idempotent() throws {
        var snapshot = try snapshot([("s", ["a", "b"])])
        try snapshot.decorate("s", with: Spacer(lines: 1), at: .after, rule: .last)
        try snapshot.decorate("s", with: Spacer(lines: 2), at: .before, rule: .each)
        try snapshot.decorate("s", with: Spacer(lines: 1), at: .after, rule: .last)
        #expect(names(snapshot, "s") == ["spacer2 of a", "a", "spacer2 of b", "b", "spacer1 of b"])
        try snapshot.appendItems(["c"], toSection: "s")
        try snapshot.decorate("s", with: Spacer(lines: 1), at: .after, rule: .last)
        #expect(names(snapshot, "s") == ["spacer2 of a", "a", "spacer2 of b", "b", "c", "spacer1 of c"])
    }

    @Test("a decoration that would be there twice throws, and the snapshot is unchanged")
    func duplicates() throws {
        // Two items with the same id in one section.
        var snapshot = try snapshot([("s", [Tile(id: 1, title: "a"), Tile(id: 1, title: "b")])])
        let before = snapshot
        #expect(throws: SnapshotError.self) {
            try snapshot.decorate("s", with: Spacer(lines: 1), at: .after, rule: .each)
        }
        #expect(snapshot == before)
        #expect(throws: SnapshotError(.sectionNotFound, identifier: "nope")) {
            try snapshot.decorate("nope", with: Spacer(lines: 1), at: .after, rule: .each)
        }
    }

    @Test("decoration items show through their own cell registration", arguments: HostKind.allCases)
    func shown(kind: HostKind) throws {
        let harness = kind.make(width: 10, height: 6)
        let dataSource = harness.makeDataSource(String.self)
        harness.registerLabelType(dataSource, NameLabel.self)
        harness.registerLabel(dataSource, for: DecorationItem<Spacer>.self) { _, spacer in
            Array(repeating: "~", count: spacer.decoration.lines).joined(separator: "\n")
        }
        var snapshot = try snapshot([("s", ["a", "b"])])
        try snapshot.decorate("s", with: Spacer(lines: 2), at: .after, rule: .first)
        try dataSource.apply(snapshot)
        #expect(harness.render() == ["a", "~", "~", "b"])
        #expect(harness.problems == [])
    }
}
