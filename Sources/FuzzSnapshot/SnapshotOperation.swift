@_spi(CellKitInternals) import DiffableStore
import FuzzSupport

/// One call of the snapshot's mutation API, with arguments that may or may not be valid.
enum SnapshotOperation: CustomStringConvertible {
    case appendSections([AnyHashable])
    case insertSections([AnyHashable], before: AnyHashable)
    case insertSectionsAfter([AnyHashable], after: AnyHashable)
    case deleteSections([AnyHashable])
    case moveSection(AnyHashable, before: AnyHashable)
    case moveSectionAfter(AnyHashable, after: AnyHashable)
    case reloadSections([AnyHashable])
    case appendItems([AnyHashable], toSection: AnyHashable?)
    case insertItems([AnyHashable], before: AnyHashable)
    case insertItemsAfter([AnyHashable], after: AnyHashable)
    case deleteItems([AnyHashable])
    case moveItem(AnyHashable, before: AnyHashable)
    case moveItemAfter(AnyHashable, after: AnyHashable)
    case reloadItems([AnyHashable])
    case reconfigureItems([AnyHashable])
    case deleteAllItems
    case clearReloadMarks

    /// The next operation of a case. Items named relative to others are often taken from the model,
    /// so that valid calls are common.
    static func next(_ input: inout FuzzInput, model: SnapshotModel) -> SnapshotOperation {
        let present = model.allItems
        func item() -> AnyHashable {
            if !present.isEmpty && input.bool() { return input.element(of: present)! }
            return Universe.item(&input)
        }
        func section() -> AnyHashable {
            if !model.sections.isEmpty && input.bool() { return input.element(of: model.sections)! }
            return Universe.section(&input)
        }
        func items() -> [AnyHashable] {
            input.oneIn(3) ? (0..<input.int(in: 1...3)).map { _ in item() } : Universe.itemList(&input)
        }
        switch input.int(in: 0..<40) {
        case 0..<3: return .appendSections(Universe.sectionList(&input))
        case 3: return .insertSections(Universe.sectionList(&input), before: section())
        case 4: return .insertSectionsAfter(Universe.sectionList(&input), after: section())
        case 5: return .deleteSections((0..<input.int(in: 0...2)).map { _ in section() })
        case 6: return .moveSection(section(), before: section())
        case 7: return .moveSectionAfter(section(), after: section())
        case 8: return .reloadSections((0..<input.int(in: 0...2)).map { _ in section() })
        case 9..<16: return .appendItems(Universe.itemList(&input), toSection: input.bool() ? nil : section())
        case 16..<19: return .insertItems(Universe.itemList(&input), before: item())
        case 19..<22: return .insertItemsAfter(Universe.itemList(&input), after: item())
        case 22..<26: return .deleteItems(items())
        case 26..<29: return .moveItem(item(), before: item())
        case 29..<32: return .moveItemAfter(item(), after: item())
        case 32..<35: return .reloadItems(items())
        case 35..<38: return .reconfigureItems(items())
        case 38: return .deleteAllItems
        default: return .clearReloadMarks
        }
    }

    var description: String {
        func list(_ values: [AnyHashable]) -> String { "[" + values.map(show).joined(separator: ", ") + "]" }
        func show(_ value: AnyHashable) -> String { "\(type(of: value.base))(\(value.base))" }
        switch self {
        case .appendSections(let s): return "appendSections(\(list(s)))"
        case .insertSections(let s, let t): return "insertSections(\(list(s)), beforeSection: \(show(t)))"
        case .insertSectionsAfter(let s, let t): return "insertSections(\(list(s)), afterSection: \(show(t)))"
        case .deleteSections(let s): return "deleteSections(\(list(s)))"
        case .moveSection(let s, let t): return "moveSection(\(show(s)), beforeSection: \(show(t)))"
        case .moveSectionAfter(let s, let t): return "moveSection(\(show(s)), afterSection: \(show(t)))"
        case .reloadSections(let s): return "reloadSections(\(list(s)))"
        case .appendItems(let i, let s): return "appendItems(\(list(i)), toSection: \(s.map(show) ?? "nil"))"
        case .insertItems(let i, let x): return "insertItems(\(list(i)), beforeItem: \(show(x)))"
        case .insertItemsAfter(let i, let x): return "insertItems(\(list(i)), afterItem: \(show(x)))"
        case .deleteItems(let i): return "deleteItems(\(list(i)))"
        case .moveItem(let i, let x): return "moveItem(\(show(i)), beforeItem: \(show(x)))"
        case .moveItemAfter(let i, let x): return "moveItem(\(show(i)), afterItem: \(show(x)))"
        case .reloadItems(let i): return "reloadItems(\(list(i)))"
        case .reconfigureItems(let i): return "reconfigureItems(\(list(i)))"
        case .deleteAllItems: return "deleteAllItems()"
        case .clearReloadMarks: return "clearReloadMarks()"
        }
    }

