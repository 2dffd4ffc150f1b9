import DiffableStore

/// The "Groups" section of the `--interactive` feed: a tree of groups and their topics that the data
/// source shows as an outline (`apply(_:to:)`); Enter on a group expands or collapses it (`toggle(_:)`).
///
/// The tree is fixed; what is expanded is the data source's to remember.
enum GroupsOutline {
    static let section = FeedSection(id: "groups", title: "Groups", tagline: "Enter opens or closes a group")

    static let running = GroupNode(id: 500, title: "Running club")
    static let track = GroupNode(id: 502, title: "Track Tuesdays")
    static let books = GroupNode(id: 510, title: "Book club")
    static let photos = GroupNode(id: 520, title: "Photo walks")

    /// The roots, in order.
    static let roots = [running, books, photos]

    /// Each group's topics, in order (a topic may be a group of its own: Track Tuesdays).
    private static let children: [GroupNode: [GroupNode]] = [
        running: [GroupNode(id: 501, title: "Saturday long run"), track],
        track: [GroupNode(id: 503, title: "Interval plans"), GroupNode(id: 504, title: "Spikes for sale")],
        books: [GroupNode(id: 511, title: "Chapter 7 discussion"), GroupNode(id: 512, title: "Vote: next book")],
        photos: [GroupNode(id: 521, title: "Challenge: bridges")],
    ]

    /// A group's topics; none for a topic.
    ///
    /// - Complexity: Expected O(1).
    static func children(of node: GroupNode) -> [GroupNode] {
        children[node] ?? []
    }

    /// The tree as a section snapshot, everything collapsed.
    static func snapshot() throws -> SectionSnapshot<AnyHashable> {
        var outline = SectionSnapshot<AnyHashable>()
        try outline.append(roots.map(AnyHashable.init))
        var parents = roots
        while let parent = parents.first {
            parents.removeFirst()
            let topics = children(of: parent)
            guard !topics.isEmpty else { continue }
            try outline.append(topics.map(AnyHashable.init), to: AnyHashable(parent))
            parents += topics
        }
        return outline
    }
}
