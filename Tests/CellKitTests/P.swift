import Testing
@testable import CellKit
@Test func placeholder() {}
