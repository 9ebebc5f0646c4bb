// The result list: a WAI-ARIA listbox of options, one a result, with the matched part of each
// title marked; the active option follows ↑/↓ in the field (aria-activedescendant), and the
// next page loads before the end of the list comes into view (endless loading).
import { settleEntry } from './address.js';
import { fetchPage, PAGE_SIZE, SearchFailure } from './api.js';
import { isAbort, make, safeURL, setMoreState, thumbnail } from './dom.js';
import { appendHighlighted } from './highlight.js';
import { t } from './i18n.js';
import { byId, elements, state } from './page.js';
import { books, photos } from './panels.js';
import { renderRecent } from './recent.js';
import { retry } from './search.js';
import { showsBooks, showsPhotos, sourceName } from './sources.js';
import { renderFailure, renderStatus } from './status.js';

const PREFETCH_MARGIN_PX = 400; // load the next page this far before the end is visible

const { input, statusBox, resultsBox, list, more, sentinel } = elements;

/** Shows the first page of a search, in the list or, for photos, in the grid. */
export function showPage(page) {
  state.query = page.query;
  state.items = [];
  state.ids = new Set();
  state.next = page.next;
  state.found = page.found;
  state.missingWords = page.missingWords;
  state.suggestion = page.suggestion;
  state.stale = page.stale;
  state.view = page.items.length ? 'results' : 'empty';
  list.replaceChildren();
  setActive(-1);
  photos.clear();
  if (showsPhotos() && page.items.length) photos.show(page, state.request);
  else appendItems(page.items);
  if (!state.items.length && !photos.count()) state.view = 'empty';
  if (photos.count()) state.next = null; // the grid pages itself
  renderStatus();
  renderMore();
  updateView();
  renderRecent();
  window.requestAnimationFrame(loadMoreIfNearEnd);
}

/** The start view: no search, no rows, the recent searches. */
export function showStart() {
  books.close();
  photos.clear();
  state.view = 'start';
  state.query = '';
  state.items = [];
  state.ids = new Set();
  state.next = null;
  state.found = null;
  state.missingWords = [];
  state.suggestion = null;
  state.loadingMore = false;
  state.moreFailure = null;
  list.replaceChildren();
  statusBox.replaceChildren();
  more.replaceChildren();
  setActive(-1);
  updateView();
  renderRecent();
}

/** A failed search: no rows, the notice naming the source with a Retry button. */
export function showFailure(failure) {
  const source = (state.request && state.request.source) || state.source;
  const name = sourceName(failure.source || source);
  state.view = failure.kind === 'offline' ? 'offline' : 'error';
  state.items = [];
  state.ids = new Set();
  state.next = null;
  state.found = null;
  state.missingWords = [];
  list.replaceChildren();
  more.replaceChildren();
  photos.clear();
  setActive(-1);
  statusBox.replaceChildren(renderFailure(failure, name, retry));
  updateView();
  renderRecent();
}

function appendItems(items) {
  const fragment = document.createDocumentFragment();
  for (const item of items) {
    if (state.ids.has(item.id)) continue; // pages may overlap when the source shifts
    state.ids.add(item.id);
    state.items.push(item);
    fragment.append(renderRow(item, state.items.length - 1));
  }
  list.append(fragment);
}

function renderRow(item, index) {
  const row = make('li', 'result');
  row.id = `result-${index}`;
  row.setAttribute('role', 'option');
  row.setAttribute('aria-selected', 'false');
  row.dataset.index = String(index);
  // The result's own language (a Japanese title on an English page): screen readers read it
  // in that voice, and CJK text is drawn with that language's glyphs.
  if (item.lang) row.lang = item.lang; // checked by api.js
  const isBook = showsBooks();
  if (isBook) row.classList.add('result--book');
  if (isBook && books.isOpenFor(item.id)) row.classList.add('is-open');
  // The option is the control: no link inside it (an option holds nothing interactive), so a
  // click on the row, or Enter in the field, opens the address the row keeps (http(s) only).
  const href = safeURL(item.link);
  if (href) row.dataset.href = href;
  const body = make('div', href || isBook ? 'result-link' : 'result-link result-link--plain');
  body.append(renderThumbnail(item), renderText(item));
  row.append(body);
  return row;
}

function renderThumbnail(item) {
  const picture = item.thumbnail || {};
  return thumbnail('thumb', item.title, picture.url, picture.width, picture.height);
}

