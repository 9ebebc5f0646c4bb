#if DEBUG
    import Foundation
    @testable import ScoutServer

    extension FuzzTargets {
        /// Pages read from the fleet's Redis, which every instance writes: any bytes decode to a
        /// page or to nil without crashing, and a page decoded re-encodes to one that decodes the same.
        static let sharedPages = FuzzTarget("shared-page") { data in
            guard let page = SharedPageCodec.decode([UInt8](data)) else { return [] }
            return check(SharedPageCodec.decode(SharedPageCodec.encode(page)) == page, "re-encoding changed \(page)")
        }
    }
#endif
