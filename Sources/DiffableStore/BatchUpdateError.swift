/// Why a list view refused a batch of updates: the rules UIKit enforces in `performBatchUpdates`.
///
/// The message is as specific as UIKit's "Invalid update: invalid number of items in section 0 ..."
/// exception, and names the section, index path and counts involved.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules a batch of updates must keep.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
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
        /// A move out of a section that is deleted or reloaded, or into a section that is inserted or
        /// reloaded, in the same batch.
        case moveAcrossDeletedOrInsertedSection
        /// Item inserts into a section that is inserted or reloaded in the same batch (the section
        /// already takes all of its items from the data source).
        case itemChangeInInsertedSection
        /// An item delete, reload or reconfigure in a section that is deleted or reloaded in the same
        /// batch (the section's old items are already gone).
        case itemChangeInDeletedSection
        /// Replaying a batch on a snapshot would hold an identifier twice: the batch keeps an item or
        /// section that the target snapshot also inserts.
        case duplicateIdentifier
        /// A row or section the caller supplies for an insert or reload does not exist (a target
        /// snapshot that does not match the batch).
        case missingTargetValue
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
