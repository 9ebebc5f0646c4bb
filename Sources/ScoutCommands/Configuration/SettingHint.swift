import Providers
import ScoutModels

/// The setting of `scout` behind an error a library describes in its own terms: the libraries
/// name the address or the key that is wrong, and only the CLI knows which variable or flag
/// gave it.
///
/// ```swift
/// SettingHint.describe(CommonsConfigurationError.invalidAPIAddress("ftp://x"))
/// // "'ftp://x' is not an http(s) address for the Commons API; give …, in SCOUT_COMMONS_API"
/// ```
enum SettingHint {
    /// `error`'s description, followed by the setting that holds what it is about, when one does.
    static func describe(_ error: any Error) -> String {
        guard let setting = setting(for: error) else { return "\(error)" }
        return "\(error), in \(setting)"
    }

    /// The variable (or flag) whose value `error` is about; nil for errors about no setting.
    static func setting(for error: any Error) -> String? {
        switch error {
        case is CommonsConfigurationError: "SCOUT_COMMONS_API"
        case is FlickrConfigurationError: "SCOUT_FLICKR_API"
        case WikipediaConfigurationError.invalidAPIAddress(_): "SCOUT_WIKIPEDIA_API"
        case let flickr as FlickrError where flickr.isAboutTheKey: "FLICKR_API_KEY"
        default: nil
        }
    }

    /// A failed search's sentence for a person, followed by the setting to change when the
    /// failure is about one: "The Flickr API key is invalid. Check the key. scout reads it from
    /// FLICKR_API_KEY."
    static func sentence(for failure: any SearchFailure) -> String {
        guard let setting = setting(for: failure) else { return failure.userMessage }
        return failure.userMessage + " scout reads it from \(setting)."
    }
}

extension FlickrError {
    /// Whether a different key would fix this: none was given, or Flickr refused the one given.
    fileprivate var isAboutTheKey: Bool { kind == .missingKey || kind == .flickr(code: 100) }
}
