import Foundation
import HTTPServer
import ScoutServer
import Testing

/// The Photos tab's scripts are embedded and imported; "Web page assets" holds them to the
/// rules of every script (text only through textContent, no eval, nothing from another origin).
@Suite("Photo page assets", .timeLimit(.minutes(10)))
struct PhotoAssetsTests {
    @Test("photos.js and lightbox.js are embedded and served under /static")
    func embedded() {
        for path in ["photos.js", "lightbox.js"] {
            #expect(ScoutApp.assets[path] != nil, "\(path) is missing")
        }
    }

    @Test("panels.js takes the grid from photos.js, which takes the lightbox from lightbox.js")
    func modules() throws {
        #expect(try PageAssetsTests.imports(of: "panels.js").contains("photos.js"))
        #expect(try PageAssetsTests.imports(of: "photos.js").contains("lightbox.js"))
    }
}
