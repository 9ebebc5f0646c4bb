// The Photos tab: results of a photo source (Wikimedia Commons, Flickr) as a grid of square
// tiles that keeps loading as you scroll, and a lightbox. Upstream text goes in only as
// textContent (SECURITY.md T2); images only from this origin's /img/ proxy.
//
// Paging follows Scout's Paginator: one load at a time (through the shell, shell.js, which
// alone makes requests), never the same page twice, ids
// deduplicated across pages, exhausted when a reply has no next cursor, and a failed page keeps
// the tiles and offers Retry. Far-off tiles give their <img> back past a memory bound (the
// tile stays, the same size, as a placeholder) and get it again when scrolled near.
import { asCount, asString, initial, make, safeURL, setMoreState } from './dom.js';
import { pluralKey, t } from './i18n.js';
import { createLightbox } from './lightbox.js';
import { PHOTO_PAGE_SIZE } from './rules.js';

const AHEAD_PX = 1600; // request the next page this far before the end of the grid shows
const NEAR_PX = 1200; // tiles this close to the screen keep (or get back) their image
const MAX_IMAGES = 180; // at most this many <img> in the grid; the grid's data-max-images overrides

/** The `photo` facts of an API item, or null; only strings and counts, only /img/ images. */
export function normalizePhoto(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const image = asString(raw.image);
  return {
    author: asString(raw.author),
    license: asString(raw.license),
    width: asCount(raw.width),
    height: asCount(raw.height),
    image: image && image.startsWith('/img/') ? image : null,
  };
}

/** The container of the Photos tab's source switch, made after `tabs` (also on /search pages). */
export function makePhotoSwitch(tabs) {
  if (!tabs) return null;
  const container = make('div', 'photo-sources');
  container.id = 'photo-sources';
  container.setAttribute('role', 'group');
  container.setAttribute('aria-label', t('page.photos.source'));
  container.hidden = true;
  tabs.after(container);
  return container;
}

/**
 * The switch inside the Photos tab (Wikimedia Commons | Flickr): shown while a photo source is
 * searched and there is more than one; `onChoose(source)` switches.
 */
export function renderPhotoSwitch(container, sources, current, onChoose) {
  if (!container) return;
  const hadFocus = container.contains(document.activeElement);
  container.replaceChildren();
  container.hidden = sources.length < 2 || !sources.some((source) => source.id === current);
  if (container.hidden) return;
  for (const source of sources) {
    const button = make('button', 'photo-source', source.name);
    button.type = 'button';
    button.id = `photo-source-${source.id}`;
    button.setAttribute('aria-pressed', String(source.id === current));
    button.addEventListener('click', () => onChoose(source));
    container.append(button);
    if (hadFocus && source.id === current) button.focus(); // chosen from the keyboard: focus stays
  }
}

/**
 * The grid, its footer and the sentinel that triggers loading, appended to `container`.
 * `pages` is the shell's channel for the further pages ({load, stop}); `renderFailure(error,
 * name, onRetry)` the notices'; `onChange()` is called when photos were added.
 */
