// Scout's search page: results while you type. No framework, no build step, nothing from
// another origin. Text from the API reaches the page only through textContent and Text nodes
// (SECURITY.md T2); links and images only when they are http(s). An ES module: the shared
// helpers are in dom.js, the Books tab's Related panel in books.js, the Photos tab's grid and
// lightbox in photos.js and lightbox.js.
//
// The markup it works on is index.html (or the same markup rendered by the server for
// /search). Without this script the form still works: it submits to /search.
import { asCount, asString, isAbort, make, safeURL, thumbnail } from './dom.js';
import { createBooksPanel, isBookSource } from './books.js';
import {
  createPhotoGrid,
  isPhotoSource,
  makePhotoSwitch,
  normalizePhoto,
  PHOTO_PAGE_SIZE,
  renderPhotoSwitch,
} from './photos.js';

(() => {
  const DEBOUNCE_MS = 120; // wait this long after a keystroke before searching
  const SPINNER_DELAY_MS = 200; // show "loading" only for searches slower than this
  const SETTLE_MS = 1500; // a search left alone this long becomes a history entry and a recent search
  const PAGE_SIZE = 20;
  const PREFETCH_MARGIN_PX = 400; // load the next page this far before the end is visible
  const RECENT_KEY = 'scout.recent.v1';
  const RECENT_MAX = 8;
  const DEFAULT_SOURCE = 'wikipedia';

  const byId = (id) => document.getElementById(id);
  const form = byId('search-form');
  const input = byId('q');
  const fieldLabel = form ? form.querySelector('label[for="q"] .field-label') : null;
  const sourceField = byId('source');
  const tabs = byId('tabs');
  const tabNote = byId('tab-note');
  const spinner = byId('spinner');
  const statusBox = byId('status');
  const recentBox = byId('recent');
  const recentList = byId('recent-list');
  const resultsBox = byId('results');
  const list = byId('result-list');
  const more = byId('more');
  const sentinel = byId('sentinel');
  const photoSwitch = makePhotoSwitch(tabs);
  if (!form || !input || !list || !resultsBox) return;

  document.documentElement.classList.add('js');

  const state = {
    sources: [], // from /api/v1/sources: {id, name, kind, configured, message}
    source: DEFAULT_SOURCE,
    generation: 0, // bumped by every search and every clear; replies of older ones are dropped
    controller: null, // aborts the requests of the current generation
    debounceTimer: 0,
    spinnerTimer: 0,
    settleTimer: 0,
    countdownTimer: 0,
    view: 'start', // start | results | empty | error | offline
    request: null, // {q, source} of the current generation, for Retry and paging
    query: '', // the server-normalized query of what is shown
    items: [],
    ids: new Set(),
    next: null,
    suggestion: null,
    loadingMore: false,
    moreFailure: null,
    active: -1,
    entrySettled: true, // the current history entry holds a finished search: typing pushes a new one
    photoSource: null, // the photo source last chosen in the Photos tab
  };

  // The Books tab opens a book's related books in a panel instead of following its link.
  const books = createBooksPanel({
    panel: byId('related'),
    shell: byId('main'),
    onSearch: searchFor,
    onClose: () => input.focus(),
  });

  // Photo sources show a grid of their own, which loads its further pages itself.
  const photos = createPhotoGrid({
    container: resultsBox,
    fetchPage,
    sourceName,
    renderFailure,
    onChange: () => renderStatus(),
  });

  // ---------------------------------------------------------------- small helpers

  function sourceInfo(id) {
    return state.sources.find((source) => source.id === id) || null;
  }

  /** Whether the rows shown (or about to be) are books. */
  function showsBooks() {
    const id = state.request ? state.request.source : state.source;
    return isBookSource(id, sourceInfo(id));
  }

  /** Whether the results shown (or about to be) are photos. */
  function showsPhotos() {
    const id = state.request ? state.request.source : state.source;
    return isPhotoSource(id, sourceInfo(id));
  }

  function sourceName(id) {
    const info = sourceInfo(id);
    if (info && info.name) return info.name;
    return id ? id.charAt(0).toUpperCase() + id.slice(1) : 'The source';
  }

  /** Case- and accent-insensitive form of `text`, as the server matches prefixes. */
  function fold(text) {
    return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  }

  /** Where `query` occurs in `text` ignoring case and accents: at the start, else at a word start. */
  function matchRange(text, query) {
    const needle = fold(query.trim());
    if (!needle) return null;
    let folded = '';
    const starts = [];
    const ends = [];
    for (let index = 0; index < text.length; ) {
      const character = String.fromCodePoint(text.codePointAt(index));
      const next = index + character.length;
      const piece = fold(character);
      for (let k = 0; k < piece.length; k += 1) {
        starts.push(index);
        ends.push(next);
      }
      folded += piece;
      index = next;
    }
    let at = folded.startsWith(needle) ? 0 : -1;
    for (let from = 1; at < 0; ) {
      const found = folded.indexOf(needle, from);
      if (found < 0) break;
      if (!/[\p{L}\p{N}]/u.test(folded.charAt(found - 1))) at = found;
      from = found + 1;
    }
    if (at < 0) return null;
    return [starts[at], ends[at + needle.length - 1]];
  }

  /**
   * Appends `text` to `node` with the matched parts in <mark>s, Text nodes only: the spans the
   * server sent (books say what their ranking matched), else the part matching `query`.
   */
  function appendHighlighted(node, text, query, spans) {
    const range = spans ? null : matchRange(text, query);
    const marks = spans || (range ? [{ start: range[0], end: range[1] }] : []);
    let at = 0;
    for (const { start, end } of marks) {
      if (start > at) node.append(text.slice(at, start));
      node.append(make('mark', '', text.slice(start, end)));
      at = end;
    }
    if (at < text.length) node.append(text.slice(at));
  }

  /** The server's match spans of `title`, sorted and inside it; null when there are none. */
  function normalizeSpans(raw, title) {
    if (!Array.isArray(raw)) return null;
    const spans = [];
    let at = 0;
    for (const span of raw) {
      const start = asCount(span && span.start);
      const end = asCount(span && span.end);
      if (start === null || end === null || start < at || end <= start || end > title.length) return null;
      spans.push({ start, end });
      at = end;
    }
    return spans.length ? spans : null;
  }

  // ---------------------------------------------------------------- the API

  /** Why a search did not return a page: `offline` (no answer from Scout) or `error`. */
  class SearchFailure extends Error {
    constructor(kind, details) {
      super(details.message || kind);
      this.kind = kind;
      this.status = details.status || 0;
      this.code = details.code || null;
      this.apiMessage = details.message || null;
      this.retryAfter = details.retryAfter ?? null;
      this.source = details.source || null;
    }
  }

  function normalizeItem(raw) {
    if (!raw || typeof raw !== 'object') return null;
    const id = raw.id === undefined || raw.id === null ? null : String(raw.id);
    const title = asString(raw.title);
    if (id === null || title === null) return null;
    let thumbnail = null;
    if (raw.thumbnail && typeof raw.thumbnail === 'object' && asString(raw.thumbnail.url)) {
      thumbnail = {
        url: raw.thumbnail.url,
        width: asCount(raw.thumbnail.width),
        height: asCount(raw.thumbnail.height),
      };
    }
    const photo = normalizePhoto(raw.photo);
    const titleMatches = normalizeSpans(raw.titleMatches, title);
    return { id, title, description: asString(raw.description), thumbnail, link: asString(raw.link), photo, titleMatches };
  }

  function normalizeReply(body, q) {
    const items = Array.isArray(body.items) ? body.items.map(normalizeItem).filter(Boolean) : [];
    return {
      query: asString(body.query) || q,
      items,
      next: asString(body.next),
      suggestion: asString(body.suggestion),
    };
  }

  function parseRetryAfter(header) {
    if (!header) return null;
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds));
    const date = Date.parse(header);
    return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
  }

  async function fetchPage(q, source, cursor, signal, limit = PAGE_SIZE) {
    const parameters = new URLSearchParams({ source, q, limit: String(limit) });
    if (cursor) parameters.set('cursor', cursor);
    let response;
    try {
      response = await fetch(`/api/v1/search?${parameters}`, {
        signal,
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new SearchFailure('offline', {});
    }
    let body = null;
    try {
      body = await response.json();
    } catch (error) {
      if (isAbort(error)) throw error;
    }
    if (!response.ok || !body || typeof body !== 'object') {
      const info = body && body.error && typeof body.error === 'object' ? body.error : {};
      throw new SearchFailure('error', {
        status: response.status,
        code: asString(info.code),
        message: asString(info.message),
        retryAfter: asCount(info.retryAfter) ?? parseRetryAfter(response.headers.get('Retry-After')),
        source: asString(info.source),
      });
    }
    return normalizeReply(body, q);
  }

  // ---------------------------------------------------------------- searching

  function scheduleSearch() {
    clearTimeout(state.debounceTimer);
    clearTimeout(state.settleTimer);
    const q = input.value;
    if (!q.trim()) {
      clearResults();
      return;
    }
    state.debounceTimer = setTimeout(() => search(q, state.source), DEBOUNCE_MS);
  }

  /**
   * Searches `q` in `source` at once, superseding any search in flight: its request is
   * aborted and, should its reply still arrive, the generation check drops it.
   * `settle`: 'now' makes it a history entry and a recent search when it answers; 'later'
   * does so once it was left alone for SETTLE_MS; 'never' leaves history alone.
   */
  async function search(q, source, settle = 'later') {
    clearTimeout(state.debounceTimer);
    clearTimeout(state.settleTimer);
    clearTimeout(state.countdownTimer);
    const generation = ++state.generation;
    if (state.controller) state.controller.abort();
    const controller = new AbortController();
    state.controller = controller;
    state.request = { q, source };
    state.loadingMore = false;
    state.moreFailure = null;
    startSpinner(generation);
    try {
      const limit = showsPhotos() ? PHOTO_PAGE_SIZE : PAGE_SIZE;
      const page = await fetchPage(q, source, null, controller.signal, limit);
      if (generation !== state.generation) return; // a newer search started meanwhile
      stopSpinner();
      showPage(page);
      if (settle === 'now') settleEntry();
      else if (settle === 'later') state.settleTimer = setTimeout(settleEntry, SETTLE_MS);
    } catch (error) {
      if (isAbort(error) || generation !== state.generation) return;
      stopSpinner();
      showFailure(error instanceof SearchFailure ? error : new SearchFailure('error', {}));
    }
  }

  function retry() {
    if (state.request) search(state.request.q, state.request.source, 'now');
  }

  /** Forgets the current search: aborts it, empties the list, shows recent searches. */
  function clearResults() {
    clearTimeout(state.debounceTimer);
    clearTimeout(state.settleTimer);
    clearTimeout(state.countdownTimer);
    state.generation += 1;
    if (state.controller) state.controller.abort();
    state.controller = null;
    state.request = null;
    stopSpinner();
    books.close();
    photos.clear();
    state.view = 'start';
    state.query = '';
    state.items = [];
    state.ids = new Set();
    state.next = null;
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

  async function loadMore() {
    if (state.loadingMore || !state.next || state.view !== 'results' || !state.request) return;
    const generation = state.generation;
    const { q, source } = state.request;
    const signal = state.controller ? state.controller.signal : undefined;
    state.loadingMore = true;
    state.moreFailure = null;
    renderMore();
    try {
      const page = await fetchPage(q, source, state.next, signal);
      if (generation !== state.generation) return;
      state.next = page.next;
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

  function startSpinner(generation) {
    clearTimeout(state.spinnerTimer);
    state.spinnerTimer = setTimeout(() => {
      if (generation !== state.generation) return;
      if (spinner) spinner.hidden = false;
      list.classList.add('is-stale');
      resultsBox.setAttribute('aria-busy', 'true');
    }, SPINNER_DELAY_MS);
  }

  function stopSpinner() {
    clearTimeout(state.spinnerTimer);
    if (spinner) spinner.hidden = true;
    list.classList.remove('is-stale');
    resultsBox.removeAttribute('aria-busy');
  }

  // ---------------------------------------------------------------- rendering

  function showPage(page) {
    state.query = page.query;
    state.items = [];
    state.ids = new Set();
    state.next = page.next;
    state.suggestion = page.suggestion;
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

  function renderStatus() {
    if (state.view === 'error' || state.view === 'offline') return; // the failure notice stays
    statusBox.replaceChildren();
    if (state.view === 'results') {
      const count = state.items.length || photos.count();
      const hasMore = state.next || photos.hasMore();
      const line = make('p', 'status-line');
      line.append(
        `${count}${hasMore ? '+' : ''} ${count === 1 && !hasMore ? 'result' : 'results'} for `,
        make('strong', '', state.query),
        ` in ${sourceName(state.request ? state.request.source : state.source)}`,
      );
      statusBox.append(line);
    } else if (state.view === 'empty') {
      statusBox.append(renderEmpty());
    }
  }

  function renderEmpty() {
    const source = state.request ? state.request.source : state.source;
    const notice = make('div', 'notice notice--empty');
    const title = make('p', 'notice-title');
    title.append('No results for ', make('q', '', state.query));
    notice.append(title);
    const text = make('p', 'notice-text');
    if (state.suggestion) {
      const link = make('a', 'suggestion', state.suggestion);
      link.href = urlFor(state.suggestion, source);
      link.addEventListener('click', (event) => {
        event.preventDefault();
        input.value = state.suggestion;
        pushTyped();
        search(input.value, source, 'now');
        input.focus(); // the link goes away with the empty state
      });
      text.append('Did you mean ', link, '?');
    } else {
      text.append(`${sourceName(source)} has nothing that matches. Check the spelling or try fewer words.`);
    }
    notice.append(text);
    return notice;
  }

  function showFailure(failure) {
    const source = (state.request && state.request.source) || state.source;
    const name = sourceName(failure.source || source);
    state.view = failure.kind === 'offline' ? 'offline' : 'error';
    state.items = [];
    state.ids = new Set();
    state.next = null;
    list.replaceChildren();
    more.replaceChildren();
    photos.clear();
    setActive(-1);
    statusBox.replaceChildren(renderFailure(failure, name, retry));
    updateView();
    renderRecent();
  }

  /** The notice for a failed search or page load, naming the source, with a Retry button. */
  function renderFailure(failure, name, onRetry) {
    const notice = make('div', 'notice notice--error');
    notice.setAttribute('role', 'alert');
    let heading;
    let fallback;
    if (failure.kind === 'offline') {
      heading = navigator.onLine === false ? 'You are offline' : 'Scout could not be reached';
      fallback = 'Check your connection; Scout searches again when it is back.';
    } else if (failure.status === 429) {
      heading = 'Too many searches';
      fallback = `${name} asked Scout to slow down.`;
    } else if (failure.status === 400) {
      heading = 'That search could not be run';
      fallback = 'Try different words.';
    } else if (failure.status === 504) {
      heading = `${name} did not answer in time`;
      fallback = `${name} did not answer in time.`;
    } else {
      heading = `${name} did not answer`;
      fallback = `${name} is not answering right now.`;
    }
    notice.append(make('p', 'notice-title', heading));
    notice.append(make('p', 'notice-text', failure.apiMessage || fallback));
    const actions = make('p', 'notice-actions');
    const button = make('button', 'button button--primary retry', 'Retry');
    button.type = 'button';
    button.addEventListener('click', () => {
      const hadFocus = document.activeElement === button;
      onRetry();
      if (hadFocus) input.focus(); // the notice goes away: focus goes where the results come
    });
    actions.append(button);
    notice.append(actions);
    if (failure.retryAfter) countDown(button, failure.retryAfter);
    return notice;
  }

  /** Keeps `button` disabled for `seconds`, showing how long is left. */
  function countDown(button, seconds) {
    let left = Math.min(seconds, 600);
    const tick = () => {
      if (!button.isConnected) return;
      if (left <= 0) {
        button.disabled = false;
        button.textContent = 'Retry';
        return;
      }
      button.disabled = true;
      button.textContent = `Retry in ${left} s`;
      left -= 1;
      state.countdownTimer = setTimeout(tick, 1000);
    };
    tick();
  }

  function renderMore() {
    more.replaceChildren();
    let moreState = 'idle';
    if (state.loadingMore) {
      moreState = 'loading';
      const spin = make('span', 'spinner');
      spin.setAttribute('aria-hidden', 'true');
      more.append(spin, make('span', 'more-text', 'Loading more…'));
    } else if (state.moreFailure) {
      moreState = 'failed';
      more.append(renderFailure(state.moreFailure, sourceName(state.request.source), loadMore));
    } else if (state.view === 'results' && !state.next && state.items.length > PAGE_SIZE / 2) {
      moreState = 'end';
      more.append(make('span', 'more-text', 'No more results'));
    }
    more.dataset.state = moreState;
  }

  function updateView() {
    resultsBox.dataset.view = state.view;
    const expanded = state.view === 'results' && state.items.length > 0;
    input.setAttribute('aria-expanded', String(expanded));
  }

  function setActive(index) {
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
  function openItem(index) {
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

  // ---------------------------------------------------------------- sources

  async function loadSources() {
    let sources = [];
    try {
      const response = await fetch('/api/v1/sources', { headers: { Accept: 'application/json' } });
      const body = response.ok ? await response.json() : null;
      if (body && Array.isArray(body.sources)) {
        sources = body.sources
          .filter((source) => source && asString(source.id))
          .map((source) => ({
            id: source.id,
            name: asString(source.name) || source.id,
            kind: asString(source.kind),
            configured: source.configured !== false,
            message: asString(source.message),
          }));
      }
    } catch {
      // The tabs fall back to the source in the address; searching still works.
    }
    if (!sources.length) {
      // No list: one tab for the source being searched, so the page still makes sense.
      sources.push({ id: state.source, name: sourceName(state.source), kind: null, configured: true, message: null });
    }
    state.sources = sources;
    renderTabs();
    renderStatus();
    renderRecent();
  }

  function renderTabs() {
    if (!tabs) return;
    const tabHadFocus = tabs.contains(document.activeElement);
    // A tablist only once there are tabs in it (index.html has none without this script).
    tabs.setAttribute('role', 'tablist');
    tabs.setAttribute('aria-label', 'Sources');
    tabs.replaceChildren();
    const photoSources = state.sources.filter((source) => isPhotoSource(source.id, source));
    if (isPhotoSource(state.source, sourceInfo(state.source))) state.photoSource = state.source;
    for (const listed of state.sources) {
      // Every photo source shares one Photos tab, at the first one's place; it opens the one
      // chosen last, and a switch inside the tab picks among them.
      const isPhotos = photoSources.includes(listed);
      if (isPhotos && listed !== photoSources[0]) continue;
      const source = isPhotos ? sourceInfo(state.photoSource) || listed : listed;
      const tab = make('button', 'tab', isPhotos ? 'Photos' : source.name);
      tab.type = 'button';
      tab.id = isPhotos ? 'tab-photos' : `tab-${source.id}`;
      tab.dataset.source = source.id;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', 'result-list');
      const selected = source.id === state.source;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (!source.configured) {
        tab.setAttribute('aria-disabled', 'true');
        if (source.message) tab.title = source.message;
      }
      tab.addEventListener('click', (event) => {
        chooseSource(source);
        if (event.detail > 0 && source.configured) input.focus(); // a mouse click: keep typing
      });
      tabs.append(tab);
      if (tabHadFocus && selected) tab.focus(); // the tab chosen from the keyboard keeps focus
    }
    const name = sourceName(state.source);
    input.placeholder = `Search ${name}`;
    if (fieldLabel) fieldLabel.textContent = `Search ${name}`;
    renderPhotoSwitch(photoSwitch, photoSources, state.source, chooseSource);
    if (sourceField) sourceField.value = state.source;
  }

  function chooseSource(source) {
    if (!source.configured) {
      tabNote.textContent = `${source.name} is not set up yet. ${source.message || ''}`.trim();
      tabNote.hidden = false;
      return;
    }
    tabNote.hidden = true;
    if (source.id === state.source) return;
    books.close();
    state.source = source.id;
    renderTabs();
    const q = input.value;
    writeHistory(true);
    state.entrySettled = true;
    if (q.trim()) search(q, state.source, 'now');
    else clearResults();
  }

  // ---------------------------------------------------------------- history and the address

  function readLocation() {
    const parameters = new URLSearchParams(window.location.search);
    return { q: parameters.get('q') || '', source: parameters.get('source') || '' };
  }

  /** The address of a search: the same path (/ or /search) with q and source. */
  function urlFor(q, source) {
    const path = window.location.pathname === '/search' ? '/search' : '/';
    const parameters = new URLSearchParams();
    if (q.trim()) parameters.set('q', q);
    if (q.trim() || source !== DEFAULT_SOURCE) parameters.set('source', source);
    const query = parameters.toString();
    return query ? `${path}?${query}` : path;
  }

  function writeHistory(push) {
    const q = input.value;
    const url = urlFor(q, state.source);
    const entry = { q, source: state.source };
    const current = window.location.pathname + window.location.search;
    if (push && url !== current) window.history.pushState(entry, '', url);
    else window.history.replaceState(entry, '', url);
    document.title = q.trim() ? `${q.trim()} – Scout` : 'Scout';
  }

  /** After a change of the field: a settled entry stays in history; the new text gets its own. */
  function pushTyped() {
    writeHistory(state.entrySettled);
    state.entrySettled = false;
    syncClearButton();
  }

  /** The search shown is final: its entry stays in history, and it becomes a recent search. */
  function settleEntry() {
    clearTimeout(state.settleTimer);
    if (!state.request) return;
    writeHistory(false);
    state.entrySettled = true;
    if (state.view === 'results' || state.view === 'empty') addRecent(state.request.q, state.request.source);
  }

  function restoreFromLocation(settle) {
    const { q, source } = readLocation();
    state.source = source || DEFAULT_SOURCE;
    input.value = q;
    syncClearButton();
    state.entrySettled = true;
    if (tabNote) tabNote.hidden = true;
    renderTabs();
    document.title = q.trim() ? `${q.trim()} – Scout` : 'Scout';
    if (q.trim()) search(q, state.source, settle);
    else clearResults();
  }

  // ---------------------------------------------------------------- recent searches

  function loadRecent() {
    try {
      const stored = JSON.parse(window.localStorage.getItem(RECENT_KEY) || '[]');
      if (!Array.isArray(stored)) return [];
      return stored
        .filter((entry) => entry && asString(entry.q) && asString(entry.source) && entry.q.trim())
        .slice(0, RECENT_MAX);
    } catch {
      return [];
    }
  }

  function saveRecent(entries) {
    try {
      window.localStorage.setItem(RECENT_KEY, JSON.stringify(entries.slice(0, RECENT_MAX)));
    } catch {
      // Storage full or disabled: recent searches are a convenience.
    }
  }

  function addRecent(q, source) {
    const text = q.trim().replace(/\s+/g, ' ');
    if (!text) return;
    const key = fold(text);
    const entries = loadRecent().filter((entry) => !(fold(entry.q) === key && entry.source === source));
    entries.unshift({ q: text, source });
    saveRecent(entries);
  }

  function removeRecent(index) {
    const entries = loadRecent();
    entries.splice(index, 1);
    saveRecent(entries);
    renderRecent();
    const buttons = recentList.querySelectorAll('.recent-remove');
    const target = buttons[Math.min(index, buttons.length - 1)];
    (target || input).focus();
  }

  function renderRecent() {
    if (!recentBox || !recentList) return;
    const entries = state.view === 'start' ? loadRecent() : [];
    recentBox.hidden = entries.length === 0;
    recentList.replaceChildren();
    entries.forEach((entry, index) => {
      const row = make('li', 'recent-item');
      const open = make('button', 'recent-open');
      open.type = 'button';
      open.append(make('span', 'recent-query', entry.q), make('span', 'recent-source', sourceName(entry.source)));
      open.addEventListener('click', () => {
        input.value = entry.q;
        const known = sourceInfo(entry.source);
        state.source = known && known.configured ? entry.source : state.source;
        renderTabs();
        pushTyped();
        search(entry.q, state.source, 'now');
        input.focus();
      });
      const remove = make('button', 'recent-remove', '×');
      remove.type = 'button';
      remove.setAttribute('aria-label', `Remove “${entry.q}” from recent searches`);
      remove.title = 'Remove';
      remove.addEventListener('click', () => removeRecent(index));
      row.append(open, remove);
      recentList.append(row);
    });
  }

  // ---------------------------------------------------------------- events

  // WAI-ARIA 1.2 combobox: the text field is the combobox; it controls the listbox of results
  // (expanded while that shows options) and points at the active option with
  // aria-activedescendant, so focus stays in the field.
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', 'result-list');
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Results');

  // The field is type=text (what a combobox may be), which has no × of its own: this is it.
  // Out of the Tab order like a native one; Esc does the same from the keyboard.
  const clearButton = make('button', 'field-clear');
  clearButton.type = 'button';
  clearButton.tabIndex = -1;
  clearButton.hidden = true;
  clearButton.title = 'Clear (Esc)';
  clearButton.setAttribute('aria-label', 'Clear search');
  input.after(clearButton);
  clearButton.addEventListener('click', () => {
    input.value = '';
    pushTyped();
    clearResults();
    input.focus();
  });

  function syncClearButton() {
    clearButton.hidden = input.value === '';
  }

  input.addEventListener('input', () => {
    pushTyped();
    scheduleSearch();
  });

  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        if (photos.count() && !state.items.length) {
          event.preventDefault();
          photos.focusFirst(); // the grid takes over the arrows
          return;
        }
        if (!state.items.length) return;
        event.preventDefault();
        setActive(Math.min(state.active + 1, state.items.length - 1));
        break;
      case 'ArrowUp':
        if (!state.items.length) return;
        event.preventDefault();
        setActive(Math.max(state.active - 1, -1));
        break;
      case 'Enter':
        event.preventDefault();
        if (state.active >= 0) openItem(state.active);
        else submitNow();
        break;
      case 'Escape':
        event.preventDefault();
        if (books.isOpen()) {
          books.close(); // first Esc closes the panel, the next clears
          break;
        }
        if (input.value) {
          input.value = '';
          pushTyped();
        }
        clearResults();
        break;
      default:
    }
  });

  function submitNow() {
    const q = input.value;
    if (!q.trim()) {
      clearResults();
      return;
    }
    const current = state.request;
    const shown = state.view === 'results' || state.view === 'empty';
    if (shown && current && current.q === q && current.source === state.source) settleEntry();
    else search(q, state.source, 'now');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitNow();
  });

  const rowOf = (event) => (event.target.closest ? event.target.closest('#result-list .result') : null);

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

  /** Searches `title` at once in the current source: a related book's title was chosen. */
  function searchFor(title) {
    input.value = title;
    pushTyped();
    search(title, state.source, 'now');
    input.focus();
  }

  if (tabs) {
    tabs.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const all = Array.from(tabs.querySelectorAll('.tab'));
      const at = all.indexOf(document.activeElement);
      if (at < 0) return;
      event.preventDefault();
      const next = all[(at + (event.key === 'ArrowRight' ? 1 : all.length - 1)) % all.length];
      next.focus();
    });
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    const editable =
      target instanceof HTMLElement &&
      (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
    if (editable) return;
    event.preventDefault();
    input.focus();
    input.select();
  });

  window.addEventListener('popstate', () => restoreFromLocation('never'));

  window.addEventListener('online', () => {
    if (state.view === 'offline') retry();
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

  // ---------------------------------------------------------------- start

  // The search in the address (a reload, a shared link, or a page the server rendered for
  // /search) runs again here; its rows replace the server's rows when they come.
  restoreFromLocation('never');
  loadSources();
})();