    /// Performs the operation on a snapshot.
    func perform(on snapshot: inout Snapshot<AnyHashable, AnyHashable>) throws(SnapshotError) {
        switch self {
        case .appendSections(let s): try snapshot.appendSections(s)
        case .insertSections(let s, let t): try snapshot.insertSections(s, beforeSection: t)
        case .insertSectionsAfter(let s, let t): try snapshot.insertSections(s, afterSection: t)
        case .deleteSections(let s): try snapshot.deleteSections(s)
        case .moveSection(let s, let t): try snapshot.moveSection(s, beforeSection: t)
        case .moveSectionAfter(let s, let t): try snapshot.moveSection(s, afterSection: t)
        case .reloadSections(let s): try snapshot.reloadSections(s)
        case .appendItems(let i, let s): try snapshot.appendItems(i, toSection: s)
        case .insertItems(let i, let x): try snapshot.insertItems(i, beforeItem: x)
        case .insertItemsAfter(let i, let x): try snapshot.insertItems(i, afterItem: x)
        case .deleteItems(let i): try snapshot.deleteItems(i)
        case .moveItem(let i, let x): try snapshot.moveItem(i, beforeItem: x)
        case .moveItemAfter(let i, let x): try snapshot.moveItem(i, afterItem: x)
        case .reloadItems(let i): try snapshot.reloadItems(i)
        case .reconfigureItems(let i): try snapshot.reconfigureItems(i)
        case .deleteAllItems: snapshot.deleteAllItems()
        case .clearReloadMarks: snapshot.clearReloadMarks()
        }
    }

