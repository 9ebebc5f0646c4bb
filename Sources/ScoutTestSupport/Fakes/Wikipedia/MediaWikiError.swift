/// An API error as MediaWiki reports it: a machine code, a sentence and the module that raised it.
struct MediaWikiError: Error {
    let code: String
    let info: String
    /// The module path, such as `main` or `query+prefixsearch`.
    let module: String

    static func badValue(_ parameter: String, _ value: String, module: String) -> MediaWikiError {
        MediaWikiError(
            code: "badvalue", info: #"Unrecognized value for parameter "\#(parameter)": \#(value)."#, module: module)
    }

    static func missingParameter(_ parameter: String, module: String) -> MediaWikiError {
        MediaWikiError(code: "missingparam", info: #"The "\#(parameter)" parameter must be set."#, module: module)
    }

    static func badInteger(_ parameter: String, _ value: String, module: String) -> MediaWikiError {
        MediaWikiError(
            code: "badinteger", info: #"Invalid value "\#(value)" for integer parameter "\#(parameter)"."#,
            module: module)
    }
}

/// A warning to report next to the result.
struct MediaWikiWarning {
    let code: String
    let text: String
    /// The module path, such as `query+search`; classic output keys warnings by its last part.
    let module: String
}
