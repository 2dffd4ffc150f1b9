/// The difference between two snapshots as batches of updates a list view can animate safely.
///
/// Most changes fit one batch. When one batch cannot express a change safely, the changeset holds
/// several stages; each stage is one batch, and the data source reports the stage's
/// ``Stage/snapshot`` while and after that batch is performed. Beyond the rules UIKit enforces
/// (``BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)``), every stage keeps these:
/// - no item is reloaded or reconfigured in a batch that moves it;
/// - no item is reloaded or reconfigured in a section that an item move leaves or enters in the batch;
/// - no item is reloaded or reconfigured in a batch that moves a section;
/// - no item is inserted, deleted or moved inside a section that the batch moves.
///
/// Staging never changes what happens to an item: an item that one batch would insert is inserted,
/// and an item that one batch would keep (and move, or update) is kept, whatever the stages.
///
/// ```swift
/// let changeset = Changeset(from: old, to: new)
/// for stage in changeset.stages {
///     listView.performBatchUpdates(stage.batch) { dataSource.current = stage.snapshot }
/// }
/// ```
public struct Changeset<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// One batch of updates and the state the list shows once it is performed.
    public struct Stage {
        /// The batch, in the coordinates of the previous stage's snapshot (old) and of ``snapshot`` (new).
        public var batch: BatchUpdate
        /// The state after the batch: what the data source reports for it.
        public var snapshot: Snapshot<SectionIdentifier, ItemIdentifier>

        /// Creates a stage.
        ///
        /// - Parameters:
        ///   - batch: The batch of updates.
        ///   - snapshot: The state after it.
        public init(batch: BatchUpdate, snapshot: Snapshot<SectionIdentifier, ItemIdentifier>) {
            self.batch = batch
            self.snapshot = snapshot
        }
    }

    /// The batches in order; empty when the snapshots hold the same content and nothing was marked.
    public var stages: [Stage]

    /// Creates a changeset from stages.
    ///
    /// - Parameter stages: The batches in order.
    public init(stages: [Stage]) {
        self.stages = stages
    }

    /// Whether there is nothing to perform.
    public var isEmpty: Bool { stages.isEmpty }

    /// What the changeset does to items and sections, counted once per identifier.
    public var summary: Summary { Summary(stages.map(\.batch)) }

    /// Counts of changes, for logs and benchmarks.
    public struct Summary: Hashable, Sendable, CustomStringConvertible {
        /// Items deleted.
        public var deletedItems = 0
        /// Items inserted.
        public var insertedItems = 0
        /// Items moved.
        public var movedItems = 0
        /// Items updated: reloaded or reconfigured.
        public var updatedItems = 0
        /// Sections deleted.
        public var deletedSections = 0
        /// Sections inserted.
        public var insertedSections = 0
        /// Sections moved.
        public var movedSections = 0
        /// Sections reloaded.
        public var reloadedSections = 0

        init(_ batches: [BatchUpdate]) {
            for batch in batches {
                deletedItems += batch.deletedItems.count
                insertedItems += batch.insertedItems.count
                movedItems += batch.movedItems.count
                updatedItems += batch.reloadedItems.count + batch.reconfiguredItems.count
                deletedSections += batch.deletedSections.count
                insertedSections += batch.insertedSections.count
                movedSections += batch.movedSections.count
                reloadedSections += batch.reloadedSections.count
            }
        }

        /// `"3 deletes, 1 insert, 1 move, 2 updates"`, with sections when there are any.
        public var description: String {
            func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
            var parts = [
                count(deletedItems, "delete"), count(insertedItems, "insert"),
                count(movedItems, "move"), count(updatedItems, "update"),
            ]
            if deletedSections + insertedSections + movedSections + reloadedSections > 0 {
                parts.append(count(deletedSections, "section delete"))
                parts.append(count(insertedSections, "section insert"))
                parts.append(count(movedSections, "section move"))
                parts.append(count(reloadedSections, "section reload"))
            }
            return parts.joined(separator: ", ")
        }
    }
}

extension Changeset.Stage: Equatable {}
extension Changeset.Stage: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
extension Changeset: Equatable {}
extension Changeset: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
