import DiffableStore

/// Which side of a row a swipe reveals actions on.
public enum SwipeEdge: Hashable, Sendable {
    /// The start of the row (a swipe to the right in left-to-right layouts).
    case leading
    /// The end of the row (a swipe to the left in left-to-right layouts).
    case trailing
}

/// One action a swipe reveals on a row, such as "Delete" or "Archive".
///
/// The action acts on the item the swipe was shown for, even if rows were inserted above it since, and
/// gets its value as it is when the action is tapped: a ``UniversalDataSource`` looks the item up by
/// identity in the snapshot on screen, so a content change of the same item (an `Identifiable` item
/// with the same `id`) while the swipe is open reaches the handler; when the item is gone, the handler
/// is not called and the action declines. Its handler calls `completion(true)` when done, or
/// `completion(false)` to decline (the row springs back); it may call it later, asynchronously.
@MainActor
public struct SwipeAction {
    /// The action's title, which also names it to ``ListHost`` test drivers.
    public var title: String
    /// Whether the action destroys the item (shown in red on iOS).
    public var isDestructive: Bool
    /// Performs the action for an item.
    public let perform:
        @MainActor (_ item: AnyHashable, _ completion: @escaping @MainActor (_ done: Bool) -> Void) -> Void

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - isDestructive: Whether the action destroys the item; `false` by default.
    ///   - perform: Acts on the item the swipe was shown for, as it is now; calls `completion` with
    ///     `true` when done or `false` to decline.
    public init(
        _ title: String,
        isDestructive: Bool = false,
        perform:
            @escaping @MainActor (_ item: AnyHashable, _ completion: @escaping @MainActor (_ done: Bool) -> Void) ->
            Void
    ) {
        self.title = title
        self.isDestructive = isDestructive
        self.perform = perform
    }
}

extension SwipeAction {
    /// Creates an action whose handler gets the item typed, as the registration that offers it.
    ///
    /// ```swift
    /// SwipeActionsPlugin().trailing(Mail.self) { mail in
    ///     [SwipeAction("Archive", for: Mail.self) { mail, done in archive(mail); done(true) }]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - isDestructive: Whether the action destroys the item; `false` by default.
    ///   - type: The item type the action is offered for.
    ///   - perform: Acts on the item the swipe was shown for, as it is now, typed; calls `completion`
    ///     with `true` when done or `false` to decline. An item of another type declines without
    ///     calling it.
    public init<Item>(
        _ title: String,
        isDestructive: Bool = false,
        for type: Item.Type,
        perform: @escaping @MainActor (_ item: Item, _ completion: @escaping @MainActor (_ done: Bool) -> Void) -> Void
    ) {
        self.init(title, isDestructive: isDestructive) { item, completion in
            guard let typed = item.base as? Item else { return completion(false) }
            perform(typed, completion)
        }
    }
}

/// The actions a swipe on one edge of a row reveals.
@MainActor
public struct SwipeActionsConfiguration {
    /// The actions, nearest the edge first.
    public var actions: [SwipeAction]
    /// Whether a full swipe performs the first action.
    public var performsFirstActionWithFullSwipe: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - actions: The actions, nearest the edge first.
    ///   - performsFirstActionWithFullSwipe: Whether a full swipe performs the first action; `true` by default.
    public init(actions: [SwipeAction], performsFirstActionWithFullSwipe: Bool = true) {
        self.actions = actions
        self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    }
}
