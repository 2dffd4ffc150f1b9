import Testing
@testable import DiffableStore
@Test func placeholder() {}
