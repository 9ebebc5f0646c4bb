import Foundation
import Networking
import ScoutModels

/// The names Networking's doc examples use without declaring them.
enum NetworkingDocExamples {
    static var client: APIClient { docExampleContext() }
    static var configuration: APIClient.Configuration { docExampleContext() }
    static var endpoint: Endpoint<SearchPage> { docExampleContext() }
    /// The contact a `User-Agent` names.
    static var contact: String { docExampleContext() }
    /// A whole `User-Agent`.
    static var agent: String { docExampleContext() }
    static var fleetBudget: any SharedHostBudget { docExampleContext() }
    static var upstreamMetrics: any UpstreamObserver { docExampleContext() }
    static var timeline: Timeline { docExampleContext() }
    static var apiURL: URL { docExampleContext() }
    /// What the person typed.
    static var text: String { docExampleContext() }
}
