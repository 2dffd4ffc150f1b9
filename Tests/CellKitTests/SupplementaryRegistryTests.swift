@_spi(ListHost) @_spi(Testing) @testable import CellKit
import CellKitText
import DiffableStore
import HostHarness
import Testing

// The registry as the one composite supplementary provider: one registration per kind, each view class
// registered with the host once, and an unknown kind answered with nil and a diagnostic.

/// A host that counts the factories registered with it, by kind and reuse identifier.
@MainActor
final class RegistrationCountingHost: ListHost {
    weak var dataSource: (any ListHostDataSource)?
    weak var delegate: (any ListHostDelegate)?
    var supplementaryRegistrations: [String] = []
    var cellRegistrations: [String] = []
    var reloads = 0
    private var factories: [String: @MainActor () -> AnyObject] = [:]

    func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        cellRegistrations.append(reuseIdentifier)
        factories[reuseIdentifier] = factory
    }
    func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {
        supplementaryRegistrations.append("\(kind) \(reuseIdentifier)")
        factories["\(kind) \(reuseIdentifier)"] = factory
    }
    /// A new view for an element, configured by the data source; `nil` when it has none.
    func configuredView(for element: ListElement) -> AnyObject? {
        guard let dataSource, let reuse = dataSource.reuse(for: element, in: self) else { return nil }
        let key = element.kind.map { "\($0) \(reuse.reuseIdentifier)" } ?? reuse.reuseIdentifier
        let view = factories[key]!()
        dataSource.configure(view, for: element, in: self)
        return view
    }
    func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) { updateData() }
    func reloadData() { reloads += 1 }
    func reconfigureItems(at indexPaths: [ListIndexPath]) {}
    var indexPathsForVisibleItems: [ListIndexPath] { [] }
}

@MainActor final class BadgeView: LabelView {}

@MainActor
@Suite("Composite supplementary registry")
struct SupplementaryRegistryTests {
    let host = RecordingHost()
    let dataSource: UniversalDataSource<Section>

    init() {
        dataSource = UniversalDataSource<Section>(host: host)
    }

