import CellKit

/// The events a ``TextListView`` owes its delegate, and the nesting of the public operations that make
/// them: events are delivered when the outermost operation ends, so the delegate always sees a
/// consistent list and may call back into it.
struct EventQueue {
    /// How many public operations are running, nested.
    private(set) var depth = 0
    /// The first visible line when the outermost running operation began.
    var lineBefore = 0
    /// Events not delivered yet, oldest first.
    private(set) var pending: [ListHostEvent] = []

    /// Enters an operation; `true` when it is the outermost one.
    mutating func enter() -> Bool {
        depth += 1
        return depth == 1
    }

    /// Leaves an operation; `true` when it was the outermost one, and events are due.
    mutating func leave() -> Bool {
        depth -= 1
        return depth == 0
    }

    /// Queues an event.
    mutating func append(_ event: ListHostEvent) { pending.append(event) }

    /// Queues an event, if there is one.
    mutating func append(_ event: ListHostEvent?) {
        if let event { pending.append(event) }
    }

    /// Takes every pending event, oldest first.
    mutating func takeAll() -> [ListHostEvent] {
        defer { pending = [] }
        return pending
    }
}
