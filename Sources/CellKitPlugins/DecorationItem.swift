import CellKit
import DiffableStore

/// Marks the decoration items, so a rule never decorates a decoration.
protocol _DecorationItemProtocol {}

/// A row a rule places right next to an item of a section: a spacer, a divider, a "new" marker.
///
/// Unlike a decoration view (drawn around rows, see `registerDecorationView`), a decoration item is an
/// item of the snapshot, shown by a cell you register for `DecorationItem<YourDecoration>`. Its identity
/// is the decoration and the identity of the item it decorates (the item's `id` when it is
/// `Identifiable`, the item otherwise), so it is the same from one snapshot to the next and the diff
/// leaves it alone while its item stays. Place them with ``DiffableStore/Snapshot/decorate(_:with:at:rule:)``.
///
/// ```swift
/// try snapshot.decorate("inbox", with: Spacer(lines: 1), at: .after, rule: .each)
/// dataSource.registerCell(itemType: DecorationItem<Spacer>.self, cellType: SpacerCell.self) { cell, _, spacer in
///     cell.text = String(repeating: "\n", count: spacer.decoration.lines - 1)
/// }
/// ```
public struct DecorationItem<Decoration: Hashable>: Hashable, CustomStringConvertible, _DecorationItemProtocol {
    /// What the item shows (a spacer's height, a divider's style).
    public let decoration: Decoration
    /// The identity of the item it decorates: its `id` when it is `Identifiable`, the item otherwise.
    public let parent: AnyHashable
    /// The decorated item's type, so equal ids of different types give different decorations.
    private let parentType: ObjectIdentifier

    /// The decoration of an item.
    ///
    /// - Parameters:
    ///   - decoration: What the item shows.
    ///   - item: The item it decorates.
    public init(_ decoration: Decoration, decorating item: AnyHashable) {
        self.decoration = decoration
        self.parent = (item.base as? any Identifiable).map { _id(of: $0) } ?? item
        self.parentType = ObjectIdentifier(type(of: item.base))
    }

    /// `"Spacer(lines: 1) of Mail(id: 3)"`.
    public var description: String { "\(decoration) of \(parent)" }
}

/// An `Identifiable` value's `id`.
private func _id<Value: Identifiable>(of value: Value) -> AnyHashable { AnyHashable(value.id) }

/// Which side of its item a decoration item goes on.
public enum DecorationAnchor: Hashable, Sendable {
    /// Right before the item.
    case before
    /// Right after the item.
    case after
}

/// Which items of a section get a decoration item.
///
/// Rules look at the section's items other than decoration items: ``first`` is the first such item.
/// A section without items gets none, whatever the rule.
public struct DecorationRule {
    /// Whether an item gets the decoration: the item, its index among the section's items (decoration
    /// items left out), and their number.
    let picks: (_ item: AnyHashable, _ index: Int, _ count: Int) -> Bool

    /// A rule from a closure.
    ///
    /// - Parameter picks: Whether an item gets the decoration, given the item, its index among the
    ///   section's items (decoration items left out) and their number.
    public init(_ picks: @escaping (_ item: AnyHashable, _ index: Int, _ count: Int) -> Bool) {
        self.picks = picks
    }

    /// Every item.
    public static var each: DecorationRule { DecorationRule { _, _, _ in true } }
    /// The first item.
    public static var first: DecorationRule { DecorationRule { _, index, _ in index == 0 } }
    /// The last item.
    public static var last: DecorationRule { DecorationRule { _, index, count in index == count - 1 } }
}

extension Snapshot where ItemIdentifier == AnyHashable {
    /// Places a ``DecorationItem`` right before or after each item of a section that a rule picks,
    /// removing the items of the same decoration placed there before.
    ///
    /// Call it again after editing the section: the decorations follow the items, and since their
    /// identities come from their items, the diff sees only the ones that came or went.
    ///
    /// ```swift
    /// try snapshot.decorate("inbox", with: Spacer(lines: 1), at: .after, rule: .first)
    /// // [a, b] becomes [a, spacer of a, b]; with a single item [a]: [a, spacer of a]
    /// ```
    ///
    /// - Parameters:
    ///   - section: The section.
    ///   - decoration: What the decoration items show.
    ///   - anchor: Which side of its item each one goes.
    ///   - rule: Which items get one.
    /// - Throws: ``/DiffableStore/SnapshotError`` with ``/DiffableStore/SnapshotError/Rule/sectionNotFound``
    ///   when the section is not in the snapshot, or ``/DiffableStore/SnapshotError/Rule/duplicateItem`` when
    ///   a decoration item would be there twice (two items with the same `id` in the section, or one
    ///   decorated the same way in another section). The snapshot is unchanged then.
    /// - Complexity: O(m) for the *m* items of the section, plus the cost of replacing them: O(1) for
    ///   each item of the sections after it.
    public mutating func decorate<Decoration: Hashable>(
        _ section: SectionIdentifier,
        with decoration: Decoration,
        at anchor: DecorationAnchor,
        rule: DecorationRule
    ) throws(SnapshotError) {
        guard let items = itemIdentifiers(inSection: section) else {
            throw SnapshotError(.sectionNotFound, identifier: section)
        }
        let isOld = { (item: AnyHashable) in (item.base as? DecorationItem<Decoration>)?.decoration == decoration }
        let kept = items.filter { !isOld($0) }
        let removed = Set(items.filter(isOld))
        let count = kept.count(where: { !($0.base is _DecorationItemProtocol) })
        var result: [AnyHashable] = []
        result.reserveCapacity(kept.count + count)
        var added = Set<AnyHashable>()
        var index = 0
        for item in kept {
            guard !(item.base is _DecorationItemProtocol) else {
                result.append(item)
                continue
            }
            defer { index += 1 }
            guard rule.picks(item, index, count) else {
                result.append(item)
                continue
            }
            let decorationItem = AnyHashable(DecorationItem(decoration, decorating: item))
            guard added.insert(decorationItem).inserted, removed.contains(decorationItem) || !contains(decorationItem)
            else {
                throw SnapshotError(.duplicateItem, identifier: decorationItem)
            }
            if anchor == .before { result.append(decorationItem) }
            result.append(item)
            if anchor == .after { result.append(decorationItem) }
        }
        guard result != items else { return }
        // Nothing below can throw: the items deleted are there, and the items appended are not.
        try deleteItems(items)
        try appendItems(result, toSection: section)
    }
}
