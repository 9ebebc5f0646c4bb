import Foundation
import HTTPServer
import Localization
import ScoutServer
import Testing

/// The page's files keep the Content-Security-Policy strict: no inline script or style, no
/// event-handler attributes, nothing from another origin, no HTML built from strings in the
/// script (SECURITY.md T2).
@Suite("Web page assets", .timeLimit(.minutes(10)))
struct PageAssetsTests {
    static func text(_ path: String) throws -> String {
        String(decoding: try #require(ScoutApp.assets[path], "\(path) is not embedded").bytes, as: UTF8.self)
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    /// Every script of the page: the entry module `app.js` and the modules it imports.
    static let scripts = ScoutApp.assets.paths.filter { $0.hasSuffix(".js") }.sorted()

    /// The page's own modules that `path` imports (`import … from './x.js'` → `x.js`).
    static func imports(of path: String) throws -> [String] {
        matches(#"(?:from|import)\s+'\./[^']+\.js'"#, in: try text(path)).map {
            String($0.split(separator: "'")[1].dropFirst(2))
        }
    }

    @Test("the page's files are embedded and served under /static")
    func embedded() {
        let files = ["index.html", "scout.css", "icon.svg", "search.svg", "clear.svg"]
        let modules = [
            "app.js", "address.js", "allview.js", "api.js", "books.js", "dom.js", "field.js", "highlight.js", "i18n.js",
            "languages.js", "lightbox.js", "machine.js", "machine-all.js", "page.js", "panels.js", "photos.js",
            "recent.js", "results.js", "row.js", "rules.js", "sections.js", "shell.js", "sources.js", "state.js",
            "status.js",
        ]
        for path in files + modules {
            #expect(ScoutApp.assets[path] != nil, "\(path) is missing")
        }
    }

    @Test("index.html and the /search page load app.js, as a module, and no other script")
    func entryModule() throws {
        let pages = [
            ("index.html", ScoutApp.indexHTML(in: .english)),
            ("the /search page", ResultsPage.render(query: "", source: "wikipedia", sources: [], outcome: .start)),
        ]
        for (name, html) in pages {
            // The data block of the page's texts (type application/json) is not run.
            let scripts = try HTMLScanner.tags(in: html).filter {
                $0.name == "script" && $0.value(of: "type") != "application/json"
            }
            #expect(scripts.count == 1, "\(name) has \(scripts.count) scripts")
            #expect(scripts.first?.value(of: "src") == "/static/app.js", "\(name): \(scripts)")
            #expect(scripts.first?.value(of: "type") == "module", "\(name): \(scripts)")
        }
    }

    @Test("app.js reaches every script through static imports, and no script is over 300 lines")
    func modules() throws {
        var reached: Set<String> = ["app.js"]
        var pending = ["app.js"]
        while let path = pending.popLast() {
            for module in try Self.imports(of: path) where reached.insert(module).inserted {
                #expect(ScoutApp.assets[module] != nil, "\(path) imports \(module), which is not embedded")
                pending.append(module)
            }
        }
        #expect(reached == Set(Self.scripts), "not imported by any module: \(Set(Self.scripts).subtracting(reached))")
        for path in Self.scripts {
            let lines = try Self.text(path).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 300, "\(path) has \(lines) lines: split it by feature")
        }
    }

    /// A cycle of imports among the page's modules, as `a.js → b.js → a.js`, or nil.
    static func importCycle() throws -> String? {
        var done: Set<String> = []
        var path: [String] = []
        func visit(_ module: String) throws -> String? {
            if let start = path.firstIndex(of: module) { return (path[start...] + [module]).joined(separator: " → ") }
            guard done.insert(module).inserted else { return nil }
            path.append(module)
            defer { path.removeLast() }
            for imported in try imports(of: module).sorted() {
                if let cycle = try visit(imported) { return cycle }
            }
            return nil
        }
        for module in scripts {
            if let cycle = try visit(module) { return cycle }
        }
        return nil
    }

    @Test("the page's modules import each other in no cycle; the search machine imports only pure rules")
    func noImportCycle() throws {
        let graph = try Self.scripts.map { "\($0) → \(try Self.imports(of: $0).sorted().joined(separator: ", "))" }
        let cycle = try Self.importCycle()
        #expect(cycle == nil, "import cycle \(cycle ?? ""); the modules import:\n\(graph.joined(separator: "\n"))")
        // The machine is tested on its own (SearchMachineBrowserTests): no DOM, no requests.
        // Its All tab (machine-all.js) and its state (state.js) are as pure as it is.
        #expect(try Set(Self.imports(of: "machine.js")) == ["machine-all.js", "rules.js", "sections.js", "state.js"])
        #expect(try Self.imports(of: "machine-all.js").sorted() == ["rules.js", "sections.js", "state.js"])
        #expect(try Self.imports(of: "state.js") == ["rules.js"])
        #expect(try Self.imports(of: "rules.js").isEmpty && Self.imports(of: "sections.js").isEmpty)
    }

    /// The script `path` without its comments (`/* … */`, and `//` after a blank or at a line's start).
    static func code(of path: String) throws -> String {
        let blocks = try NSRegularExpression(pattern: #"/\*[\s\S]*?\*/"#)
        let lines = try NSRegularExpression(pattern: #"(^|\s)//.*$"#, options: [.anchorsMatchLines])
        var text = try Self.text(path)
        for (expression, template) in [(blocks, ""), (lines, "$1")] {
            text = expression.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }

    /// Issue #36: one shell alone makes requests, aborts them, and writes history and storage;
    /// the views (the Related panel and the photo grid too) ask it through a channel.
    @Test("only the shell requests, aborts, and writes history and localStorage")
    func shellAlone() throws {
        let owners: [(pattern: String, modules: Set<String>)] = [
            (#"\bfetch\("#, ["api.js"]),  // api.js's fetchers, which only the shell calls
            (#"AbortController"#, ["shell.js"]),
            (#"pushState|replaceState"#, ["shell.js"]),
            (#"setTimeout|setInterval"#, ["shell.js"]),
            (#"localStorage"#, ["app.js"]),  // handed to the shell, as `storage`
        ]
        for (pattern, modules) in owners {
            let users = try Set(Self.scripts.filter { !Self.matches(pattern, in: try Self.code(of: $0)).isEmpty })
            #expect(users == modules, "\(pattern) is used in \(users.sorted()), not only in \(modules.sorted())")
        }
        let importers = try Self.scripts.filter { try Self.imports(of: $0).contains("api.js") }
        #expect(importers == ["app.js"], "api.js is imported by \(importers): only app.js, to hand it to the shell")
    }

    @Test("only highlight.js marks text: one highlight for results of every source")
    func highlightOnce() throws {
        for path in Self.scripts {
            let marks = Self.matches(#"['"`]mark['"`]"#, in: try Self.text(path))
            #expect(marks.isEmpty == (path != "highlight.js"), "\(path) makes <mark>s: \(marks)")
        }
        // One row for the result list and the All tab's sections (row.js), marked by highlight.js.
        #expect(try Self.imports(of: "row.js").contains("highlight.js"))
        #expect(
            try Self.imports(of: "results.js").contains("row.js") && Self.imports(of: "allview.js").contains("row.js"))
    }

    @Test("the CSP the page is written for is still the one every response carries")
    func policy() {
        #expect(
            SecurityHeaders.contentSecurityPolicy
                == "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                + "form-action 'self'; frame-ancestors 'none'")
    }

    @Test("HTML: no inline script or style, no event handlers, only same-origin addresses")
    func html() throws {
        let pages = [
            ("index.html", ScoutApp.indexHTML(in: .english)),
            (
                "the /search page",
                ResultsPage.render(
                    query: "zür", source: "wikipedia", sources: [PageSource(id: "wikipedia", name: "Wikipedia")],
                    outcome: .results(
                        items: [
                            PageItem(
                                id: "1", title: "Zürich", description: "City",
                                thumbnail: PageThumbnail(url: "/img/wikipedia/k", width: 1, height: 1),
                                link: "https://en.wikipedia.org/wiki/Z%C3%BCrich")
                        ], next: "prefix:20", suggestion: nil))
            ),
        ]
        for (name, html) in pages {
            for tag in try HTMLScanner.tags(in: html) {
                #expect(tag.name != "style", "\(name) has a <style> element")
                if tag.name == "script", tag.value(of: "type") != "application/json" {
                    #expect(tag.value(of: "src") != nil, "\(name) has an inline script")
                }
                for attribute in tag.attributes {
                    #expect(attribute.name != "style", "\(name): style attribute on <\(tag.name)>")
                    #expect(!attribute.name.hasPrefix("on"), "\(name): \(attribute.name) on <\(tag.name)>")
                    guard ["src", "href", "action", "srcset", "poster", "data"].contains(attribute.name) else {
                        continue
                    }
                    let value = attribute.value
                    let isOwn = (value.hasPrefix("/") && !value.hasPrefix("//")) || value.hasPrefix("#")
                    // Result links go to their source, in a new tab; nothing is *loaded* from there.
                    let isResultLink = tag.name == "a" && tag.value(of: "class") == "result-link"
                    #expect(isOwn || isResultLink, "\(name): <\(tag.name) \(attribute.name)=\"\(value)\">")
                }
            }
        }
    }

    /// What the axe-core audits of the browser suite found before (issue #14), checked on the
    /// markup itself for both shells: index.html and the server's page without JavaScript.
    @Test("HTML: an h1, the field labelled by the visible magnifier, a text field, no empty tablist")
    func accessibleMarkup() throws {
        let pages = [
            ("index.html", ScoutApp.indexHTML(in: .english)),
            (
                "the /search page",
                ResultsPage.render(
                    query: "", source: "wikipedia", sources: [PageSource(id: "wikipedia", name: "Wikipedia")],
                    outcome: .start)
            ),
        ]
        for (name, html) in pages {
            let tags = try HTMLScanner.tags(in: html)
            #expect(tags.filter { $0.name == "h1" }.count == 1, "\(name) has no single level-one heading")
            let label = try #require(tags.first { $0.name == "label" }, "\(name) has no label")
            #expect(label.value(of: "for") == "q" && label.value(of: "class") == "field-icon", "\(name): \(label)")
            let field = try #require(tags.first { $0.value(of: "id") == "q" }, "\(name) has no field")
            // type=text: the element a combobox may be; autocomplete=off keeps the browser's own
            // suggestions from covering the listbox.
            #expect(field.value(of: "type") == "text" && field.value(of: "autocomplete") == "off", "\(name): \(field)")
            let tabs = try #require(tags.first { $0.value(of: "id") == "tabs" })
            #expect(tabs.value(of: "role") != "tablist", "\(name): a tablist before the script adds its tabs")
        }
    }

    @Test("scripts: text only through textContent, no eval, no other origin", arguments: scripts)
    func script(path: String) throws {
        let script = try Self.text(path)
        for pattern in [
            #"innerHTML"#, #"outerHTML"#, #"insertAdjacentHTML"#, #"document\.write"#, #"\beval\s*\("#,
            #"new\s+Function"#, #"setTimeout\(\s*['"`]"#, #"setInterval\(\s*['"`]"#, #"\.cssText"#,
            #"setAttribute\(\s*['"]style"#, #"setAttribute\(\s*['"]on"#, #"\bimport\s*\("#, #"https?://"#,
            #"['"`]//"#, #"createContextualFragment"#, #"DOMParser"#, #"srcdoc"#,
        ] {
            #expect(Self.matches(pattern, in: script).isEmpty, "\(path) uses \(pattern)")
        }
        // Static imports only, of the page's own modules.
        for module in Self.matches(#"from\s+'[^']*'"#, in: script) {
            #expect(module.hasPrefix("from './") && module.hasSuffix(".js'"), "\(path): \(module)")
        }
        #expect(try Self.text("dom.js").contains("textContent"))
        #expect(try Self.text("results.js").contains("'noopener,noreferrer'"))
    }

    @Test("styles and icons: nothing from another origin, no scripts")
    func stylesAndIcons() throws {
        let css = try Self.text("scout.css")
        #expect(Self.matches(#"@import|expression\s*\(|behavior\s*:|https?:|url\(\s*['"]?//"#, in: css).isEmpty)
        for url in Self.matches(#"url\([^)]*\)"#, in: css) {
            #expect(url.hasPrefix("url(\"/static/"), "scout.css loads \(url)")
        }
        for path in ScoutApp.assets.paths where path.hasSuffix(".svg") {
            let svg = try Self.text(path)
            #expect(
                Self.matches(#"<script|\son\w+\s*=|href\s*=\s*['"]?(https?:|//|javascript:)"#, in: svg).isEmpty,
                "\(path)")
        }
    }
}
