/// The events a host owes its delegate, and the nesting of the host's operations that make them: a
/// host delivers its events when the outermost operation ends, so the delegate always sees a consistent
/// list and may call back into it.
///
/// The text-render host and both UIKit hosts keep one each:
///
/// ```swift
/// func transaction<T>(_ body: () -> T) -> T {
///     events.enter()
///     defer { if events.leave() { delegate?.host(self, didReceive: events.takeAll()) } }
///     return body()
/// }
/// ```
///
/// - Complexity: Every operation is O(1) (amortized for appends), except ``takeAll()``, which is O(1)
///   for the queue and hands over its storage.
@_spi(ListHost)
public struct ListHostEventQueue {
    /// How many of the host's operations are running, nested.
    public private(set) var depth = 0
    /// Events not delivered yet, oldest first.
    @usableFromInline var pending: [ListHostEvent] = []

    /// An empty queue, outside any operation.
    public init() {}

    /// Whether one of the host's operations is running.
    public var isInOperation: Bool { depth > 0 }

    /// Whether no event is waiting.
    @inlinable public var isEmpty: Bool { pending.isEmpty }

    /// Enters an operation.
    ///
    /// - Returns: `true` when it is the outermost one.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func enter() -> Bool {
        depth += 1
        return depth == 1
    }

    /// Leaves an operation.
    ///
    /// - Returns: `true` when it was the outermost one, and the events are due.
    /// - Complexity: O(1).
    public mutating func leave() -> Bool {
        assert(depth > 0, "An operation left that was not entered")
        depth -= 1
        return depth == 0
    }

    /// Queues an event.
    ///
    /// - Parameter event: What happened.
    /// - Complexity: Amortized O(1).
    @inlinable
    public mutating func append(_ event: ListHostEvent) { pending.append(event) }

    /// Queues an event, if there is one.
    ///
    /// - Parameter event: What happened, or `nil` for nothing.
    /// - Complexity: Amortized O(1).
    @inlinable
    public mutating func append(_ event: ListHostEvent?) {
        if let event { pending.append(event) }
    }

    /// Takes every pending event, oldest first, and leaves the queue empty.
    ///
    /// - Returns: The events, oldest first.
    /// - Complexity: O(1).
    public mutating func takeAll() -> [ListHostEvent] {
        defer { pending = [] }
        return pending
    }
}
