import Networking
import Synchronization

/// The literal addresses of the start pages a crawl was given, the only non-public addresses
/// the crawler's own transport connects to: naming `http://127.0.0.1:8080/` is consent to crawl
/// it, a link found on the web is not.
final class StartAddresses: Sendable {
    private let addresses = Mutex<Set<ConnectAddress>>([])

    func insert(_ new: [ConnectAddress]) {
        addresses.withLock { $0.formUnion(new) }
    }

    func contains(_ address: ConnectAddress) -> Bool {
        addresses.withLock { $0.contains(address) }
    }
}
