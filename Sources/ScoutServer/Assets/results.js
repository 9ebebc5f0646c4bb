// The result list: a WAI-ARIA listbox of options, one a result, with the matched part of each
// title marked; the active option follows ↑/↓ in the field (aria-activedescendant), and the
// next page is asked for before the end of the list comes into view (endless loading). A view
// of the search machine's shown section; the active option is its own.
import { moveActiveOption, safeURL, setMoreState } from './dom.js';
import { t } from './i18n.js';
import { shownSection } from './machine.js';
import { byId } from './page.js';
import { renderResultRow } from './row.js';
import { isBookSource, PAGE_SIZE, sourceInfo } from './rules.js';
import { sourceName } from './sources.js';

const PREFETCH_MARGIN_PX = 400; // load the next page this far before the end is visible

/**
 * The list in `elements`; `books` is the Related panel, `renderFailure` the notices' (status.js).
 * Returns {render(state), count(), active(), setActive(index), open(index)}.
 */
export function createResultList({ elements, books, renderFailure, dispatch }) {
  const { input, spinner, resultsBox, list, more, sentinel } = elements;
  let section = null; // the section whose rows are in the list
  let rendered = 0; // how many of its items
  let isBooks = false;
  let active = -1;
  let footer = {};
  let view = null;

  const loadMore = () => dispatch({ type: 'more' });

  function renderRow(item, index) {
    const isOpen = isBooks && books.isOpenFor(item.id);
    const row = renderResultRow(item, { id: `result-${index}`, query: section.query, isBook: isBooks, isOpen });
    row.dataset.index = String(index);
    return row;
  }

  /** The rows of `next` (a section or null): new rows appended, another search's replace all. */
  function renderRows(state, next) {
    const same = next && section && next.generation === section.generation && next.source === section.source;
    // Nothing to clear while no section is shown (the All tab's sections own the field's option then).
    if (!same && (section || list.firstChild || active >= 0)) {
      list.replaceChildren();
      setActive(-1);
      rendered = 0;
    }
    section = next;
    if (!next || next.items.length === rendered) return false;
    isBooks = isBookSource(next.source, sourceInfo(state.sources, next.source));
    const fragment = document.createDocumentFragment();
    for (let index = rendered; index < next.items.length; index += 1) fragment.append(renderRow(next.items[index], index));
    list.append(fragment);
    rendered = next.items.length;
    return true;
  }

  function renderMore(state) {
    const current = { section, view: state.view };
    if (current.section === footer.section && current.view === footer.view) return;
    footer = current;
    if (section && section.loadingMore) setMoreState(more, 'loading', t('page.loadingMore'));
    else if (section && section.moreFailure) {
      // A stale cursor (409: the catalog changed) cannot be fetched again: Retry searches anew.
      const again = section.moreFailure.status === 409 ? () => dispatch({ type: 'retry' }) : loadMore;
      setMoreState(more, 'failed', renderFailure(section.moreFailure, sourceName(section.source, state.sources), again));
    } else if (state.view === 'results' && section && !section.next && section.items.length > PAGE_SIZE / 2) {
      setMoreState(more, 'end', t('page.noMore'));
    } else setMoreState(more, 'idle');
  }

  function render(state) {
    const next = state.view === 'results' || state.view === 'empty' ? shownSection(state) : null;
    const changed = next !== section;
    const added = renderRows(state, next);
    renderMore(state);
    if (view !== state.view || added) {
      view = state.view;
      resultsBox.dataset.view = state.view;
      input.setAttribute('aria-expanded', String(state.view === 'results' && rendered > 0));
    }
    if (spinner) spinner.hidden = !state.spinner;
    list.classList.toggle('is-stale', state.spinner);
    if (state.spinner) resultsBox.setAttribute('aria-busy', 'true');
    else resultsBox.removeAttribute('aria-busy');
    // The observer only reports changes; after a page came the end may still be in view.
    if (changed && next && !next.loadingMore && !next.moreFailure) window.requestAnimationFrame(loadMoreIfNearEnd);
  }

  function loadMoreIfNearEnd() {
    if (!sentinel || !section || !section.next || section.loadingMore) return;
    if (sentinel.getBoundingClientRect().top < window.innerHeight + PREFETCH_MARGIN_PX) loadMore();
  }

  /** Makes row `index` the active option (-1: none), in view; near the end, loads more. */
  function setActive(index) {
    const previous = active >= 0 ? byId(`result-${active}`) : null;
    const row = index >= 0 ? byId(`result-${index}`) : null;
    active = moveActiveOption(input, previous, row) ? index : -1;
    if (active >= 0 && index >= rendered - 3) loadMore();
  }

  /** Opens row `index`: a book's Related panel, anything else at its source in a new tab. */
  function open(index) {
    const item = section && section.items[index];
    if (item && isBooks) {
      dispatch({ type: 'settle' });
      books.open(item, byId(`result-${index}`));
      return;
    }
    openLink(index);
  }

  /** Opens the link of row `index` in a new tab that cannot reach this page. */
  function openLink(index) {
    const item = section && section.items[index];
    const href = item ? safeURL(item.link) : null;
    if (!href) return;
    dispatch({ type: 'settle' });
    window.open(href, '_blank', 'noopener,noreferrer');
  }

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
    else open(Number(row.dataset.index));
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

  return { render, count: () => rendered, active: () => active, setActive, open };
}
