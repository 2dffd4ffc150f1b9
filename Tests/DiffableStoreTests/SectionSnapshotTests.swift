import SeededRandom
import Testing
@_spi(Testing) import DiffableStore

@Suite("SectionSnapshot")
struct SectionSnapshotTests {
    /// A▸(B, C▸(D)), A expanded, C collapsed.
    func sample() throws -> SectionSnapshot<String> {
        var outline = SectionSnapshot<String>()
        try outline.append(["A"])
        try outline.append(["B", "C"], to: "A")
        try outline.append(["D"], to: "C")
        try outline.expand(["A"])
        try outline.collapse(["C"])
        #expect(outline._checkInvariants() == [])
        return outline
    }

    /// A one-section snapshot of an outline's visible items: what a list shows.
    func shown(_ outline: SectionSnapshot<String>) throws -> Snapshot<Int, String> {
        var snapshot = Snapshot<Int, String>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(outline.visibleItems)
        return snapshot
    }

    @Test("A▸(B, C▸(D)) with C collapsed: A, B, C are visible, D is at level 2, deleting C removes D")
    func checklistExample() throws {
        var outline = try sample()
        #expect(outline.visibleItems == ["A", "B", "C"])
        #expect(outline.items == ["A", "B", "C", "D"])
        #expect(outline.level(of: "D") == 2)
        try outline.delete(["C"])
        #expect(outline.items == ["A", "B"])
        #expect(!outline.contains("D"))
        #expect(outline.children(of: "A") == ["B"])
        #expect(outline._checkInvariants() == [])
    }

    @Test("expanding C shows D right after C: the diff of what is shown is one insert, in one batch")
    func expandIsOneInsert() throws {
        var outline = try sample()
        let before = try shown(outline)
        try outline.expand(["C"])
        #expect(outline.visibleItems == ["A", "B", "C", "D"])
        let changeset = Changeset(from: before, to: try shown(outline))
        #expect(changeset.stages.count == 1)
        let batch = try #require(changeset.stages.first).batch
        #expect(batch.insertedItems == [ListIndexPath(item: 3, section: 0)])
        #expect(batch.deletedItems.isEmpty && batch.movedItems.isEmpty)
    }

    @Test("reading: roots, parents, children, levels, positions, visibility and stated expansion")
    func reading() throws {
        let outline = try sample()
        #expect(outline.rootItems == ["A"])
        #expect(outline.count == 4)
        #expect(outline.parent(of: "D") == "C")
        #expect(outline.parent(of: "A") == nil)
        #expect(outline.parent(of: "Z") == nil)
        #expect(outline.children(of: "A") == ["B", "C"])
        #expect(outline.children(of: "B") == [])
        #expect(outline.children(of: "Z") == nil)
        #expect(outline.level(of: "A") == 0)
        #expect(outline.level(of: "C") == 1)
        #expect(outline.level(of: "Z") == nil)
        #expect(outline.index(of: "A") == 0)
        #expect(outline.index(of: "D") == 3)
        #expect(outline.index(of: "Z") == nil)
        #expect(outline.isVisible("C"))
        #expect(!outline.isVisible("D"))
        #expect(!outline.isVisible("Z"))
        #expect(outline.isExpanded("A"))
        #expect(!outline.isExpanded("C"))
        #expect(outline.statedExpansion(of: "A") == true)
        #expect(outline.statedExpansion(of: "C") == false)
        #expect(outline.statedExpansion(of: "B") == nil)
        #expect(outline.expandedItems == ["A"])
        #expect(outline.contains("D"))
        #expect(!outline.contains("Z"))
    }

    @Test("expanding a child of a collapsed parent shows nothing until the parent is expanded too")
    func expansionFollowsAncestors() throws {
        var outline = try sample()
        try outline.collapse(["A"])
        try outline.expand(["C"])
        #expect(outline.visibleItems == ["A"])
        #expect(!outline.isVisible("D"))
        try outline.expand(["A"])
        #expect(outline.visibleItems == ["A", "B", "C", "D"])
        // Collapsing A hides its whole subtree; C keeps its own state.
        try outline.collapse(["A"])
        #expect(outline.visibleItems == ["A"])
        #expect(outline.isExpanded("C"))
    }

