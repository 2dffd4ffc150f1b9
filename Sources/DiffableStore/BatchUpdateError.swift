/// Why a list view refused a batch of updates: the rules UIKit enforces in `performBatchUpdates`.
///
/// The message is as specific as UIKit's "Invalid update: invalid number of items in section 0 ..."
/// exception, and names the section, index path and counts involved.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules a batch of updates must keep.
    public enum Rule: String, Hashable, Sendable {
        /// Sections after the batch must equal sections before, minus deleted, plus inserted.
        case invalidNumberOfSections
        /// Items in a surviving section after the batch must equal items before, minus deleted, plus
        /// inserted, plus moved in, minus moved out.
        case invalidNumberOfItems
        /// An index or index path is outside its coordinate space (old for deletes, reloads and move
        /// sources; new for inserts and move destinations).
        case indexOutOfRange
        /// The same index is deleted twice, moved twice, or both deleted and moved.
        case conflictingSources
        /// Two inserts or moves target the same index, or an insert and a move do.
        case conflictingDestinations
        /// A reload of an index that is also deleted or moved.
        case reloadOfDeletedOrMoved
        /// A reload in a section that a move leaves or enters in the same batch.
        case reloadInSectionWithMoves
        /// A move out of a deleted section or into an inserted section.
        case moveAcrossDeletedOrInsertedSection
        /// Item inserts into a section that is inserted or reloaded in the same batch.
        case itemChangeInInsertedSection
    }

    /// The rule that was broken.
    public let rule: Rule
    /// What exactly was wrong, naming sections, index paths and counts.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - rule: The rule that was broken.
    ///   - message: What exactly was wrong.
    public init(_ rule: Rule, _ message: String) {
        self.rule = rule
        self.message = message
    }

    /// `"Invalid update: "` followed by the message.
    public var description: String { "Invalid update: \(message)" }
}
