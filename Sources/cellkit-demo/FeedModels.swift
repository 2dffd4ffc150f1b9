// The feed's view models: plain values, one type per kind of row. Each is `Identifiable`, so when its
// content changes under the same id the diff reports a reconfigure and its cell is updated in place.

import CellKit

/// A section of the feed; its header shows the title and its footer the tagline.
struct FeedSection: Hashable, Sendable, CustomStringConvertible {
    var id: String
    var title: String
    var tagline: String
    /// The title of the card the section's items are drawn in, with a separator between rows (on a screen
    /// that registers cards, as `--interactive` does); `nil` for none.
    var card: String? = nil
    /// How the section lays out its items: rows (the default), a grid or a carousel.
    var layout = SectionLayout.list

    var description: String { id }
}

/// A wide card with a title, a subtitle and a like count.
struct Tile: Hashable, Identifiable, Sendable, CustomStringConvertible {
    var id: Int
    var title: String
    var subtitle: String
    var likes: Int

    var description: String { "Tile(\(id))" }
}

/// A one-line row.
struct Row: Hashable, Identifiable, Sendable, CustomStringConvertible {
    var id: Int
    var text: String

    var description: String { "Row(\(id))" }
}

/// A notice with a severity.
struct Alert: Hashable, Identifiable, Sendable, CustomStringConvertible {
    enum Level: String, Hashable, Sendable {
        case info
        case warning
    }

    var id: Int
    var level: Level
    var message: String

    var description: String { "Alert(\(id))" }
}

/// A poll: a view model type the feed has no registration for, so the story can show the error.
struct Poll: Hashable, Identifiable, Sendable, CustomStringConvertible {
    var id: Int
    var question: String

    var description: String { "Poll(\(id))" }
}

/// A folder row of the `--interactive` feed: selecting it shows or hides its rows (``FoldingPlugin``).
///
/// The value never changes (its rows are the session's to look up by ``id``), because the plugin keeps
/// the folded state by the item's value: a folder whose content changed would be a new, folded item.
struct Folder: Hashable, Identifiable, Sendable, CustomStringConvertible {
    var id: Int
    var title: String

    var description: String { "Folder(\(id))" }
}

/// A person the "Suggested" block proposes to follow (``SuggestedBlock`` owns these rows).
struct Suggestion: Hashable, Identifiable, Sendable, CustomStringConvertible {
    var id: Int
    var name: String
    var reason: String

    var description: String { "Suggestion(\(id))" }
}

/// An item of the "Groups" outline: a group, or a topic inside one (``GroupsOutline`` holds the tree).
struct GroupNode: Hashable, Identifiable, Sendable, CustomStringConvertible {
    var id: Int
    var title: String

    var description: String { "GroupNode(\(id))" }
}