    @Test("appending to a parent or as roots; a missing parent or a duplicate throws and changes nothing")
    func appending() throws {
        var outline = try sample()
        try outline.append(["E"])
        try outline.append(["F", "G"], to: "B")
        #expect(outline.items == ["A", "B", "F", "G", "C", "D", "E"])
        #expect(outline.level(of: "G") == 2)
        #expect(outline.statedExpansion(of: "F") == nil)
        let before = outline
        #expect(throws: SectionSnapshotError(.parentNotFound, identifier: "Z")) { try outline.append(["H"], to: "Z") }
        #expect(throws: SectionSnapshotError(.duplicateItem, identifier: "D")) { try outline.append(["H", "D"]) }
        #expect(throws: SectionSnapshotError(.duplicateItem, identifier: "H")) {
            try outline.append(["H", "H"], to: "A")
        }
        #expect(outline == before)
        #expect(outline._checkInvariants() == [])
    }

    @Test("inserting siblings before and after an item, at its level")
    func insertingSiblings() throws {
        var outline = try sample()
        try outline.insert(["X"], before: "B")
        try outline.insert(["Y", "Z"], after: "C")
        try outline.insert(["R"], before: "A")
        try outline.insert(["S"], after: "A")
        #expect(outline.rootItems == ["R", "A", "S"])
        #expect(outline.children(of: "A") == ["X", "B", "C", "Y", "Z"])
        #expect(outline.items == ["R", "A", "X", "B", "C", "D", "Y", "Z", "S"])
        #expect(outline.level(of: "Y") == 1)
        #expect(outline.parent(of: "Z") == "A")
        let before = outline
        #expect(throws: SectionSnapshotError(.itemNotFound, identifier: "Q")) { try outline.insert(["W"], before: "Q") }
        #expect(throws: SectionSnapshotError(.duplicateItem, identifier: "B")) {
            try outline.insert(["W", "B"], after: "D")
        }
        #expect(outline == before)
        #expect(outline._checkInvariants() == [])
    }

    @Test("inserting a section snapshot places its subtrees, rebased to the item's level, with their expansion")
    func insertingSnapshots() throws {
        var outline = try sample()
        var branch = SectionSnapshot<String>()
        try branch.append(["P", "Q"])
        try branch.append(["P1"], to: "P")
        try branch.expand(["P"])
        try outline.insert(branch, after: "B")
        #expect(outline.children(of: "A") == ["B", "P", "Q", "C"])
        #expect(outline.level(of: "P1") == 2)
        #expect(outline.parent(of: "P") == "A")
        #expect(outline.isExpanded("P"))
        #expect(outline.visibleItems == ["A", "B", "P", "P1", "Q", "C"])
        var roots = SectionSnapshot<String>()
        try roots.append(["Top"])
        try outline.insert(roots, before: "A")
        #expect(outline.rootItems == ["Top", "A"])
        let before = outline
        #expect(throws: SectionSnapshotError(.itemNotFound, identifier: "nowhere")) {
            try outline.insert(roots, after: "nowhere")
        }
        var clash = SectionSnapshot<String>()
        try clash.append(["new"])
        try clash.append(["D"], to: "new")
        #expect(throws: SectionSnapshotError(.duplicateItem, identifier: "D")) { try outline.insert(clash, after: "B") }
        #expect(outline == before)
        #expect(outline._checkInvariants() == [])
    }

    @Test("replacing a parent's children: the old subtree goes, the new one is placed under it")
    func replacingChildren() throws {
        var outline = try sample()
        var children = SectionSnapshot<String>()
        try children.append(["C", "N"])  // C was under A already: allowed
        try children.append(["N1"], to: "N")
        try outline.replace(childrenOf: "A", using: children)
        #expect(outline.items == ["A", "C", "N", "N1"])
        #expect(!outline.contains("B") && !outline.contains("D"))
        #expect(outline.level(of: "N1") == 2)
        #expect(outline.statedExpansion(of: "C") == nil)  // the new subtree's state, not the old one's
        #expect(outline.isExpanded("A"))  // the parent keeps its own
        try outline.replace(childrenOf: "N", using: SectionSnapshot())
        #expect(outline.children(of: "N") == [])
        let before = outline
        #expect(throws: SectionSnapshotError(.parentNotFound, identifier: "Z")) {
            try outline.replace(childrenOf: "Z", using: children)
        }
        var withParent = SectionSnapshot<String>()
        try withParent.append(["A"])
        #expect(throws: SectionSnapshotError(.duplicateItem, identifier: "A")) {
            try outline.replace(childrenOf: "C", using: withParent)
        }
        var outside = SectionSnapshot<String>()
        try outside.append(["N"])  // N is under A, not under C
        #expect(throws: SectionSnapshotError(.duplicateItem, identifier: "N")) {
            try outline.replace(childrenOf: "C", using: outside)
        }
        #expect(outline == before)
        #expect(outline._checkInvariants() == [])
    }

    @Test("deleting takes descendants; an item listed twice or under another is deleted once; a missing one throws")
    func deleting() throws {
        var outline = try sample()
        try outline.append(["E", "F"])
        try outline.delete(["C", "D", "C", "E"])
        #expect(outline.items == ["A", "B", "F"])
        let before = outline
        #expect(throws: SectionSnapshotError(.itemNotFound, identifier: "D")) { try outline.delete(["B", "D"]) }
        #expect(outline == before)
        try outline.delete(["A"])
        #expect(outline.items == ["F"])
        outline.deleteAll()
        #expect(outline.items == [] && outline.count == 0 && outline.rootItems == [])
        #expect(outline._checkInvariants() == [])
    }

    @Test("expanding or collapsing an item that is not there throws and changes nothing")
    func expandingMissing() throws {
        var outline = try sample()
        let before = outline
        #expect(throws: SectionSnapshotError(.itemNotFound, identifier: "Z")) { try outline.expand(["C", "Z"]) }
        #expect(throws: SectionSnapshotError(.itemNotFound, identifier: "Z")) { try outline.collapse(["A", "Z"]) }
        #expect(outline == before)
    }

    @Test("the subtree of an item, with or without it, rebased to level 0")
    func subtrees() throws {
        let outline = try sample()
        let under = try #require(outline.snapshot(of: "A"))
        #expect(under.rootItems == ["B", "C"])
        #expect(under.items == ["B", "C", "D"])
        #expect(under.level(of: "D") == 1)
        #expect(under.parent(of: "B") == nil)
        #expect(under.statedExpansion(of: "C") == false)
        let with = try #require(outline.snapshot(of: "C", includingParent: true))
        #expect(with.items == ["C", "D"])
        #expect(with.level(of: "C") == 0)
        #expect(with.level(of: "D") == 1)
        #expect(outline.snapshot(of: "Z") == nil)
        #expect(under._checkInvariants() == [] && with._checkInvariants() == [])
    }

    @Test("equality includes stated expansion: stated collapsed differs from not stated")
    func equality() throws {
        var a = SectionSnapshot<String>()
        try a.append(["A", "B"])
        var b = a
        #expect(a == b)
        try b.collapse(["A"])
        #expect(a != b)
        try a.collapse(["A"])
        #expect(a == b)
        try b.append(["C"], to: "A")
        #expect(a != b)
    }

    @Test("the description draws the tree, hidden items included")
    func description() throws {
        let outline = try sample()
        #expect(
            outline.description == """
                ▾ A
                  · B
                  ▸ C
                    · D
                """)
        #expect(SectionSnapshot<String>().description == "(empty section snapshot)")
    }

    @Test("every rule is thrown by some call, and each error names its identifier")
    func everyRule() throws {
        var outline = try sample()
        var thrown = Set<SectionSnapshotError.Rule>()
        func record(_ body: () throws(SectionSnapshotError) -> Void) {
            do { try body() } catch { thrown.insert(error.rule) }
        }
        record { () throws(SectionSnapshotError) in try outline.append(["A"]) }
        record { () throws(SectionSnapshotError) in try outline.delete(["Z"]) }
        record { () throws(SectionSnapshotError) in try outline.append(["Y"], to: "Z") }
        #expect(thrown == Set(SectionSnapshotError.Rule.allCases))
        #expect(
            "\(SectionSnapshotError(.duplicateItem, identifier: "A"))"
                == "duplicate item identifier \"A\": item identifiers must be unique within a section snapshot")
        #expect(
            "\(SectionSnapshotError(.itemNotFound, identifier: 7))"
                == "item identifier 7 is not in the section snapshot")
        #expect(
            "\(SectionSnapshotError(.parentNotFound, identifier: AnyHashable("P")))"
                == "parent item \"P\" is not in the section snapshot")
        #expect(SectionSnapshotError(.itemNotFound, identifier: AnyHashable(7)).identifierType == "Swift.Int")
    }

    @Test("a deep chain is walked without recursion")
    func deepChain() throws {
        var outline = SectionSnapshot<Int>()
        try outline.append([0])
        for level in 1..<20_000 {
            try outline.append([level], to: level - 1)
            try outline.expand([level - 1])
        }
        #expect(outline.visibleItems.count == 20_000)
        #expect(outline.level(of: 19_999) == 19_999)
        #expect(outline._checkInvariants() == [])
        try outline.delete([1])
        #expect(outline.items == [0])
    }
}

