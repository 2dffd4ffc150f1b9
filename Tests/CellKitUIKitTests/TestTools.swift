#if !canImport(UIKit)
import CellKit
import CellKitText
@testable @_spi(Testing) import CellKitUIKit
import DiffableStore
@_exported import HostHarness
import Foundation
@_spi(Simulation) import UIKitStandIn

// Fixtures of the UIKit host tests; the harness over every host is the HostHarness target.

struct Plain: Hashable, CustomStringConvertible {
    var name: String
    var description: String { name }
}

struct Tile: Hashable, Identifiable {
    var id: Int
    var title: String
}

enum Section: Hashable {
    case main
    case more
}

final class Ref<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

func makeSnapshot(_ sections: [(Section, [AnyHashable])]) throws -> Snapshot<Section, AnyHashable> {
    var snapshot = Snapshot<Section, AnyHashable>()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

func makeSnapshot(_ items: [AnyHashable]) throws -> Snapshot<Section, AnyHashable> {
    try makeSnapshot([(.main, items)])
}

func plains(_ names: String...) -> [AnyHashable] { names.map { Plain(name: $0) } }

/// `/\` first, `||` middle, `\/` last, `()` only.
func cardEdge(_ position: PositionInSection) -> String {
    switch (position.isFirst, position.isLast) {
    case (true, true): "()"
    case (true, false): "/\\"
    case (false, true): "\\/"
    case (false, false): "||"
    }
}

extension HostHarness {
    /// A data source of `Section`s on this host, made its delegate.
    func makeDataSource() -> UniversalDataSource<Section> { makeDataSource(Section.self) }
}
#endif
