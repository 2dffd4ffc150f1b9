import FuzzSupport

/// The values a case draws its identifiers from: few enough that mutations often name ones that are
/// there, of types whose values meet as `AnyHashable` (`Int(1)`, `Int8(1)` and `1.0` are one
/// identifier), with a type whose hash is constant and a NaN that is never equal to itself.
enum Universe {
    /// Item identifiers.
    nonisolated(unsafe) static let items: [AnyHashable] = {
        var values: [AnyHashable] = []
        values += (0..<24).map { AnyHashable($0) }
        values += (0..<24).map { AnyHashable(Int8($0)) }
        values += (0..<12).map { AnyHashable("s\($0)") }
        values += (0..<12).map { AnyHashable(Collider($0)) }
        values += [0.0, 1.0, 2.5, 3.5, -0.0].map { AnyHashable($0) }
        values.append(AnyHashable(Double.nan))
        values += (24..<64).map { AnyHashable($0) }
        return values
    }()

    /// Section identifiers.
    nonisolated(unsafe) static let sections: [AnyHashable] = {
        var values: [AnyHashable] = []
        values += (0..<5).map { AnyHashable($0) }
        values += (0..<5).map { AnyHashable(Int8($0)) }
        values += ["a", "b", "c"].map { AnyHashable($0) }
        values += (0..<3).map { AnyHashable(Collider($0)) }
        return values
    }()

    static func item(_ input: inout FuzzInput) -> AnyHashable { input.element(of: items)! }

    static func section(_ input: inout FuzzInput) -> AnyHashable { input.element(of: sections)! }

    /// A few items; now and then many, so the index grows and renumbers in bulk.
    static func itemList(_ input: inout FuzzInput) -> [AnyHashable] {
        let count = input.oneIn(8) ? input.int(in: 5...40) : input.int(in: 0...4)
        return (0..<count).map { _ in item(&input) }
    }

    static func sectionList(_ input: inout FuzzInput) -> [AnyHashable] {
        (0..<input.int(in: 0...3)).map { _ in section(&input) }
    }
}
