import Networking

extension CommonsProvider {
    /// Configured from `SCOUT_COMMONS_API` (Commons itself when unset or empty).
    ///
    /// ```swift
    /// let commons = try CommonsProvider(client: client, environment: ProcessInfo.processInfo.environment)
    /// ```
    public init(client: APIClient, environment: [String: String]) throws(CommonsConfigurationError) {
        let address = environment["SCOUT_COMMONS_API"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultAPIAddress
        try self.init(client: client, apiAddress: address)
    }
}
