import Testing

/// A test trait that sets the record mode of the assertions in a test, or in every test of a suite:
/// ``Testing/Trait/record(_:)``.
public struct RecordingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode of the assertions given no `record:` argument.
    public var mode: RecordMode

    /// On a suite, the mode holds for every test in it, in nested suites too.
    public var isRecursive: Bool { true }

    /// Runs the test with ``mode`` as its record mode.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await RecordMode.$scoped.withValue(mode) { try await function() }
    }
}

extension Trait where Self == RecordingTrait {
    /// Sets the record mode of the assertions in a test, or in every test of a suite, that are given no
    /// `record:` argument; it wins over `CELLKIT_RECORD`.
    ///
    /// ```swift
    /// @Test(.record(.failed)) @MainActor func contacts() throws {
    ///     // Each assertRender here that fails writes what the list renders in place of its expectation.
    /// }
    /// ```
    ///
    /// - Parameter mode: The record mode.
    public static func record(_ mode: RecordMode) -> Self { RecordingTrait(mode: mode) }
}
