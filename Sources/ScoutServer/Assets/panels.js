// The two views a source may bring besides the result list: the Books tab's Related panel
// (books.js) and the Photos tab's grid (photos.js). Made once by startPanels(); until then
// both are null, and the other modules read them only after the page has started.
import { fetchPage } from './api.js';
import { createBooksPanel } from './books.js';
import { searchFor } from './field.js';
import { elements } from './page.js';
import { createPhotoGrid } from './photos.js';
import { sourceName } from './sources.js';
import { renderFailure, renderStatus } from './status.js';

/** The Books tab opens a book's related books in this panel instead of following its link. */
export let books = null;

/** Photo sources show this grid instead of the list; it loads its further pages itself. */
export let photos = null;

export function startPanels() {
  books = createBooksPanel({
    panel: elements.related,
    shell: elements.shell,
    onSearch: searchFor,
    onClose: () => elements.input.focus(),
  });
  photos = createPhotoGrid({
    container: elements.resultsBox,
    fetchPage,
    sourceName,
    renderFailure,
    onChange: () => renderStatus(),
  });
}
