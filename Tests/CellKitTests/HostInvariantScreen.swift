import CellKit
import DiffableStore
import HostHarness

// Fixtures of the composition tests on every host: label styles, and the render invariant's screen,
// written against `HostHarness`.

/// Strings as they are, by a `ConfigurableView` (as `NameTextCell` shows them).
enum NameLabel: LabelStyle {
    static func text(_ name: String) -> String { name }
}

/// Numbers as `#<n>`, by a `ConfigurableView` (which does not read its context).
enum NumberLabel: LabelStyle {
    static func text(_ number: Int) -> String { "#\(number)" }
}

/// `Int8`s as `i8 <n>`: `Int8(-3)` is the identifier `-3` under `AnyHashable`, shown in a cell of its own.
enum SmallNumberLabel: LabelStyle {
    static func text(_ number: Int8) -> String { "i8 \(number)" }
}

/// The render invariant's screen on any host: cards that read their position (one or two lines), notes that read
/// it, rows shown through content configurations, numbers and their `Int8` twins, headers and footers.
@MainActor
struct HostInvariantScreen {
    let harness: any HostHarness
    let dataSource: UniversalDataSource<Int>

    /// A screen on a host of `kind`; the text host estimates rows it has not measured at 2 lines.
    init(_ kind: HostKind, width: Int = 24, height: Int = 9) throws {
        harness = kind.make(width: width, height: height, estimatedRowHeight: 2)
        dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: InvariantCard.self) { context, card in
            let edge = cardEdge(context.position)
            let mark = context.state.isSelected ? "*" : ""
            return card.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "\(edge) c\(card.id)\(mark) \($0)" }.joined(separator: "\n")
        }
        harness.registerLabel(dataSource, for: InvariantNote.self) { context, note in
            "note \(note.id) (\(context.position))" + (context.state.isSelected ? " sel" : "")
                + (context.state.isHighlighted ? " down" : "") + (context.state.isDisabled ? " off" : "")
                + (context.state.isEditing ? " edit" : "")
        }
        harness.registerContentRow(dataSource, for: InvariantContent.self) { content, state in
            "content \(content.id)" + (state.isSelected ? " ✓" : "")
        } marked: { _, state in
            state.isHighlighted
        }
        harness.registerLabelType(dataSource, NumberLabel.self)
        harness.registerLabelType(dataSource, SmallNumberLabel.self)
        try harness.registerLabel(dataSource, kind: .header) { _, section in "== S\(section) ==" }
        try harness.registerLabel(dataSource, kind: .footer) { _, section in "-- end S\(section) --" }
    }
}
