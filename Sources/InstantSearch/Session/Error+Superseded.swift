import Foundation

extension Error {
    /// True for the errors a cancelled request ends with — `CancellationError`,
    /// `URLError(.cancelled)`, or an `NSError` with a cancelled code. Such a search was
    /// superseded; it is never shown as a failure.
    var isSupersededSearch: Bool {
        if self is CancellationError { return true }
        if let urlError = self as? URLError, urlError.code == .cancelled { return true }
        let error = self as NSError
        return (error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled)
            || (error.domain == NSCocoaErrorDomain && error.code == CocoaError.userCancelled.rawValue)
    }
}