export function createPhotoGrid({ container, pages, sourceName, renderFailure, onChange }) {
  const grid = make('ul', 'photo-grid');
  grid.id = 'photo-grid';
  grid.setAttribute('aria-label', t('source.photos'));
  grid.hidden = true;
  const more = make('div', 'more photo-more');
  more.id = 'photo-more';
  const sentinel = make('div', 'sentinel');
  sentinel.setAttribute('aria-hidden', 'true');
  container.append(grid, more, sentinel);
  const state = {
    request: null, // {q, source}
    items: [],
    ids: new Set(),
    next: null,
    requested: new Set(), // cursors asked for (and not failed): never asked again
    loading: false,
    failure: null, // {error, cursor}
  };
  const lightbox = createLightbox({
    count: () => state.items.length,
    item: (index) => state.items[index],
    sourceName: () => sourceName(state.request ? state.request.source : ''),
    onShow: (index) => {
      if (index >= state.items.length - 3) loadMore();
    },
    onClose: (index) => focusTile(index),
  });
  const nearObserver = new IntersectionObserver(onNearChange, { rootMargin: `${NEAR_PX}px 0px` });
  new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
    rootMargin: `0px 0px ${AHEAD_PX}px 0px`,
  }).observe(sentinel);

  function show(page, request) {
    clear();
    state.request = request;
    grid.hidden = false;
    append(page);
  }

  function clear() {
    pages.stop(); // a page of the search before never comes
    lightbox.close(false);
    nearObserver.disconnect();
    Object.assign(state, { request: null, items: [], ids: new Set(), next: null, requested: new Set() });
    Object.assign(state, { loading: false, failure: null });
    grid.replaceChildren();
    grid.hidden = true;
    renderMore();
  }

  function append(page) {
    state.next = page.next && !state.requested.has(page.next) ? page.next : null;
    const fragment = document.createDocumentFragment();
    for (const item of page.items) {
      if (state.ids.has(item.id)) continue; // pages may overlap when the source shifts
      state.ids.add(item.id);
      state.items.push(item);
      fragment.append(renderTile(item, state.items.length - 1));
    }
    grid.append(fragment);
    renderMore();
    lightbox.refresh();
    onChange();
    window.requestAnimationFrame(() => {
      releaseFarImages();
      loadMoreIfNearEnd();
    });
  }

  function loadMore() {
    const cursor = state.next;
    if (!state.request || state.loading || state.failure || !cursor || state.requested.has(cursor)) return;
    state.requested.add(cursor);
    state.loading = true;
    const { q, source } = state.request;
    renderMore();
    pages.load(
      { type: 'page', q, source, lang: null, cursor, limit: PHOTO_PAGE_SIZE },
      {
        loaded: (page) => {
          state.loading = false;
          append(page);
        },
        failed: (error) => {
          state.requested.delete(cursor); // a failed page may be asked for again, by Retry only
          state.loading = false;
          state.failure = { error, cursor };
          renderMore();
        },
      },
    );
  }

  function retry() {
    if (!state.failure) return;
    state.next = state.failure.cursor;
    state.failure = null;
    loadMore();
  }

  /** The observer reports changes only; after a page came the end may still be in view. */
  function loadMoreIfNearEnd() {
    if (state.next && sentinel.getBoundingClientRect().top < window.innerHeight + AHEAD_PX) loadMore();
  }

  function renderMore() {
    if (state.loading) setMoreState(more, 'loading', t('page.photos.loading'));
    else if (state.failure) {
      setMoreState(more, 'failed', renderFailure(state.failure.error, sourceName(state.request.source), retry));
    } else if (state.request && !state.next && state.items.length) {
      setMoreState(more, 'end', t(pluralKey('page.photos.end', state.items.length), { count: state.items.length }));
    } else setMoreState(more, 'idle');
  }

  // ---------------------------------------------------------------- tiles and images

  function renderTile(item, index) {
    const cell = make('li', 'photo');
    const tile = make('button', 'photo-tile');
    tile.type = 'button';
    tile.id = `photo-${index}`;
    tile.dataset.index = String(index);
    tile.tabIndex = index === 0 ? 0 : -1;
    tile.setAttribute('aria-label', item.title);
    tile.setAttribute('aria-haspopup', 'dialog');
    tile.append(make('span', 'photo-initial', initial(item.title)));
    tile.append(make('span', 'photo-caption', item.title));
    cell.append(tile);
    attachImage(tile, item);
    nearObserver.observe(tile);
    return cell;
  }

  function attachImage(tile, item) {
    const src = item.thumbnail && safeURL(item.thumbnail.url);
    if (!src || tile.querySelector('img')) return;
    const image = make('img', 'photo-image');
    image.alt = '';
    image.loading = 'lazy'; // the tiles on screen first; the proxy's host budget is shared
    image.decoding = 'async';
    image.addEventListener('error', () => image.remove(), { once: true });
    image.src = src;
    tile.prepend(image);
    tile.classList.remove('is-released');
  }

  /** A released tile that comes near the screen gets its image back. */
  function onNearChange(entries) {
    for (const entry of entries) {
      if (entry.isIntersecting) attachImage(entry.target, state.items[Number(entry.target.dataset.index)]);
    }
    releaseFarImages();
  }

  /**
   * Past the bound, the images farthest from the screen go (never one within NEAR_PX of it, so
   * nothing in view flickers); their tiles stay in place, the same size.
   */
  function releaseFarImages() {
    const bound = Number(grid.dataset.maxImages) || MAX_IMAGES;
    const images = Array.from(grid.querySelectorAll('.photo-image'));
    if (images.length <= bound) return;
    const height = window.innerHeight;
    const far = images
      .map((image) => ({ image, tile: image.parentElement, rect: image.parentElement.getBoundingClientRect() }))
      .map((entry) => ({ ...entry, distance: Math.max(-entry.rect.bottom, entry.rect.top - height) }))
      .filter((entry) => entry.distance > NEAR_PX)
      .sort((a, b) => b.distance - a.distance);
    for (const { image, tile } of far.slice(0, images.length - bound)) {
      image.remove();
      tile.classList.add('is-released');
    }
  }

  // ---------------------------------------------------------------- keyboard

  const tiles = () => Array.from(grid.querySelectorAll('.photo-tile'));

  function focusTile(index) {
    const all = tiles();
    const target = all[Math.max(0, Math.min(index, all.length - 1))];
    if (!target) return;
    for (const tile of all) tile.tabIndex = tile === target ? 0 : -1;
    target.focus();
    if (index >= state.items.length - 6) loadMore();
  }

  /** Tiles per row: those on the first tile's line. */
  function columns() {
    const all = tiles();
    const top = all.length ? all[0].offsetTop : 0;
    return Math.max(1, all.filter((tile) => tile.offsetTop === top).length);
  }

  grid.addEventListener('keydown', (event) => {
    const tile = event.target.closest && event.target.closest('.photo-tile');
    if (!tile) return;
    const index = Number(tile.dataset.index);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns(), ArrowDown: columns() }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      focusTile(Math.max(0, Math.min(index + step, state.items.length - 1)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusTile(event.key === 'Home' ? 0 : state.items.length - 1);
    }
  });

  grid.addEventListener('click', (event) => {
    const tile = event.target.closest && event.target.closest('.photo-tile');
    if (tile) lightbox.open(Number(tile.dataset.index));
  });

  return {
    show,
    clear,
    count: () => state.items.length,
    hasMore: () => Boolean(state.next),
    focusFirst: () => focusTile(0),
  };
}
