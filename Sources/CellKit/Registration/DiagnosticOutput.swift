#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a data source does with a diagnostic nobody handles (no ``UniversalDataSource/onDiagnostic``): in
/// debug builds it prints each distinct one to standard error once, as UIKit prints its layout warnings.
struct DiagnosticOutput {
    /// The diagnostics printed already.
    var printed = Set<RegistrationError>()
    /// Receives the printed lines in place of standard error (tests).
    var sink: (@MainActor (String) -> Void)?

    /// Whether diagnostics nobody handles are printed: in debug builds.
    static var prints: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The line printed for a diagnostic.
    static func message(for diagnostic: RegistrationError) -> String {
        "CellKit diagnostic: \(diagnostic) (recorded in UniversalDataSource.diagnostics; set onDiagnostic to "
            + "handle these yourself: { _ in } to stop printing them, { fatalError(\"\\($0)\") } to stop at them)"
    }

    /// Writes a line to standard error (no Foundation: `write(2)` of the line and its newline).
    static func writeToStandardError(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(2, buffer.baseAddress! + offset, buffer.count - offset)
            }
            guard written > 0 else { return }
            offset += written
        }
    }
}