// MARK: - Work bounds

@Suite("SectionSnapshot work")
struct SectionSnapshotWorkTests {
    /// Root 0 (collapsed) with `hidden` children, then roots 1, 2 and 3; root 2 has three children.
    func wide(_ counter: Counter, hidden: Int) throws -> SectionSnapshot<Measured> {
        func m(_ value: Int) -> Measured { Measured(value: value, counter: counter) }
        var outline = SectionSnapshot<Measured>()
        try outline.append([m(0), m(1), m(2), m(3)])
        try outline.append((100..<(100 + hidden)).map(m), to: m(0))
        try outline.append([m(20), m(21), m(22)], to: m(2))
        try outline.expand([m(2)])
        return outline
    }

    @Test("visibleItems walks only the visible items: hidden subtrees cost nothing", arguments: [10, 1_000])
    func visibleItemsSkipHidden(hidden: Int) throws {
        let counter = Counter()
        let outline = try wide(counter, hidden: hidden)
        counter.hashes = 0
        let visible = outline.visibleItems
        #expect(visible.count == 7)
        #expect(
            counter.hashes <= 2 * visible.count, "hashed \(counter.hashes) times for \(visible.count) visible items")
    }

    @Test("expanding, reading a level and a parent cost a few hashes, whatever the size", arguments: [10, 1_000])
    func lookupsAreConstant(hidden: Int) throws {
        let counter = Counter()
        var outline = try wide(counter, hidden: hidden)
        counter.hashes = 0
        counter.equalities = 0
        try outline.expand([Measured(value: 0, counter: counter)])
        _ = outline.level(of: Measured(value: 150, counter: counter))
        _ = outline.parent(of: Measured(value: 21, counter: counter))
        // One hash per lookup (two for expand: check, then write); a few comparisons per probe, as many
        // as the dictionary's probe clusters (which move with the process's hash seed): bounded loosely,
        // far below the 1,000 items a scan would compare.
        #expect(counter.hashes <= 6, "hashed \(counter.hashes) times")
        #expect(counter.equalities <= 100, "compared \(counter.equalities) times")
    }

    @Test("inserting and deleting beside an item touch its siblings, not the rest", arguments: [10, 1_000])
    func siblingEditsAreLocal(hidden: Int) throws {
        let counter = Counter()
        var outline = try wide(counter, hidden: hidden)
        func m(_ value: Int) -> Measured { Measured(value: value, counter: counter) }
        counter.hashes = 0
        counter.equalities = 0
        try outline.insert([m(30)], before: m(22))
        try outline.delete([m(21)])
        // A few hashes per item named, plus one per sibling of the item (3 or 4 here); a walk of the
        // hidden items would cost 1,000. Comparisons depend on how the dictionary's probes cluster, which
        // changes with the process's hash seed: bounded loosely, still far below a walk.
        #expect(counter.hashes <= 40, "hashed \(counter.hashes) times")
        #expect(counter.equalities <= 200, "compared \(counter.equalities) times")
        #expect(outline.children(of: m(2)) == [m(20), m(30), m(22)])
    }

    @Test("appending n items one by one hashes O(n) items in all (amortized)")
    func appendIsAmortizedLinear() throws {
        let counter = Counter()
        var outline = SectionSnapshot<Measured>()
        try outline.append([Measured(value: -1, counter: counter)])
        counter.hashes = 0
        let n = 4_096
        for value in 0..<n {
            try outline.append([Measured(value: value, counter: counter)], to: Measured(value: -1, counter: counter))
        }
        // Per append: the parent's lookups, the duplicate check, the node's insertion; plus rehashing
        // on growth, which doubles the table, so at most 2n more in all.
        #expect(counter.hashes <= 8 * n, "hashed \(counter.hashes) times for \(n) appends")
    }
}

