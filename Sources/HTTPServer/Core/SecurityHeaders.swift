/// Response headers that close off whole classes of browser attacks (SECURITY.md T2, T13, T14).
public enum SecurityHeaders {
    /// The content security policy: only Scout's own scripts, styles and images; no framing;
    /// no inline script or style.
    public static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        + "form-action 'self'; frame-ancestors 'none'"

    /// Added to every response that does not set the same field. No
    /// `Access-Control-Allow-Origin`: the UI is same-origin.
    public static let `default`: HTTPHeaders = [
        "Content-Security-Policy": contentSecurityPolicy,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
    ]
}
