@_spi(CellKitInternals) import DiffableStore
import FuzzSupport

typealias FuzzSnapshot = Snapshot<AnyHashable, AnyHashable>

/// Identifiers for the changeset target: values that meet as `AnyHashable` across types, a type with a
/// constant hash, cards whose content changes under the same id, and a NaN.
enum PairUniverse {
    static func item(_ input: inout FuzzInput) -> AnyHashable {
        switch input.int(in: 0..<16) {
        case 0..<4: return AnyHashable(input.int(in: 0..<20))
        case 4..<6: return AnyHashable(Int8(input.int(in: 0..<20)))
        case 6..<8: return AnyHashable(Collider(input.int(in: 0..<8)))
        case 8..<13: return AnyHashable(Card(id: input.int(in: 0..<10), content: input.int(in: 0..<3)))
        case 13..<15: return AnyHashable("s\(input.int(in: 0..<8))")
        default: return input.oneIn(4) ? AnyHashable(Double.nan) : AnyHashable(Double(input.int(in: 0..<4)))
        }
    }

    static func section(_ input: inout FuzzInput) -> AnyHashable {
        input.oneIn(4) ? AnyHashable(Int8(input.int(in: 0..<6))) : AnyHashable(input.int(in: 0..<6))
    }
}

/// Reads an old snapshot and a new one made from it by edits, with marks.
func makeOld(_ input: inout FuzzInput) -> FuzzSnapshot {
    var snapshot = FuzzSnapshot()
    for _ in 0..<input.int(in: 0...4) {
        let section = PairUniverse.section(&input)
        guard (try? snapshot.appendSections([section])) != nil else { continue }
        for _ in 0..<input.int(in: 0...8) {
            try? snapshot.appendItemsChecked([PairUniverse.item(&input)], toSection: section)
        }
    }
    return snapshot
}

/// Edits `old` into a new snapshot: inserts, deletes and moves of items (across sections too), content
/// changes of cards, an item replaced by its twin of another type, section inserts, deletes and moves,
/// and reload and reconfigure marks. Edits the snapshot refuses are skipped.
func makeNew(from old: FuzzSnapshot, _ input: inout FuzzInput) -> FuzzSnapshot {
    var new = old
    new.clearReloadMarks()
    for _ in 0..<input.int(in: 0...10) {
        let items = new.itemIdentifiers
        let sections = new.sectionIdentifiers
        func anyItem() -> AnyHashable? { input.element(of: items) }
        switch input.int(in: 0..<14) {
        case 0, 1:
            let item = PairUniverse.item(&input)
            if let anchor = anyItem(), input.bool() {
                try? input.bool()
                    ? new.insertItems([item], beforeItem: anchor) : new.insertItems([item], afterItem: anchor)
            } else if let section = input.element(of: sections) {
                try? new.appendItemsChecked([item], toSection: section)
            }
        case 2, 3:
            if let item = anyItem() { try? new.deleteItems([item]) }
        case 4, 5:
            if let item = anyItem(), let anchor = anyItem() {
                try? input.bool() ? new.moveItem(item, beforeItem: anchor) : new.moveItem(item, afterItem: anchor)
            }
        case 6, 7:
            // A card's content changes under the same id, in place or elsewhere.
            if let card = input.element(of: items.compactMap { $0.base as? Card }) {
                let changed = AnyHashable(Card(id: card.id, content: (card.content + 1 + input.int(in: 0..<2)) % 3))
                let anchor = input.bool() ? AnyHashable(card) : (anyItem() ?? AnyHashable(card))
                if anchor == AnyHashable(card) || input.bool() {
                    try? new.insertItems([changed], beforeItem: anchor)
                } else {
                    try? new.insertItems([changed], afterItem: anchor)
                }
                try? new.deleteItems([AnyHashable(card)])
            }
        case 8:
            // The same identifier as a value of another type: Int(3) becomes Int8(3).
            if let item = anyItem(), let value = item.base as? Int {
                let twin = AnyHashable(Int8(value))
                var copy = new
                if (try? copy.deleteItems([item])) != nil, let place = new.indexPath(of: item),
                    let section = new.sectionIdentifier(at: place.section)
                {
                    let after = new.itemIdentifiers(inSection: section)!.dropFirst(place.item + 1).first
                    if let after {
                        try? copy.insertItems([twin], beforeItem: after)
                    } else {
                        try? copy.appendItemsChecked([twin], toSection: section)
                    }
                    if copy.numberOfItems == new.numberOfItems { new = copy }
                }
            }
        case 9:
            let section = PairUniverse.section(&input)
            if let anchor = input.element(of: sections), input.bool() {
                try? new.insertSections([section], beforeSection: anchor)
            } else {
                try? new.appendSections([section])
            }
            for _ in 0..<input.int(in: 0...3) {
                try? new.appendItemsChecked([PairUniverse.item(&input)], toSection: section)
            }
        case 10:
            if let section = input.element(of: sections) { try? new.deleteSections([section]) }
        case 11:
            if let section = input.element(of: sections), let anchor = input.element(of: sections) {
                try? input.bool()
                    ? new.moveSection(section, beforeSection: anchor) : new.moveSection(section, afterSection: anchor)
            }
        case 12:
            if let item = anyItem() { try? input.bool() ? new.reloadItems([item]) : new.reconfigureItems([item]) }
        default:
            if let section = input.element(of: sections) { try? new.reloadSections([section]) }
        }
    }
    return new
}
