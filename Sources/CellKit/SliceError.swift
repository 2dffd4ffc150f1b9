import DiffableStore

/// Why a ``ListSlice`` (or ``UniversalDataSource/makeSlice(in:range:)``) refused a request.
///
/// Every case leaves the data source, its host and every slice exactly as they were. Values are named
/// as `String(reflecting:)` shows them, so the error is `Sendable` whatever the section type.
/// The description names a type declared in a function or `private` as it is written (`MyApp.Poll`),
/// without the `(unknown context at $…)` that `String(reflecting:)` puts in its name.
///
/// ```swift
/// do { try slice.delete(at: 7) } catch { print(error) }
/// // Prints "local index 7 is not in 0..<3, the indexes of the slice this edit accepts"
/// ```
public enum SliceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A local index outside the slice: items are read, deleted, moved and reconfigured at
    /// `0..<count`, and inserted at `0...count` (`valid` is then `0..<count + 1`).
    ///
    /// - Parameters:
    ///   - index: The local index given.
    ///   - valid: The local indexes the edit accepts.
    case indexOutOfRange(index: Int, valid: Range<Int>)

    /// A slice was asked for positions its section does not have.
    ///
    /// - Parameters:
    ///   - range: The range asked for.
    ///   - section: The section.
    ///   - itemCount: How many items the section has: a range must lie within `0...itemCount`.
    case rangeOutOfBounds(range: Range<Int>, section: String, itemCount: Int)

    /// A slice was asked for in a section the snapshot does not have.
    case sectionNotFound(section: String)

    /// A slice was asked for positions that another live slice of the section owns.
    ///
    /// - Parameters:
    ///   - range: The range asked for.
    ///   - existing: The range of the slice it overlaps.
    ///   - section: The section.
    case overlaps(range: Range<Int>, existing: Range<Int>, section: String)

    /// The slice no longer belongs to its data source (see ``DetachReason``); every later read or edit
    /// through it throws this. A detached slice never attaches again.
    case detached(DetachReason)

    /// The snapshot refused the edit, for example an inserted item that is in the snapshot already.
    case snapshot(SnapshotError)

    /// The data source refused the edit, for example an inserted item whose type has no registration.
    case dataSource(DataSourceError)

    /// Why a slice was detached.
    public enum DetachReason: Hashable, Sendable, CustomStringConvertible {
        /// An apply removed the slice's section.
        case sectionDeleted(section: String)
        /// An apply reloaded the slice's section (`reloadSections`): its content was replaced as a whole.
        case sectionReloaded(section: String)
        /// The data source was released.
        case dataSourceReleased
        /// The slice was made during edits that did not happen: a ``UniversalDataSource/performSliceEdits(_:)``
        /// body that threw, or an update the host rejected.
        case creationUndone

        /// A sentence saying what happened.
        public var description: String {
            switch self {
            case .sectionDeleted(let section): "its section \(section) was deleted"
            case .sectionReloaded(let section): "its section \(section) was reloaded"
            case .dataSourceReleased: "its data source was released"
            case .creationUndone: "the edits it was made in were undone"
            }
        }
    }

    /// A sentence naming the value and the rule it broke.
    public var description: String { readableTypeNames(sentence) }

    /// The sentence, with types named as `String(reflecting:)` names them.
    private var sentence: String {
        switch self {
        case let .indexOutOfRange(index, valid):
            "local index \(index) is not in \(valid.lowerBound)..<\(valid.upperBound), the indexes of the slice this edit accepts"
        case let .rangeOutOfBounds(range, section, itemCount):
            "slice range \(range.lowerBound)..<\(range.upperBound) is outside section \(section), which has \(itemCount) items"
        case let .sectionNotFound(section):
            "section \(section) is not in the snapshot"
        case let .overlaps(range, existing, section):
            "slice range \(range.lowerBound)..<\(range.upperBound) overlaps the slice at \(existing.lowerBound)..<\(existing.upperBound) in section \(section); slices must not overlap"
        case let .detached(reason):
            "the slice is detached: \(reason)"
        case let .snapshot(error):
            error.description
        case let .dataSource(error):
            error.description
        }
    }
}