// MARK: - Against a model

/// A plain tree, searched naively: what a section snapshot must agree with.
struct OutlineModel: Equatable {
    struct Node: Equatable {
        var item: Int
        var expansion: Bool?
        var children: [Node] = []
    }

    var roots: [Node] = []

    /// Every item depth first, with its parent and level.
    var flattened: [(item: Int, parent: Int?, level: Int, node: Node)] {
        var result: [(Int, Int?, Int, Node)] = []
        func walk(_ nodes: [Node], parent: Int?, level: Int) {
            for node in nodes {
                result.append((node.item, parent, level, node))
                walk(node.children, parent: node.item, level: level + 1)
            }
        }
        walk(roots, parent: nil, level: 0)
        return result
    }

    var items: [Int] { flattened.map(\.item) }

    var visibleItems: [Int] {
        var result: [Int] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                result.append(node.item)
                if node.expansion == true { walk(node.children) }
            }
        }
        walk(roots)
        return result
    }

    func contains(_ item: Int) -> Bool { items.contains(item) }

    func node(_ item: Int) -> Node? { flattened.first { $0.item == item }?.node }

    /// Calls `body` with the sibling array holding `item` and its index there.
    mutating func withSiblings(of item: Int, _ body: (inout [Node], Int) -> Void) {
        func visit(_ nodes: inout [Node]) -> Bool {
            if let index = nodes.firstIndex(where: { $0.item == item }) {
                body(&nodes, index)
                return true
            }
            for index in nodes.indices where visit(&nodes[index].children) { return true }
            return false
        }
        _ = visit(&roots)
    }

    mutating func withNode(_ item: Int, _ body: (inout Node) -> Void) {
        withSiblings(of: item) { nodes, index in body(&nodes[index]) }
    }

    func firstDuplicate(_ new: [Int], allowing allowed: Set<Int> = []) -> Int? {
        var seen = Set<Int>()
        let present = Set(items)
        return new.first { (present.contains($0) && !allowed.contains($0)) || !seen.insert($0).inserted }
    }

    static func items(of nodes: [Node]) -> [Int] { OutlineModel(roots: nodes).items }
}