    /// Performs the operation on the model, following the documented rules with `==` searches; returns
    /// the error the snapshot must throw instead (the model is then unchanged).
    ///
    /// Each call checks its arguments in the order they are written (the item or section it is placed
    /// relative to, then the new identifiers from the first), and reports the first that breaks a rule.
    func perform(on model: inout SnapshotModel) -> SnapshotError? {
        func missingSection(_ sections: [AnyHashable]) -> SnapshotError? {
            sections.first { model.sectionIndex(of: $0) == nil }.map { SnapshotError(.sectionNotFound, identifier: $0) }
        }
        func missingItem(_ items: [AnyHashable]) -> SnapshotError? {
            items.first { !model.contains($0) }.map { SnapshotError(.itemNotFound, identifier: $0) }
        }
        func insertSections(_ new: [AnyHashable], at index: Int) -> SnapshotError? {
            if let duplicate = SnapshotModel.firstDuplicate(new, in: model.sections) {
                return SnapshotError(.duplicateSection, identifier: duplicate)
            }
            model.sections.insert(contentsOf: new, at: index)
            model.items.insert(contentsOf: new.map { _ in [] }, at: index)
            return nil
        }
        func insertItems(_ new: [AnyHashable], section: Int, at index: Int) -> SnapshotError? {
            if let duplicate = SnapshotModel.firstDuplicate(new, in: model.allItems) {
                return SnapshotError(.duplicateItem, identifier: duplicate)
            }
            model.items[section].insert(contentsOf: new, at: index)
            return nil
        }
        func insertSections(_ new: [AnyHashable], relativeTo anchor: AnyHashable, after: Bool) -> SnapshotError? {
            if new.contains(where: { $0 == anchor }) {
                return SnapshotError(.sectionRelativeToItself, identifier: anchor)
            }
            guard let index = model.sectionIndex(of: anchor) else {
                return SnapshotError(.sectionNotFound, identifier: anchor)
            }
            return insertSections(new, at: index + (after ? 1 : 0))
        }
        func insertItems(_ new: [AnyHashable], relativeTo anchor: AnyHashable, after: Bool) -> SnapshotError? {
            if new.contains(where: { $0 == anchor }) { return SnapshotError(.itemRelativeToItself, identifier: anchor) }
            guard let place = model.place(of: anchor) else { return SnapshotError(.itemNotFound, identifier: anchor) }
            return insertItems(new, section: place.section, at: place.item + (after ? 1 : 0))
        }
        func moveSection(_ section: AnyHashable, _ anchor: AnyHashable, after: Bool) -> SnapshotError? {
            if section == anchor { return SnapshotError(.sectionRelativeToItself, identifier: section) }
            if let error = missingSection([section, anchor]) { return error }
            let from = model.sectionIndex(of: section)!
            let moving = (model.sections.remove(at: from), model.items.remove(at: from))
            let to = model.sectionIndex(of: anchor)! + (after ? 1 : 0)
            model.sections.insert(moving.0, at: to)
            model.items.insert(moving.1, at: to)
            return nil
        }
        func moveItem(_ item: AnyHashable, _ anchor: AnyHashable, after: Bool) -> SnapshotError? {
            if item == anchor { return SnapshotError(.itemRelativeToItself, identifier: item) }
            if let error = missingItem([item, anchor]) { return error }
            let from = model.place(of: item)!
            let moving = model.items[from.section].remove(at: from.item)
            let to = model.place(of: anchor)!
            model.items[to.section].insert(moving, at: to.item + (after ? 1 : 0))
            return nil
        }
        switch self {
        case .appendSections(let s):
            return insertSections(s, at: model.sections.count)
        case .insertSections(let s, let t):
            return insertSections(s, relativeTo: t, after: false)
        case .insertSectionsAfter(let s, let t):
            return insertSections(s, relativeTo: t, after: true)
        case .deleteSections(let s):
            if let error = missingSection(s) { return error }
            for index in model.sections.indices.reversed() where s.contains(model.sections[index]) {
                model.sections.remove(at: index)
                model.items.remove(at: index)
            }
            model.dropMissingMarks()
            return nil
        case .moveSection(let s, let t): return moveSection(s, t, after: false)
        case .moveSectionAfter(let s, let t): return moveSection(s, t, after: true)
        case .reloadSections(let s):
            if let error = missingSection(s) { return error }
            model.reloadedSections = SnapshotModel.adding(s, to: model.reloadedSections)
            return nil
        case .appendItems(let i, let s):
            let section: Int
            if let s {
                guard let index = model.sectionIndex(of: s) else {
                    return SnapshotError(.sectionNotFound, identifier: s)
                }
                section = index
            } else {
                guard !model.sections.isEmpty else { return SnapshotError(.noSections, identifier: nil) }
                section = model.sections.count - 1
            }
            return insertItems(i, section: section, at: model.items[section].count)
        case .insertItems(let i, let x): return insertItems(i, relativeTo: x, after: false)
        case .insertItemsAfter(let i, let x): return insertItems(i, relativeTo: x, after: true)
        case .deleteItems(let i):
            if let error = missingItem(i) { return error }
            model.items = model.items.map { list in list.filter { item in !i.contains(item) } }
            model.dropMissingMarks()
            return nil
        case .moveItem(let i, let x): return moveItem(i, x, after: false)
        case .moveItemAfter(let i, let x): return moveItem(i, x, after: true)
        case .reloadItems(let i):
            if let error = missingItem(i) { return error }
            model.reloaded = SnapshotModel.adding(i, to: model.reloaded)
            return nil
        case .reconfigureItems(let i):
            if let error = missingItem(i) { return error }
            model.reconfigured = SnapshotModel.adding(i, to: model.reconfigured)
            return nil
        case .deleteAllItems:
            model = SnapshotModel()
            return nil
        case .clearReloadMarks:
            model.reloaded = []
            model.reconfigured = []
            model.reloadedSections = []
            return nil
        }
    }
}
