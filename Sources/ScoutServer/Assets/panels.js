// The two views a source may bring besides the result list: the Books tab's Related panel
// (books.js) and the Photos tab's grid (photos.js), each loading through a channel of the shell.
// render(state) shows the shown section's first page of photos in the grid, and closes the
// panel when the search is cleared or the source changes.
import { createBooksPanel } from './books.js';
import { shownSection } from './machine.js';
import { createPhotoGrid } from './photos.js';
import { sourceName } from './sources.js';

/**
 * `renderFailure` is the notices' (status.js); `sources()` the sources known now; `channel(name)`
 * the shell's (shell.js); `onSearch(title)` runs when a related book's title is chosen;
 * `onChange()` when the grid got photos.
 */
export function createPanels({ elements, renderFailure, sources, channel, onSearch, onChange }) {
  const books = createBooksPanel({
    panel: elements.related,
    shell: elements.shell,
    related: channel('related'),
    onSearch,
    onClose: () => elements.input.focus(),
  });
  const photos = createPhotoGrid({
    container: elements.resultsBox,
    pages: channel('photos'),
    sourceName: (id) => sourceName(id, sources()),
    renderFailure,
    onChange,
  });
  let shownPage = null; // the first page of photos in the grid
  let shown = {};

  function render(state) {
    const cleared = state.view === 'start' && shown.view !== 'start';
    const switched = shown.source !== undefined && state.source !== shown.source;
    if (cleared || switched) books.close();
    shown = { view: state.view, source: state.source };
    const section = shownSection(state);
    const page = section && state.view === 'results' ? section.photos : null;
    if (page === shownPage) return;
    shownPage = page;
    if (page) photos.show(page, { ...state.request, source: section.source });
    else photos.clear();
  }

  return { books, photos, render };
}