/// One random edit, performed on a section snapshot and on the model.
enum OutlineEdit: CustomStringConvertible {
    case append([Int], to: Int?)
    case insert([Int], beside: Int, after: Bool)
    case insertTree([OutlineModel.Node], beside: Int, after: Bool)
    case replace(childrenOf: Int, [OutlineModel.Node])
    case delete([Int])
    case expand([Int])
    case collapse([Int])

    static let universe = 0..<30

    static func random(using generator: inout SeededGenerator) -> OutlineEdit {
        func item() -> Int { Int.random(in: universe, using: &generator) }
        func items() -> [Int] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in item() } }
        func tree(depth: Int) -> [OutlineModel.Node] {
            (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                let expansion: Bool? = [nil, true, false].randomElement(using: &generator)!
                return OutlineModel.Node(
                    item: item(), expansion: expansion, children: depth > 0 ? tree(depth: depth - 1) : [])
            }
        }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1: return .append(items(), to: Bool.random(using: &generator) ? nil : item())
        case 2: return .insert(items(), beside: item(), after: Bool.random(using: &generator))
        case 3: return .insertTree(tree(depth: 2), beside: item(), after: Bool.random(using: &generator))
        case 4: return .replace(childrenOf: item(), tree(depth: 2))
        case 5: return .delete(items())
        case 6, 7: return .expand(items())
        default: return .collapse(items())
        }
    }

    /// A section snapshot of trees (which must have unique items).
    static func snapshot(of trees: [OutlineModel.Node]) throws -> SectionSnapshot<Int> {
        var result = SectionSnapshot<Int>()
        func add(_ nodes: [OutlineModel.Node], to parent: Int?) throws {
            try result.append(nodes.map(\.item), to: parent)
            for node in nodes {
                if let expansion = node.expansion {
                    if expansion { try result.expand([node.item]) } else { try result.collapse([node.item]) }
                }
                try add(node.children, to: node.item)
            }
        }
        try add(trees, to: nil)
        return result
    }

    /// Trees whose items repeat are not a valid section snapshot: such an edit is skipped.
    var isValid: Bool {
        switch self {
        case .insertTree(let trees, _, _), .replace(_, let trees):
            let items = OutlineModel.items(of: trees)
            return Set(items).count == items.count
        default:
            return true
        }
    }

    func perform(on outline: inout SectionSnapshot<Int>) throws {
        switch self {
        case let .append(items, parent): try outline.append(items, to: parent)
        case let .insert(items, item, after):
            if after { try outline.insert(items, after: item) } else { try outline.insert(items, before: item) }
        case let .insertTree(trees, item, after):
            let snapshot = try Self.snapshot(of: trees)
            if after { try outline.insert(snapshot, after: item) } else { try outline.insert(snapshot, before: item) }
        case let .replace(parent, trees): try outline.replace(childrenOf: parent, using: try Self.snapshot(of: trees))
        case let .delete(items): try outline.delete(items)
        case let .expand(items): try outline.expand(items)
        case let .collapse(items): try outline.collapse(items)
        }
    }

    /// Performs the edit on the model, or returns the error the section snapshot must throw.
    func perform(on model: inout OutlineModel) -> SectionSnapshotError? {
        func missing(_ items: [Int]) -> Int? { items.first { !model.contains($0) } }
        switch self {
        case let .append(items, parent):
            if let parent, !model.contains(parent) { return SectionSnapshotError(.parentNotFound, identifier: parent) }
            if let duplicate = model.firstDuplicate(items) {
                return SectionSnapshotError(.duplicateItem, identifier: duplicate)
            }
            let nodes = items.map { OutlineModel.Node(item: $0) }
            if let parent { model.withNode(parent) { $0.children += nodes } } else { model.roots += nodes }
        case let .insert(items, item, after):
            if !model.contains(item) { return SectionSnapshotError(.itemNotFound, identifier: item) }
            if let duplicate = model.firstDuplicate(items) {
                return SectionSnapshotError(.duplicateItem, identifier: duplicate)
            }
            model.withSiblings(of: item) {
                $0.insert(contentsOf: items.map { OutlineModel.Node(item: $0) }, at: $1 + (after ? 1 : 0))
            }
        case let .insertTree(trees, item, after):
            if !model.contains(item) { return SectionSnapshotError(.itemNotFound, identifier: item) }
            if let duplicate = model.firstDuplicate(OutlineModel.items(of: trees)) {
                return SectionSnapshotError(.duplicateItem, identifier: duplicate)
            }
            model.withSiblings(of: item) { $0.insert(contentsOf: trees, at: $1 + (after ? 1 : 0)) }
        case let .replace(parent, trees):
            guard let node = model.node(parent) else {
                return SectionSnapshotError(.parentNotFound, identifier: parent)
            }
            let under = Set(OutlineModel.items(of: node.children))
            if let duplicate = model.firstDuplicate(OutlineModel.items(of: trees), allowing: under) {
                return SectionSnapshotError(.duplicateItem, identifier: duplicate)
            }
            model.withNode(parent) { $0.children = trees }
        case let .delete(items):
            if let item = missing(items) { return SectionSnapshotError(.itemNotFound, identifier: item) }
            for item in items where model.contains(item) { model.withSiblings(of: item) { $0.remove(at: $1) } }
        case let .expand(items), let .collapse(items):
            if let item = missing(items) { return SectionSnapshotError(.itemNotFound, identifier: item) }
            let expanded = if case .expand = self { true } else { false }
            for item in items { model.withNode(item) { $0.expansion = expanded } }
        }
        return nil
    }

    var description: String {
        switch self {
        case let .append(items, parent): "append \(items) to \(parent.map(String.init) ?? "roots")"
        case let .insert(items, item, after): "insert \(items) \(after ? "after" : "before") \(item)"
        case let .insertTree(trees, item, after):
            "insert tree \(OutlineModel.items(of: trees)) \(after ? "after" : "before") \(item)"
        case let .replace(parent, trees): "replace children of \(parent) with \(OutlineModel.items(of: trees))"
        case let .delete(items): "delete \(items)"
        case let .expand(items): "expand \(items)"
        case let .collapse(items): "collapse \(items)"
        }
    }
}

