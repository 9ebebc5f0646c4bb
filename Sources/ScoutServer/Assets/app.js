// Scout's search page: results while you type. No framework, no build step, nothing from
// another origin. Text from the API reaches the page only through textContent and Text nodes
// (SECURITY.md T2); links and images only when they are http(s).
//
// The entry module: index.html (and the page the server renders for /search) loads this one
// script, which imports the others, one a feature:
//   field.js    the search field (a WAI-ARIA 1.2 combobox) and its keys
//   search.js   a search's life: debounce, supersede, spinner, settle
//   results.js  the result list: rows, the active option, endless loading
//   status.js   the status line, the empty state, failure notices with Retry
//   highlight.js  what matched, in <mark>s: the only place the page marks text
//   i18n.js     the page's words in the reader's language (from the page), the language switch
//   address.js  q and source in the URL, back and forward
//   recent.js   recent searches
//   sources.js  the source tabs
//   languages.js  Wikipedia's language menu, lang in searches, other languages with hits
//   panels.js   the Books tab's Related panel (books.js) and the Photos tab's grid (photos.js,
//               lightbox.js)
//   api.js      Scout's API; page.js the page's elements and shared state; dom.js helpers
//
// The modules import each other, so none does anything when it is evaluated but define
// constants and functions (page.js looks its elements up); everything else starts here, in
// this order, once all of them are evaluated. Module scripts are deferred: the document is
// parsed by then. Without this script the form still works: it submits to /search.
import { restoreFromLocation, startAddress } from './address.js';
import { startField } from './field.js';
import { startLanguageSwitch } from './i18n.js';
import { elements } from './page.js';
import { startPanels } from './panels.js';
import { startResults } from './results.js';
import { startSearch } from './search.js';
import { loadSources, startSources } from './sources.js';

const { form, input, list, resultsBox } = elements;

if (form && input && list && resultsBox) {
  document.documentElement.classList.add('js');
  startSources();
  startLanguageSwitch();
  startPanels();
  startField();
  startResults();
  startAddress();
  startSearch();
  // The search in the address (a reload, a shared link, or a page the server rendered for
  // /search) runs again here; its rows replace the server's rows when they come.
  restoreFromLocation('never');
  loadSources();
}
