/// Scout's version and project address, as shown by `scout --version` and in the User-Agent.
public enum ScoutVersion {
    /// The release version (semantic versioning).
    public static let current = "0.1.0"
    /// Where people find the project; the default User-Agent contact.
    public static let projectURL = "https://github.com/scout-search/scout"
}
