import CellKit

/// The "Suggested for you" block of the `--interactive` feed: a part of the screen that owns a run of rows
/// through a ``ListSlice`` and edits them with local indexes, as if it had a list of its own.
///
/// The session lays the feed out and gives the block its slice: the run after the section's intro, which
/// stays the session's. The block shows ``shownAtOnce`` suggestions from its queue; ``dismissFirst()``
/// takes the first one away and brings the next one in, in one batch, without knowing where its rows are
/// in the feed, and nothing outside them moves.
@MainActor
final class SuggestedBlock {
    static let section = FeedSection(
        id: "suggested", title: "Suggested for you", tagline: "s: not now, show another", card: "People you may know")
    /// The first row of the section, before the block's: the session's, not the block's.
    static let intro = Alert(id: 3, level: .info, message: "From your contacts and groups")

    /// Every suggestion, in the order they are offered.
    static let suggestions = [
        Suggestion(id: 600, name: "Dana Okafor", reason: "12 friends in common"),
        Suggestion(id: 601, name: "Eli Park", reason: "in your running club"),
        Suggestion(id: 602, name: "Fay Nguyen", reason: "liked your photo"),
        Suggestion(id: 603, name: "Gil Moreau", reason: "new in town"),
        Suggestion(id: 604, name: "Hana Sato", reason: "follows Ana"),
    ]

    /// How many suggestions show at a time.
    static let shownAtOnce = 2

    /// The block's run of rows, read and edited by local index only.
    let slice: ListSlice<FeedSection>
    /// The suggestions not shown yet, the next one first.
    private(set) var waiting: [Suggestion]

    /// Makes the block on its slice and fills the slice with the first suggestions (without animation
    /// while the data source is not on screen yet).
    ///
    /// - Parameter slice: The block's run of rows, empty: where they go.
    /// - Throws: What the slice's `setItems(_:)` throws.
    init(slice: ListSlice<FeedSection>) throws(SliceError) {
        self.slice = slice
        waiting = Array(Self.suggestions.dropFirst(Self.shownAtOnce))
        try slice.setItems(Self.suggestions.prefix(Self.shownAtOnce).map(AnyHashable.init))
    }

    /// The suggestions shown, in order, read through the slice.
    var shown: [Suggestion] {
        ((try? slice.items) ?? []).compactMap { $0.base as? Suggestion }
    }

    /// Whether an item is one of the block's rows.
    ///
    /// - Complexity: Expected O(1), plus O(log s) for *s* sections.
    func owns(_ item: AnyHashable) -> Bool {
        ((try? slice.localIndex(of: item)) ?? nil) != nil
    }

    /// Takes the first suggestion away and brings the next waiting one in at the end, as one batch: a
    /// delete at local index 0 and an append.
    ///
    /// - Returns: The suggestion dismissed and the one brought in (`nil` when none was waiting), or `nil`
    ///   when the block shows none.
    /// - Throws: What the slice's edits throw; nothing changes then.
    func dismissFirst() throws -> (dismissed: Suggestion, next: Suggestion?)? {
        guard let first = slice[0]?.base as? Suggestion else { return nil }
        let next = waiting.first
        try slice.batch {
            try slice.delete(at: 0)
            if let next { try slice.append([next]) }
        }
        if next != nil { waiting.removeFirst() }
        return (first, next)
    }
}
