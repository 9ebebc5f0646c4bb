import Foundation
import HTTPServer
import ScoutServer
import Testing

/// The Photos tab's scripts are embedded and held to the same rules as the page's others:
/// text only through textContent, no eval, nothing from another origin.
@Suite("Photo page assets")
struct PhotoAssetsTests {
    @Test("photos.js and lightbox.js are embedded and served under /static")
    func embedded() {
        for path in ["photos.js", "lightbox.js"] {
            #expect(ScoutApp.assets[path] != nil, "\(path) is missing")
        }
    }

    @Test("scripts: text only through textContent, no eval, no other origin", arguments: ["photos.js", "lightbox.js"])
    func script(path: String) throws {
        try PageAssetsTests().script(path: path)
    }

    @Test("app.js takes the grid from photos.js, which takes the lightbox from lightbox.js")
    func modules() throws {
        #expect(try PageAssetsTests.text("app.js").contains("from './photos.js'"))
        #expect(try PageAssetsTests.text("photos.js").contains("from './lightbox.js'"))
    }
}
