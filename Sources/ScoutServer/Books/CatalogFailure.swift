import HTTPServer
import ScoutModels

/// What every route over the book catalog answers when its database fails — PostgreSQL down,
/// SQLite locked past its timeout: 503 with a sentence, never a 500, while the other sources
/// keep answering (they never touch the catalog).
///
/// ```swift
/// let page = try await CatalogFailure.mapping(source: .books) { try await books.rankedSearch(text, limit: 20) }
/// ```
enum CatalogFailure {
    /// The reply for a failed catalog call.
    static func error(source: SourceID?) -> GatewayError {
        GatewayError(
            status: 503, code: "catalog_failed",
            message: "The book catalog could not be searched. Retry in a moment.", source: source,
            retryAfter: .seconds(5))
    }

    /// Runs `work`; an error of the store becomes ``error(source:)``. A reply the route chose
    /// (an ``HTTPServer/HTTPResponseError``) and a cancellation pass as they are.
    static func mapping<T>(source: SourceID? = nil, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as CancellationError {
            throw error
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            throw Self.error(source: source)
        }
    }
}
