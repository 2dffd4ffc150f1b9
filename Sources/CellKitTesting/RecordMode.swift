import Foundation

/// When an assertion writes what the list renders into the test's source, in place of its expectation.
///
/// ``assertRender(_:_:record:fileID:filePath:line:column:)`` and
/// ``assertRenderAll(_:_:record:fileID:filePath:line:column:)`` record in one of four modes, as
/// swift-snapshot-testing's snapshots do:
///
/// | Mode | Records | Fails |
/// | --- | --- | --- |
/// | ``missing`` (the default) | an empty expectation (`""`) | once, saying it recorded; a mismatch with a diff |
/// | ``failed`` | an empty expectation, and any that does not match | once, saying it recorded, with the diff |
/// | ``all`` | every expectation, matching or not | once, saying it recorded |
/// | ``never`` | nothing | on any mismatch, an empty expectation too, with a diff |
///
/// An assertion uses the first of: its `record:` argument; the innermost ``withRecordMode(_:_:)`` or
/// ``Testing/Trait/record(_:)`` trait around it; the environment variable `CELLKIT_RECORD` (`all`,
/// `failed`, `missing` or `never`; `1` means `all`, `0` `missing`); ``missing``.
///
/// ```swift
/// assertRender(list, "", record: .never)  // compares only: fails, with a diff, and writes nothing
/// ```
///
/// From the command line, `CELLKIT_RECORD=failed swift test` brings every expectation that fails up to
/// date and leaves the passing ones as they are.
public struct RecordMode: Hashable, Sendable, CustomStringConvertible {
    /// The mode's name, as `CELLKIT_RECORD` spells it.
    public let description: String

    private init(_ name: String) { description = name }

    /// Records every expectation, matching or not, and fails once saying so.
    public static let all = RecordMode("all")
    /// Records the expectations that do not match, and empty ones; the passing ones are left as they are.
    public static let failed = RecordMode("failed")
    /// Records empty expectations (`""`) only: a new test is written by running it once. The default.
    public static let missing = RecordMode("missing")
    /// Records nothing: every expectation is compared, an empty one too.
    public static let never = RecordMode("never")

    /// The modes, in the order of how much they record.
    static let allModes: [RecordMode] = [.all, .failed, .missing, .never]

    /// The mode a value of `CELLKIT_RECORD` names: `all`, `failed`, `missing`, `never` (any case); `1` for
    /// ``all`` and `0` for ``missing``, what they meant before there were modes; `nil` for anything else.
    ///
    /// - Parameter environmentValue: The variable's value.
    public init?(environmentValue: String) {
        let name = environmentValue.trimmingCharacters(in: .whitespaces).lowercased()
        let synonyms = ["1": RecordMode.all, "0": .missing]
        guard let mode = synonyms[name] ?? Self.allModes.first(where: { $0.description == name }) else { return nil }
        self = mode
    }

    /// The mode that ``withRecordMode(_:_:)`` or a ``Testing/Trait/record(_:)`` trait set around the
    /// running code; `nil` outside them.
    @TaskLocal static var scoped: RecordMode?

    /// The mode an assertion given no `record:` argument uses here: the scoped one, else
    /// `CELLKIT_RECORD`'s, else ``missing``.
    ///
    /// A value of `CELLKIT_RECORD` that names no mode reads as ``never`` here; the assertions fail saying so.
    public static var current: RecordMode { resolved(nil).mode }

    /// The mode an assertion uses, and, when `CELLKIT_RECORD` names no mode (and decides), what to say.
    ///
    /// - Parameters:
    ///   - explicit: The assertion's `record:` argument.
    ///   - environment: The process's environment.
    static func resolved(
        _ explicit: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (mode: RecordMode, problem: String?) {
        if let mode = explicit ?? scoped { return (mode, nil) }
        guard let value = environment["CELLKIT_RECORD"], !value.isEmpty else {
            return (.missing, nil)
        }
        if let mode = RecordMode(environmentValue: value) { return (mode, nil) }
        return (
            .never,
            "CELLKIT_RECORD is \"\(value)\", which names no record mode, so nothing was recorded; "
                + "set it to all, failed, missing or never (1 means all), or unset it"
        )
    }
}

/// Runs `body` with `mode` as the record mode of the assertions in it that are given no `record:`
/// argument; it wins over `CELLKIT_RECORD`.
///
/// In XCTest, where test traits do not exist, it sets the mode of one test, or of every test of a class:
///
/// ```swift
/// override func invokeTest() {
///     withRecordMode(.failed) { super.invokeTest() }
/// }
/// ```
///
/// - Parameters:
///   - mode: The record mode.
///   - body: The code whose assertions use it.
/// - Returns: What `body` returns.
public func withRecordMode<Result>(_ mode: RecordMode, _ body: () throws -> Result) rethrows -> Result {
    try RecordMode.$scoped.withValue(mode, operation: body)
}

/// Runs `body` with `mode` as the record mode of the assertions in it that are given no `record:`
/// argument; it wins over `CELLKIT_RECORD`.
///
/// - Parameters:
///   - mode: The record mode.
///   - isolation: The actor `body` runs on (default: the caller's).
///   - body: The code whose assertions use it.
/// - Returns: What `body` returns.
public func withRecordMode<Result>(
    _ mode: RecordMode, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
) async rethrows -> Result {
    try await RecordMode.$scoped.withValue(mode, operation: body)
}
