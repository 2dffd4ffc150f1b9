@testable import CellKit
import Testing

@Suite("RegistrationKey")
struct RegistrationKeyTests {
    @Test("keys are equal when type, category and kind are")
    func equality() {
        #expect(RegistrationKey(cellFor: Tile.self) == RegistrationKey(valueType: Tile.self, category: .cell))
        #expect(RegistrationKey(cellFor: Tile.self) != RegistrationKey(cellFor: Alert.self))
        #expect(
            RegistrationKey(valueType: Section.self, category: .supplementary, kind: .header)
                != RegistrationKey(valueType: Section.self, category: .supplementary, kind: .footer))
        #expect(
            RegistrationKey(valueType: Section.self, category: .supplementary, kind: .header)
                != RegistrationKey(valueType: Section.self, category: .decoration, kind: .header))
        #expect(Set([RegistrationKey(cellFor: Tile.self), RegistrationKey(cellFor: Tile.self)]).count == 1)
    }

    @Test("a cell key has no kind")
    func cellKeyDropsKind() {
        #expect(RegistrationKey(valueType: Tile.self, category: .cell, kind: .header).kind == nil)
    }

    @Test("a key identifies its type by ObjectIdentifier, protocols included")
    func typeIdentity() {
        #expect(
            ObjectIdentifier(RegistrationKey(cellFor: (any Message).self).valueType)
                == ObjectIdentifier((any Message).self))
        #expect(ObjectIdentifier(RegistrationKey(cellFor: Tile.self).valueType) == ObjectIdentifier(Tile.self))
    }

    @Test("a key reads as its category, kind and type")
    func description() {
        #expect(RegistrationKey(cellFor: Tile.self).description == "cell for \(String(reflecting: Tile.self))")
        #expect(
            RegistrationKey(valueType: Section.self, category: .supplementary, kind: .header).description
                == "supplementary header for \(String(reflecting: Section.self))")
    }
}
