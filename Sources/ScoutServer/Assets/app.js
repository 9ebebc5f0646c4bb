// Scout's search page: results while you type. No framework, no build step, nothing from
// another origin. Text from the API reaches the page only through textContent and Text nodes
// (SECURITY.md T2); links and images only when they are http(s).
//
// The entry module: index.html (and the page the server renders for /search) loads this one
// script. The page is one flow, and no module imports one that imports it back:
//   machine.js  the search as a pure machine: state + event → new state + effects (debounce,
//               latest wins, spinner, settle, paging, retry, recent searches, the language);
//               machine-all.js its All tab, state.js its state, sections.js what sources answered
//   shell.js    every request, timer, abort, history entry and localStorage write: it carries
//               out the machine's effects, renders each state, and loads for the Related panel
//               and the photo grid through a channel each (`shell.channel(name)`)
//   views, each a factory that takes what it needs and returns render(state):
//     field.js    the search field (a WAI-ARIA 1.2 combobox) and its keys
//     results.js  the result list: rows (row.js), the active option, endless loading
//     allview.js  the All tab: a section a source, each as it answers, ↑/↓ across them;
//                 its rows as the list's (row.js), a book's opening the Related panel
//     status.js   the status line, the empty state, failure notices with Retry
//     sources.js  the source tabs; recent.js recent searches; languages.js Wikipedia's
//                 language menu and the other languages with hits
//     panels.js   the Related panel of a book row (books.js; on Books and All) and the
//                 Photos tab's grid (photos.js, lightbox.js)
//   rules.js    facts about sources and languages; address.js the search's address;
//   api.js      Scout's API; page.js the page's elements; highlight.js, i18n.js, dom.js helpers
//
// Module scripts are deferred: the document is parsed by then. Without this script the form
// still works: it submits to /search.
import { titleFor } from './address.js';
import { createAllSections } from './allview.js';
import * as api from './api.js';
import { createField } from './field.js';
import { startLanguageSwitch } from './i18n.js';
import { createLanguageMenu } from './languages.js';
import { elements } from './page.js';
import { createPanels } from './panels.js';
import { createRecent } from './recent.js';
import { createResultList } from './results.js';
import { createShell } from './shell.js';
import { createTabs } from './sources.js';
import { createFailureNotices, createStatus } from './status.js';

const { form, input, list, resultsBox } = elements;

if (form && input && list && resultsBox) {
  document.documentElement.classList.add('js');
  const views = [];
  let rendering = false;
  let again = false;
  // Every view renders the latest state; a view that changes what another shows (the grid's
  // photos, the status line's count) asks for one more round instead of rendering inside one.
  const render = () => {
    if (rendering) {
      again = true;
      return;
    }
    rendering = true;
    try {
      do {
        again = false;
        for (const view of views) view(shell.state());
      } while (again);
    } finally {
      rendering = false;
    }
  };
  const storage = {
    getItem: (key) => window.localStorage.getItem(key),
    setItem: (key, value) => window.localStorage.setItem(key, value),
  };
  const shell = createShell({
    api,
    timers: window,
    storage,
    history: window.history,
    location: window.location,
    languages: navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language],
    render,
  });
  const { dispatch } = shell;

  const notices = createFailureNotices({ input, later: shell.later });
  const tabs = createTabs({ elements, dispatch });
  startLanguageSwitch();
  const panels = createPanels({
    elements,
    renderFailure: notices.renderFailure,
    sources: () => shell.state().sources,
    channel: shell.channel,
    onSearch: (title) => {
      dispatch({ type: 'query', text: title });
      input.focus();
    },
    onChange: render,
  });
  const { books, photos } = panels;
  const list = createResultList({ elements, books, renderFailure: notices.renderFailure, dispatch });
  const all = createAllSections({ elements, books, renderFailure: notices.renderFailure, dispatch });
  // The field's ↑/↓ and Enter drive the All tab's rows there, the result list elsewhere.
  const current = () => (shell.state().view === 'all' ? all : list);
  const results = {
    count: () => current().count(),
    active: () => current().active(),
    setActive: (index) => current().setActive(index),
    open: (index) => current().open(index),
  };
  views.push(
    panels.render,
    list.render,
    all.render,
    createStatus({ statusBox: elements.statusBox, input, photos, notices, dispatch }),
    createRecent({ elements, dispatch }),
    tabs,
    createLanguageMenu({ form, dispatch }),
    createField({ elements, results, books, photos, dispatch }),
    (state) => {
      document.title = titleFor(state.text);
    },
  );
  // The search in the address (a reload, a shared link, or a page the server rendered for
  // /search) runs again here; its rows replace the server's rows when they come.
  shell.start(window);
}
