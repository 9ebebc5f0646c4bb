import ScoutModels

/// The names ScoutModels' doc examples use without declaring them.
enum ScoutModelsDocExamples {
    static var provider: any SearchProvider { docExampleContext() }
    static var commons: any SearchProvider { docExampleContext() }
    static var wikipedia: any SearchProvider { docExampleContext() }
}
