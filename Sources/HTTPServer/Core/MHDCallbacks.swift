import CMicroHTTPD
import Foundation

/// The C entry points handed to libmicrohttpd. Each recovers the ``ServerCore`` from its
/// context pointer (retained by ``Server`` for the daemon's lifetime) and forwards.
///
/// They live outside `main.swift` on purpose: a closure written there would inherit
/// `@MainActor` and trap when libmicrohttpd calls it from its own threads.
enum MHDCallbacks {
    static let uriArrived:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
            context, uri, connection in
            guard let context, let connection else { return nil }
            return core(context).uriArrived(uri, connection: connection)
        }

    static let access: MHD_AccessHandlerCallback = {
        context, connection, _, method, version, uploadData, uploadSize, contextSlot in
        guard let context, let connection else { return .NO }
        return core(context).access(
            connection: connection, method: method, version: version, uploadData: uploadData, uploadSize: uploadSize,
            contextSlot: contextSlot)
    }

    static let completed: MHD_RequestCompletedCallback = { context, _, contextSlot, termination in
        guard let context else { return }
        core(context).completed(contextSlot: contextSlot, termination: termination)
    }

    static let errorLog: MHD_LogCallback = { _, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        vsnprintf(&buffer, buffer.count, format, arguments)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !isPeerHangUp(message) else { return }
        ServerLog.write("libmicrohttpd: \(message)")
    }

    /// Whether libmicrohttpd reports only that the client went away mid-reply: a closed tab, a
    /// superseded download, a cancelled search. That is how instant search works, not a fault,
    /// and a line for each would bury the messages that matter.
    static func isPeerHangUp(_ message: String) -> Bool {
        message.hasPrefix("Failed to send the ")
            && (message.hasSuffix("forcibly closed by remote peer")
                || message.hasSuffix("no longer available for sending"))
    }

    private static func core(_ context: UnsafeMutableRawPointer) -> ServerCore {
        Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    }
}
