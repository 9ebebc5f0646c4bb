import ScoutModels

extension MultisearchRoute {
    /// Every source Scout knows, in the order the page shows them: what `sources` may name.
    static let knownSources: [SourceID] = [.wikipedia, .books, .commons, .flickr]

    /// `sources` read: absent, every source this server offers (`offered`, as
    /// `/api/v1/sources` lists them); else 1 to ``knownSources``' count of source ids,
    /// comma-separated, each once. An id Scout does not know is a 400 `unknown_source`; none (or
    /// an empty name), a repeat or too many, a 400 `bad_sources`; both name the ids to use. A known id this server
    /// does not offer (`flickr` without a key) is no mistake of the request: its line says so,
    /// as `/api/v1/search` would.
    static func sources(_ text: String?, offered: [SourceID]) throws -> [SourceID] {
        guard let text else { return offered }
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !names.contains(where: \.isEmpty), names.count <= knownSources.count else {
            throw badSources("Name 1 to \(knownSources.count) sources")
        }
        var sources: [SourceID] = []
        for name in names {
            guard let source = knownSources.first(where: { $0.rawValue == name }) else {
                let shown = name.count > 24 ? String(name.prefix(24)) + "…" : String(name)
                throw GatewayError.badRequest(
                    "unknown_source", "There is no source called “\(shown)”. \(validSources).")
            }
            guard !sources.contains(source) else { throw badSources("Name each source once") }
            sources.append(source)
        }
        return sources
    }

    /// The 400 for a list that names no source, one twice or too many: `what` to do, and with what.
    private static func badSources(_ what: String) -> GatewayError {
        GatewayError.badRequest("bad_sources", "\(what) in sources, separated by commas. \(validSources).")
    }

    /// The sentence that says what `sources` takes.
    private static var validSources: String {
        "Use "
            + knownSources.map(\.rawValue).joined(separator: ", ")
            + " (sources=wikipedia,books); /api/v1/sources lists those this server offers"
    }
}
