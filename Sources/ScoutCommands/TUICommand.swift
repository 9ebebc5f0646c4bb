import Foundation
import TerminalUI

/// `scout tui`: the full-screen terminal app — type, see results with thumbnails, open one.
struct TUICommand: ScoutCommand {
    static let name = "tui"
    static let summary = "Search as you type in a full-screen terminal app."
    static let help = """
        Usage: scout tui [--source name] [--images kitty|blocks|none] [--lang xx[,yy…]]
                         [--books-server url] [--ui-lang en|ja]

        A full-screen search: type and results appear as you type, with thumbnails. The first
        tab, All, searches every source at once: a section per source, each shown as it
        answers, its first results and "more in …" (Enter or → there opens that source's tab
        with the same query); a source that failed says why, r retries it.

        Keys:
          typing, ←/→, Home/End, Ctrl-A/E/U/W, Backspace/Delete   edit the query
          ↑/↓, PgUp/PgDn   move (the next page loads at the end of the list)
          Tab, Shift-Tab   switch source          Enter   open the link
          →                on a book: its related books, with the reasons (← back);
                           in a photo grid: the next photo, ← the previous (↑/↓ move
                           by rows; ← on the first photo edits the query again)
          Esc              clear the query        r       retry after an error
          Ctrl-L           Wikipedia: search the next language (--lang's, then LANGUAGE/LANG's)
          Ctrl-C, or q on an empty query          quit

        Enter opens the link with xdg-open when a display exists (DISPLAY or WAYLAND_DISPLAY);
        otherwise the links are printed when you quit. Needs a terminal on standard input and
        output; in a script use 'scout search'.

        Options:
          --source name        The tab to start on: all, wikipedia, commons, flickr (with
                               FLICKR_API_KEY) or books (default all).
          --images mode        kitty (kitty graphics protocol), blocks (truecolor half-blocks) or
                               none; detected from TERM, KITTY_WINDOW_ID and COLORTERM by default.
          --lang xx[,yy…]      Wikipedia languages, the first searched at start (env
                               SCOUT_WIKIPEDIA_LANG; default en); Ctrl-L moves to the next, then
                               through the languages of LANGUAGE, LC_ALL, LC_MESSAGES and LANG.
          --books-server url   The Scout server with the book catalog (env SCOUT_BOOKS_API;
                               default http://127.0.0.1:8080).
          --ui-lang xx         The app's language: en or ja (default from LC_ALL, LC_MESSAGES
                               or LANG, else en).

        Environment:
          SCOUT_WIKIPEDIA_API     MediaWiki API address (default https://{lang}.wikipedia.org/w/api.php)
          SCOUT_COMMONS_API       Wikimedia Commons API address
          SCOUT_FLICKR_API, FLICKR_API_KEY   Flickr's API address and key (no key: no Flickr tab)
          SCOUT_WIKIMEDIA_UPLOAD  a thumbnail host to fetch from besides public https hosts
          SCOUT_CACHE_DIR         image cache directory (default $XDG_CACHE_HOME/scout)
          SCOUT_CONTACT           contact in the User-Agent of upstream calls
        """

    let settings: TUISettings

    init(arguments: [String], configuration: ScoutConfiguration) throws(UsageError) {
        var scanner = ArgumentScanner(arguments)
        settings = try TUISettings(scanner: &scanner, configuration: configuration)
        try scanner.finish()
    }

    func run() async -> Int32 {
        guard TerminalSession.isInteractive else {
            Console.error("scout tui needs a terminal; use scout search")
            return ExitCode.notATerminal
        }
        let sources: [TUISource]
        do {
            sources = try settings.sources()
        } catch let error as UsageError {
            Console.error("scout: \(error.message).")
            return ExitCode.usage
        } catch {
            Console.error("scout: \(SettingHint.describe(error)).")
            return ExitCode.usage
        }
        let links = await TUIRunner(settings: settings, sources: sources).run()
        guard let links else {
            Console.error("scout tui needs a terminal; use scout search")
            return ExitCode.notATerminal
        }
        for link in links { Console.out(link.absoluteString) }
        return ExitCode.success
    }
}

extension ExitCode {
    /// `scout tui` without a terminal: not a usage mistake, not a failure of the search.
    static let notATerminal: Int32 = 2
}
