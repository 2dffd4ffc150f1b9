import DiffableStore

/// Why ``UniversalDataSource/apply(_:animatingDifferences:)-1d0a7`` refused a snapshot.
///
/// Every case leaves the data source and its host exactly as they were: the host keeps showing the
/// previous snapshot. Values are named as `String(reflecting:)` shows them, so the error is `Sendable`
/// whatever the item type.
/// The description names a type declared in a function or `private` as it is written (`MyApp.Poll`),
/// without the `(unknown context at $…)` that `String(reflecting:)` puts in its name.
///
/// ```swift
/// do { try dataSource.apply(snapshot) } catch { print(error) }
/// // Prints "no cell registration for item Ad(id: 7) of type MyApp.Ad at 0.3; registered item types: MyApp.Tile, MyApp.Alert"
/// ```
public enum DataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No cell registration serves an item's type (neither an exact registration nor a protocol or
    /// superclass one), or the cell factory registered for its type maps its value to no cell.
    ///
    /// - Parameters:
    ///   - item: The item (its representation, when the data source has an item representation).
    ///   - itemType: The item's dynamic type, the one that selects a registration.
    ///   - indexPath: Where the item is in the snapshot.
    ///   - registeredTypes: The item types with a cell registration, in registration order.
    case noCellRegistration(item: String, itemType: String, indexPath: ListIndexPath, registeredTypes: [String])

    /// An item's type needs a feature (``FeatureDependentItem``) that no attached plugin provides.
    ///
    /// - Parameters:
    ///   - item: The item (its representation, when the data source has an item representation).
    ///   - itemType: The item's dynamic type.
    ///   - feature: The feature's name.
    ///   - indexPath: Where the item is in the snapshot.
    case missingFeature(item: String, itemType: String, feature: String, indexPath: ListIndexPath)

    /// The host rejected a batch of updates; the data source restored the previous snapshot (and, if
    /// an earlier stage had been performed, reloaded the host so that it shows it again).
    case hostRejectedUpdate(BatchUpdateError)

    /// `apply` was called from a configuration closure: while the data source was configuring a view
    /// for the host, during an apply's batch or outside any apply (while the host renders or scrolls).
    /// A configuration closure configures its view and never changes the list: the host is in the
    /// middle of laying out rows, and a closure that applied on every configuration would never end.
    /// Change the list from an event handler instead (``UniversalDataSource/onEvent``'s
    /// ``ListHostEvent/willDisplay(_:at:)`` says a row is about to show): an apply from there is
    /// queued. An apply made *during* another apply from an event handler is not an error.
    case applyWhileConfiguringView

    /// The snapshot changes the items of an outline section (one a ``/DiffableStore/SectionSnapshot`` was
    /// applied to). Its items change through ``UniversalDataSource/apply(_:to:animatingDifferences:)``,
    /// ``UniversalDataSource/expand(_:animatingDifferences:)`` and
    /// ``UniversalDataSource/collapse(_:animatingDifferences:)``; a whole snapshot may leave them as they
    /// are, or leave the section empty (the data source fills in its visible items), or delete it.
    ///
    /// - Parameter section: The outline section.
    case outlineSectionChanged(section: String)

    /// The snapshot puts into another section an item that an outline section holds (shown, or hidden
    /// under a collapsed parent): an item is in one section only.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - section: The outline section that holds it.
    case itemInOutline(item: String, section: String)

    /// Two `Identifiable` items of one type share an `id` but differ in content. The diff matches such
    /// items by `id` (same type and `id`: the same row, with new content), so a snapshot holding both
    /// would show two rows that the next apply cannot tell apart.
    ///
    /// - Parameters:
    ///   - id: The shared `id`.
    ///   - itemType: The items' type.
    ///   - first: The first of the two items, in snapshot order.
    ///   - firstIndexPath: Where it is.
    ///   - second: The other item.
    ///   - secondIndexPath: Where it is.
    case duplicateID(
        id: String, itemType: String, first: String, firstIndexPath: ListIndexPath, second: String,
        secondIndexPath: ListIndexPath)

    /// The snapshot holds an item identifier twice: appends do not check for duplicates (see
    /// ``/DiffableStore/Snapshot/appendItems(_:toSection:)``), so the apply checks them first.
    ///
    /// - Parameter error: The snapshot's error: ``/DiffableStore/SnapshotError/Rule/duplicateItem``,
    ///   naming the item and the section it was appended to.
    case invalidSnapshot(SnapshotError)

    /// A sentence naming the value and the rule it broke.
    public var description: String { readableTypeNames(sentence) }

    /// Another ``UniversalDataSource`` was made for this data source's host and took it over: a host has
    /// one data source, the one made last, and it alone may change what the host shows. Nothing of this
    /// data source or of the host changed; keep one data source per host (or make a host for each).
    ///
    /// - Parameter host: The type of the host.
    case hostTakenOver(host: String)

    /// An apply queued after `applies` others in one update, before the list settled: event handlers (or
    /// plugins) that apply on every event their own applies cause, a loop that would never end. This apply
    /// is refused (the first one refused is also told to ``UniversalDataSource/onApplyError``, since such a
    /// handler rarely has a caller to throw to); the queue drains and the list shows the last apply
    /// performed.
    ///
    /// - Parameter applies: The applies performed in the update so far.
    case applyLoop(applies: Int)

    /// The sentence, with types named as `String(reflecting:)` names them.
    private var sentence: String {
        switch self {
        case let .noCellRegistration(item, itemType, indexPath, registeredTypes):
            if registeredTypes.contains(itemType) {
                // Its type is registered: a cell factory that maps this value to no cell.
                return "no cell registration for item \(item) of type \(itemType) at \(indexPath); "
                    + "the cell factory for \(itemType) chooses no cell for it"
            }
            let registered = registeredTypes.isEmpty ? "none" : registeredTypes.joined(separator: ", ")
            return
                "no cell registration for item \(item) of type \(itemType) at \(indexPath); registered item types: \(registered)"
        case let .missingFeature(item, itemType, feature, indexPath):
            return
                "item \(item) of type \(itemType) at \(indexPath) needs a plugin that provides \(feature); none is attached"
        case let .hostRejectedUpdate(error):
            return "the host rejected the update: \(error)"
        case .applyWhileConfiguringView:
            return "apply was called from a configuration closure, which configures its view and never changes "
                + "the list; apply from an event handler (onEvent's willDisplay) or after the host callback returns"
        case let .outlineSectionChanged(section):
            return
                "section \(section) is an outline: change its items with a section snapshot (apply(_:to:)), expand or collapse; a whole snapshot may keep them as they are, leave the section empty or delete it"
        case let .duplicateID(id, itemType, first, firstIndexPath, second, secondIndexPath):
            return "items \(first) at \(firstIndexPath) and \(second) at \(secondIndexPath) of type \(itemType) "
                + "share the id \(id): Identifiable items of one type need distinct ids (the diff matches them by id)"
        case let .itemInOutline(item, section):
            return "item \(item) is in outline section \(section) (shown or hidden): an item may be in one section only"
        case let .applyLoop(applies):
            return "apply was called after \(applies) applies in one update, before the list settled: a handler "
                + "applies on every event its own apply causes (a loop); this apply was refused"
        case let .invalidSnapshot(error):
            return "the snapshot cannot be shown: \(error)"
        case let .hostTakenOver(host):
            return "a second UniversalDataSource was made for host \(host) and took it over; this one no longer "
                + "drives it: a host has one data source (the one made last), so keep one per host"
        }
    }
}

/// `text` with its type names as the types' declarations read: `String(reflecting:)` names a type declared
/// in a function, a closure, or `private` at file scope with a context it cannot name,
/// `MyApp.(unknown context at $10a4c8).Row`, and a type declared in an extension of another module's type
/// with the extension's module, `(extension in MyApp):Swift.Array<MyApp.Row>.Page`; these read `MyApp.Row`
/// and `Swift.Array<MyApp.Row>.Page`. The errors' descriptions name types this way.
///
/// - Complexity: O(n) in the length of `text`.
func readableTypeNames(_ text: String) -> String {
    let unknownContext = Array("(unknown context at $".utf8)
    let extensionIn = Array("(extension in ".utf8)
    let bytes = Array(text.utf8)
    func starts(with prefix: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "("), let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) {
            let after = close + 1
            if starts(with: unknownContext, at: index), after < bytes.count, bytes[after] == UInt8(ascii: ".") {
                index = after + 1  // `(unknown context at $…).` names no scope a user can write
                continue
            }
            if starts(with: extensionIn, at: index), after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                index = after + 1  // `(extension in M):` names the module of an extension, not the type
                continue
            }
        }
        result.append(bytes[index])
        index += 1
    }
    return String(decoding: result, as: UTF8.self)
}