/// Where a section snapshot and the model disagree.
func disagreements(_ outline: SectionSnapshot<Int>, _ model: OutlineModel) -> [String] {
    var found = outline._checkInvariants()
    func check(_ holds: Bool, _ what: @autoclosure () -> String) { if !holds { found.append(what()) } }
    let flat = model.flattened
    check(outline.items == flat.map(\.item), "items \(outline.items), model \(flat.map(\.item))")
    check(outline.visibleItems == model.visibleItems, "visible \(outline.visibleItems), model \(model.visibleItems)")
    check(outline.rootItems == model.roots.map(\.item), "roots \(outline.rootItems)")
    check(outline.count == flat.count, "count \(outline.count), model \(flat.count)")
    let visible = Set(model.visibleItems)
    for (index, entry) in flat.enumerated() {
        let item = entry.item
        check(outline.level(of: item) == entry.level, "level of \(item)")
        check(outline.parent(of: item) == entry.parent, "parent of \(item)")
        check(outline.children(of: item) == entry.node.children.map(\.item), "children of \(item)")
        check(outline.statedExpansion(of: item) == entry.node.expansion, "expansion of \(item)")
        check(outline.isVisible(item) == visible.contains(item), "visibility of \(item)")
        check(outline.index(of: item) == index, "index of \(item)")
        if let subtree = outline.snapshot(of: item) {
            check(subtree.items == OutlineModel.items(of: entry.node.children), "subtree of \(item)")
        } else {
            found.append("no subtree for \(item)")
        }
    }
    check(outline.expandedItems == flat.filter { $0.node.expansion == true }.map(\.item), "expanded items")
    return found
}

@Suite("SectionSnapshot against a model")
struct SectionSnapshotModelTests {
    @Test(
        "seeded random edits agree with a plain tree, and a refused edit changes nothing",
        arguments: 0..<SeededRuns.length(40))
    func randomEdits(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        var outline = SectionSnapshot<Int>()
        var model = OutlineModel()
        for step in 0..<80 {
            let edit = OutlineEdit.random(using: &generator)
            guard edit.isValid else { continue }
            let context = "seed \(seed), step \(step): \(edit)"
            let before = outline
            let expected = edit.perform(on: &model)
            do {
                try edit.perform(on: &outline)
                #expect(expected == nil, "\(context): expected \(expected.map(String.init(describing:)) ?? "")")
            } catch let error as SectionSnapshotError {
                #expect(error == expected, "\(context): threw \(error)")
                #expect(outline == before, "\(context): changed the outline although it threw")
            }
            let problems = disagreements(outline, model)
            #expect(problems.isEmpty, "\(context): \(problems)")
            if !problems.isEmpty { return }
        }
    }
}