    @Test(
        "registering a header twice throws duplicateKind naming the first view, which stays",
        arguments: HostKind.allCases)
    func duplicateHeader(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        try harness.registerLabel(dataSource, kind: .header) { _, _ in "first" }
        var refused: RegistrationError?
        do {
            try dataSource.registerSupplementaryView(ofKind: .header, viewType: SectionTitleView.self)
        } catch {
            refused = error
        }
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "plain \(plain.name)" }
        try dataSource.apply(makeSnapshot([Plain(name: "a")] as [AnyHashable]))
        #expect(harness.render() == ["first", "plain a"])
        let header = try #require(harness.supplementaryView(ofKind: .header, inSection: 0))
        #expect(refused == .duplicateKind(.header, registered: String(reflecting: type(of: header))))
        #expect(dataSource.registrations.count == 2)
        let error = RegistrationError.duplicateKind(.header, registered: "MyApp.TitleHeader")
        #expect(
            error.description == "a header view is registered already (MyApp.TitleHeader); register one view per kind")
        #expect(harness.problems == [])
    }

    // Recording host only: the registry's one namespace of kinds; nothing is shown, no host is asked.
    @Test("section-scoped, item-scoped and decoration kinds share one namespace")
    func oneNamespace() throws {
        try dataSource.registerItemSupplementaryView(ofKind: "badge", viewType: BadgeView.self) { _, _, _, _ in }
        #expect(throws: RegistrationError.self) {
            try dataSource.registerSupplementaryView(ofKind: "badge", viewType: HeaderView.self) { _, _, _ in }
        }
        #expect(throws: RegistrationError.self) {
            try dataSource.registerDecorationView(ofKind: "badge", viewType: HeaderView.self) { _, _ in }
        }
        try dataSource.registerDecorationView(ofKind: .background, viewType: HeaderView.self) { _, _ in }
        #expect(throws: RegistrationError.self) {
            try dataSource.registerItemSupplementaryView(ofKind: .background, viewType: BadgeView.self) { _, _, _, _ in
            }
        }
        #expect(dataSource.adapter.itemSupplementaryKinds(in: host) == ["badge"])
        #expect(dataSource.adapter.decorationKinds(in: host) == [.background])
        #expect(dataSource.adapter.supplementaryKinds(in: host) == [])
    }

    // Recording host only: as above, a replacement in the registry; nothing is shown.
    @Test("register(_:) replaces a kind's registration in place, even across scopes")
    func explicitReplace() throws {
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self) { _, _, _ in }
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: BadgeView.self) { _, _, _, _ in }
        dataSource.register(.supplementaryView(ofKind: .separator, viewType: SectionTitleView.self))
        #expect(
            dataSource.registrations.map(\.key) == [
                RegistrationKey(valueType: Section.self, category: .supplementary, kind: .header),
                RegistrationKey(valueType: Section.self, category: .supplementary, kind: .separator),
            ])
        #expect(dataSource.adapter.supplementaryKinds(in: host) == [.header, .separator])
        #expect(dataSource.adapter.itemSupplementaryKinds(in: host) == [])
        #expect(dataSource.registrations.last?.isItemScoped == false)
    }

    // Counting host only: counts the registration calls a host receives, which no real host exposes.
    @Test("each view class is registered with the host once, when it is registered")
    func hostRegistrationOnce() throws {
        let counting = RegistrationCountingHost()
        let dataSource = UniversalDataSource<Section>(host: counting)
        dataSource.registerCellType(PlainCell.self)
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self) { _, _, _ in }
        try dataSource.registerItemSupplementaryView(ofKind: .separator, viewType: BadgeView.self) { _, _, _, _ in }
        try dataSource.registerDecorationView(ofKind: .background, viewType: HeaderView.self) { _, _ in }
        #expect(
            counting.supplementaryRegistrations == [
                "header \(HeaderView.reuseIdentifier)",
                "separator \(BadgeView.reuseIdentifier)",
                "background \(HeaderView.reuseIdentifier)",
            ])
        try dataSource.apply(makeSnapshot([Plain(name: "a"), Plain(name: "b")] as [AnyHashable]))
        for index in 0..<2 {
            #expect(
                counting.configuredView(for: .supplementary(.separator, ListIndexPath(item: index, section: 0))) != nil)
        }
        #expect(counting.configuredView(for: .decoration(.background, section: 0)) != nil)
        #expect(counting.supplementaryRegistrations.count == 3)
        #expect(counting.cellRegistrations == [PlainCell.reuseIdentifier])
        #expect(throws: RegistrationError.self) {
            try dataSource.registerSupplementaryView(ofKind: .header, viewType: BadgeView.self) { _, _, _ in }
        }
        #expect(
            counting.supplementaryRegistrations.count == 3, "a refused registration registers nothing with the host")
    }

    @Test(
        "a kind the host asks for that is not registered gives nil and one diagnostic, not a crash",
        arguments: HostKind.allCases)
    func unknownKind(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Section.self)
        let host = harness.host
        try harness.registerLabel(dataSource, kind: .header) { _, section in "header \(section)" }
        var heard: [RegistrationError] = []
        dataSource.onDiagnostic = { heard.append($0) }
        try dataSource.apply(makeSnapshot([(.main, []), (.more, [])]))
        // The host shows the registered kind and asks for no other.
        #expect(harness.render() == ["header main", "header more"])
        #expect(dataSource.diagnostics == [])
        let asked = try #require(host.dataSource)
        #expect(asked.reuse(for: .supplementary("badge", ListIndexPath(item: 0, section: 0)), in: host) == nil)
        #expect(asked.reuse(for: .supplementary("badge", ListIndexPath(item: 0, section: 1)), in: host) == nil)
        let expected = RegistrationError.unregisteredKind(
            "badge", category: .supplementary,
            indexPath: ListIndexPath(item: 0, section: 0), registeredKinds: [.header])
        #expect(dataSource.diagnostics == [expected])
        #expect(heard == [expected])
        #expect(
            expected.description
                == "the host asked for a supplementary view of kind badge at 0.0, which has no registration; registered supplementary kinds: header"
        )
        // A decoration of an unknown kind is its own diagnostic; a header is not a decoration.
        #expect(asked.reuse(for: .decoration(.header, section: 1), in: host) == nil)
        #expect(dataSource.diagnostics.count == 2)
        #expect(
            dataSource.diagnostics.last
                == .unregisteredKind(
                    .header, category: .decoration,
                    indexPath: ListIndexPath(item: 0, section: 1), registeredKinds: []))
        #expect(harness.problems == [])
    }
}
