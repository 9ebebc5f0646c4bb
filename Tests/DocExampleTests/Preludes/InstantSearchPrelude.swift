import InstantSearch
import ScoutModels

/// The names InstantSearch's doc examples use without declaring them.
enum InstantSearchDocExamples {
    static var provider: any SearchProvider { docExampleContext() }
    static var wikipedia: any SearchProvider { docExampleContext() }
    static var commons: any SearchProvider { docExampleContext() }
    static var books: any SearchProvider { docExampleContext() }
    static var session: SearchSession { docExampleContext() }
    /// A multi-search over several sources.
    static var all: MultiSearchSession { docExampleContext() }
    static var query: SearchQuery { docExampleContext() }
    static var paginator: Paginator {
        get { docExampleContext() }
        set {}
    }
}