function renderText(item) {
  const text = make('span', 'result-text');
  const title = make('span', 'result-title');
  appendHighlighted(title, item.title, state.query, item.titleMatches);
  text.append(title);
  if (item.description) text.append(make('span', 'result-description', item.description));
  // A link that is not http(s) is not followed, only shown.
  if (item.link && !safeURL(item.link)) text.append(make('span', 'result-host', item.link));
  return text;
}

async function loadMore() {
  if (state.loadingMore || !state.next || state.view !== 'results' || !state.request) return;
  const generation = state.generation;
  const { q, source, lang } = state.request;
  const signal = state.controller ? state.controller.signal : undefined;
  state.loadingMore = true;
  state.moreFailure = null;
  renderMore();
  try {
    const page = await fetchPage(q, source, state.next, signal, PAGE_SIZE, lang);
    if (generation !== state.generation) return;
    state.next = page.next;
    if (page.found !== null) state.found = page.found;
    appendItems(page.items);
  } catch (error) {
    if (isAbort(error) || generation !== state.generation) return;
    state.moreFailure = error instanceof SearchFailure ? error : new SearchFailure('error', {});
  } finally {
    if (generation === state.generation) {
      state.loadingMore = false;
      renderMore();
      renderStatus();
      if (!state.moreFailure) window.requestAnimationFrame(loadMoreIfNearEnd);
    }
  }
}

/** The observer only reports changes; after a page was added the end may still be in view. */
function loadMoreIfNearEnd() {
  if (!sentinel || !state.next || state.loadingMore) return;
  if (sentinel.getBoundingClientRect().top < window.innerHeight + PREFETCH_MARGIN_PX) loadMore();
}

function renderMore() {
  if (state.loadingMore) setMoreState(more, 'loading', t('page.loadingMore'));
  else if (state.moreFailure) {
    // A stale cursor (409: the catalog changed) cannot be fetched again: Retry searches anew.
    const again = state.moreFailure.status === 409 ? retry : loadMore;
    setMoreState(more, 'failed', renderFailure(state.moreFailure, sourceName(state.request.source), again));
  } else if (state.view === 'results' && !state.next && state.items.length > PAGE_SIZE / 2) {
    setMoreState(more, 'end', t('page.noMore'));
  } else setMoreState(more, 'idle');
}

function updateView() {
  resultsBox.dataset.view = state.view;
  const expanded = state.view === 'results' && state.items.length > 0;
  input.setAttribute('aria-expanded', String(expanded));
}

/** Makes row `index` the active option (-1: none), in view; near the end, loads more. */
export function setActive(index) {
  const previous = state.active >= 0 ? byId(`result-${state.active}`) : null;
  if (previous) {
    previous.classList.remove('is-active');
    previous.setAttribute('aria-selected', 'false');
  }
  state.active = index;
  const row = index >= 0 ? byId(`result-${index}`) : null;
  if (!row) {
    state.active = -1;
    input.removeAttribute('aria-activedescendant');
    return;
  }
  row.classList.add('is-active');
  row.setAttribute('aria-selected', 'true');
  input.setAttribute('aria-activedescendant', row.id);
  row.scrollIntoView({ block: 'nearest' });
  if (index >= state.items.length - 3) loadMore();
}

/** Opens row `index`: a book's Related panel, anything else at its source in a new tab. */
export function openItem(index) {
  const item = state.items[index];
  if (item && showsBooks()) {
    settleEntry();
    books.open(item, byId(`result-${index}`));
    return;
  }
  openLink(index);
}

/** Opens the link of row `index` in a new tab that cannot reach this page. */
function openLink(index) {
  const item = state.items[index];
  const href = item ? safeURL(item.link) : null;
  if (!href) return;
  settleEntry();
  window.open(href, '_blank', 'noopener,noreferrer');
}

const rowOf = (event) => (event.target.closest ? event.target.closest('#result-list .result') : null);

/** Clicks on rows, and the sentinel that loads the next page before the end shows. */
export function startResults() {
  // A click on a row opens it (a book: its Related panel; a modified click: its page); the
  // middle button opens its page. Pressing a row leaves focus in the field, as in a combobox.
  list.addEventListener('mousedown', (event) => {
    if (rowOf(event) && document.activeElement === input) event.preventDefault();
  });
  list.addEventListener('click', (event) => {
    const row = rowOf(event);
    if (!row) return;
    const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (modified) openLink(Number(row.dataset.index));
    else openItem(Number(row.dataset.index));
  });
  list.addEventListener('auxclick', (event) => {
    const row = rowOf(event);
    if (row && event.button === 1) openLink(Number(row.dataset.index));
  });
  if (sentinel && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: `0px 0px ${PREFETCH_MARGIN_PX}px 0px` },
    );
    observer.observe(sentinel);
  }
}
