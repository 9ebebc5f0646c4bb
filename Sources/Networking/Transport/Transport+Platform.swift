import Foundation

/// The transport Scout uses unless told otherwise: ``CurlTransport`` where libcurl is built
/// in (Linux), ``URLSessionTransport`` on Apple platforms.
///
/// ```swift
/// let client = APIClient(configuration: configuration, transport: PlatformTransport.shared)
/// let images = PlatformTransport.make(connectPolicy: .publicAddresses())
/// ```
public enum PlatformTransport {
    /// One transport for the whole process, so every client shares its connections.
    public static let shared: any Transport = make()

    /// A new transport. The connect policy is checked at connect time by ``CurlTransport``;
    /// URLSession cannot do that, so on Apple platforms the caller's own checks before each hop
    /// are all there is.
    public static func make(connectPolicy: ConnectPolicy? = nil) -> any Transport {
        #if canImport(CCurl)
            CurlTransport(configuration: .init(connectPolicy: connectPolicy))
        #else
            URLSessionTransport()
        #endif
    }
}
