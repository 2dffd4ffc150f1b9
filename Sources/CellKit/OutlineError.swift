import DiffableStore

/// Why a data source refused to show a section snapshot, or to expand or collapse an item.
///
/// Every case leaves the data source, its outlines and its host exactly as they were. Values are named
/// as `String(reflecting:)` shows them, so the error is `Sendable` whatever the item type.
/// The description names a type declared in a function or `private` as it is written (`MyApp.Poll`),
/// without the `(unknown context at $…)` that `String(reflecting:)` puts in its name.
///
/// ```swift
/// do { try dataSource.apply(outline, to: .files) } catch { print(error) }
/// // Prints "item MyApp.File(name: "notes.txt") is in section MyApp.Section.recent already: an item may be in one section only"
/// ```
public enum OutlineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The section snapshot was applied to a section the data source does not have. Apply a snapshot
    /// with the section first.
    case sectionNotFound(section: String)

    /// The item to expand or collapse is in no outline section.
    case itemNotFound(item: String)

    /// An item of the section snapshot (shown or hidden) is in another section already.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - section: The section that holds it.
    case duplicateItem(item: String, section: String)

    /// An attached `FoldingPlugin` folds an item of the section snapshot, or shows it as a folded
    /// child: the plugin and the outline would both insert and remove that item's rows. Use one of them
    /// per section (make the plugin's `children` closure return `nil` for the outline's items).
    ///
    /// - Parameters:
    ///   - section: The section the section snapshot was applied to.
    ///   - item: The item both would manage.
    case foldingConflict(section: String, item: String)

    /// The children that ``SectionSnapshotHandlers/snapshotForExpandingParent`` supplied could not be
    /// placed under the parent (one of them is elsewhere in the outline).
    case sectionSnapshot(SectionSnapshotError)

    /// The data source refused the resulting snapshot (an item type with no registration, a batch the
    /// host rejected, an apply from a configuration closure).
    case dataSource(DataSourceError)

    /// A sentence naming the value and the rule it broke.
    public var description: String { readableTypeNames(sentence) }

    /// The sentence, with types named as `String(reflecting:)` names them.
    private var sentence: String {
        switch self {
        case let .sectionNotFound(section):
            "section \(section) is not in the data source: apply a snapshot with it before its section snapshot"
        case let .itemNotFound(item):
            "item \(item) is in no outline section"
        case let .duplicateItem(item, section):
            "item \(item) is in section \(section) already: an item may be in one section only"
        case let .foldingConflict(section, item):
            "item \(item) of outline section \(section) is folded by a FoldingPlugin: use an outline or the plugin for a section, not both"
        case let .sectionSnapshot(error):
            "\(error)"
        case let .dataSource(error):
            "\(error)"
        }
    }
}
