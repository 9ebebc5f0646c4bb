// The All tab: a section a source, in the machine's fixed order, each with its heading, a few
// rows (options of its own listbox, thumbnails and descriptions as the result list's), and
// "More in Books →" to that source's tab with the same search. A section's place is held while
// its source answers (the rows of the search before, dimmed, or a placeholder of the same
// height), so nothing below it moves; a failed section says so with its own Retry while the
// others show their rows. The field's ↑/↓ move through every section's rows as one list (the
// field controls each section's listbox and points at the active option), Enter opens: a book
// its Related panel, as on the Books tab, anything else its page in a new tab.
import { urlFor } from './address.js';
import { make, moveActiveOption, safeURL } from './dom.js';
import { t } from './i18n.js';
import { allSections, searchLanguage } from './machine.js';
import { renderResultRow } from './row.js';
import { ALL_LIMIT, isBookSource, sourceInfo } from './rules.js';
import { sourceName } from './sources.js';

/**
 * The sections, in a container made before the result list; `books` is the Related panel
 * (books.js), `renderFailure` the notices' (status.js). Returns {render(state), count(),
 * active(), setActive(index), open(index)}, the result list's interface (results.js), so the
 * field drives either.
 */
export function createAllSections({ elements, books, renderFailure, dispatch }) {
  const { input, list } = elements;
  // The sections the server rendered for a browser without JavaScript: this view draws its own.
  document.getElementById('all-sections-server')?.remove();
  const box = make('div', 'all-sections');
  box.id = 'all-sections';
  box.hidden = true;
  list.before(box);
  const nodes = new Map(); // source → {section (the state shown), element}
  let rows = []; // every row shown, in order: {source, item, id, isBook}
  let active = -1;
  let shown = null; // the sections shown (allSections of the state rendered last)
  let sources = [];

  const rowId = (source, index) => `all-${source}-${index}`;
  const listId = (source) => `all-list-${source}`;
  const headingId = (source) => `all-heading-${source}`;

  /**
   * A loading section's rows: boxes built as rows are (row.js), a title line and a description
   * line each, so that they are exactly as tall as the rows that replace them.
   */
  function renderPlaceholder() {
    const placeholder = make('ul', 'result-list all-placeholder');
    placeholder.setAttribute('aria-hidden', 'true');
    for (let index = 0; index < ALL_LIMIT; index += 1) {
      const body = make('div', 'result-link result-link--plain');
      const text = make('span', 'result-text');
      text.append(make('span', 'result-title all-bar', '\u00a0'), make('span', 'result-description all-bar', '\u00a0'));
      body.append(make('span', 'thumb'), text);
      const skeleton = make('li', 'result all-skeleton');
      skeleton.append(body);
      placeholder.append(skeleton);
    }
    return placeholder;
  }

  function renderBody(state, section) {
    const name = sourceName(section.source, state.sources);
    const body = make('div', 'all-body');
    if (section.items.length) {
      const rowsList = make('ul', 'result-list all-list');
      rowsList.id = listId(section.source);
      rowsList.setAttribute('role', 'listbox');
      rowsList.setAttribute('aria-labelledby', headingId(section.source));
      if (section.state === 'loading') rowsList.classList.add('is-stale');
      const isBook = isBookSource(section.source, sourceInfo(state.sources, section.source));
      section.items.slice(0, ALL_LIMIT).forEach((item, index) => {
        const isOpen = isBook && books.isOpenFor(item.id);
        rowsList.append(renderResultRow(item, { id: rowId(section.source, index), query: section.query, isBook, isOpen }));
      });
      body.append(rowsList);
    }
    if (section.state === 'loading') {
      if (!section.items.length) {
        body.append(renderPlaceholder());
      }
      body.append(make('p', 'visually-hidden', t('page.all.loading', { source: name })));
    } else if (section.state === 'empty') {
      body.append(make('p', 'all-empty', t('page.all.empty', { source: name })));
    } else if (section.state === 'failed') {
      body.append(renderFailure(section.failure, name, () => dispatch({ type: 'retrySection', source: section.source })));
    }
    return body;
  }

  function renderSection(state, section) {
    const element = make('section', 'all-section');
    element.dataset.source = section.source;
    element.dataset.state = section.state;
    element.setAttribute('aria-labelledby', headingId(section.source));
    if (section.state === 'loading') element.setAttribute('aria-busy', 'true');
    const name = sourceName(section.source, state.sources);
    const heading = make('h2', 'all-heading', name);
    heading.id = headingId(section.source);
    element.append(heading, renderBody(state, section));
    if (state.request) {
      const { q } = state.request;
      const more = make('a', 'all-more', t('page.all.more', { source: name }));
      more.href = urlFor(window.location.pathname, q, section.source, searchLanguage(state, section.source));
      more.addEventListener('click', (event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        dispatch({ type: 'chooseSource', id: section.source });
        input.focus();
      });
      const line = make('p', 'all-more-line');
      line.append(more);
      element.append(line);
    }
    return element;
  }

  /** Marks row `index` of `rows` active (-1: none), in view; the field points at it. */
  function setActive(index) {
    const previous = active >= 0 && rows[active] ? document.getElementById(rows[active].id) : null;
    const row = index >= 0 && rows[index] ? document.getElementById(rows[index].id) : null;
    active = moveActiveOption(input, previous, row) ? index : -1;
  }

  /**
   * Opens row `index`: a book's Related panel, else its page in a new tab that cannot reach this
   * one, else its source's tab. `linkOnly` (a modified click): only a page, in a new tab.
   */
  function open(index, linkOnly = false) {
    const row = rows[index];
    if (!row) return;
    if (row.isBook && !linkOnly) {
      dispatch({ type: 'settle' });
      books.open(row.item, document.getElementById(row.id));
      return;
    }
    const href = safeURL(row.item.link);
    if (!href) {
      if (!linkOnly) dispatch({ type: 'chooseSource', id: row.source });
      return;
    }
    dispatch({ type: 'settle' });
    window.open(href, '_blank', 'noopener,noreferrer');
  }

  /** The field controls every section's listbox while the All tab shows rows. */
  function wireField(isAll) {
    const lists = isAll ? Array.from(box.querySelectorAll('[role="listbox"]'), (element) => element.id) : [];
    if (lists.length) {
      input.setAttribute('aria-controls', lists.join(' '));
      input.setAttribute('aria-expanded', 'true');
    } else {
      input.setAttribute('aria-controls', list.id);
      if (isAll) input.setAttribute('aria-expanded', 'false');
    }
  }

  function render(state) {
    const sections = allSections(state);
    const isAll = sections.length > 0;
    if (!isAll && shown === null) return;
    const same =
      shown !== null && sources === state.sources && sections.length === shown.length && sections.every((section, at) => section === shown[at]);
    if (same) return;
    const activeId = active >= 0 && rows[active] ? rows[active].id : null;
    shown = isAll ? sections : null;
    sources = state.sources;
    box.hidden = !isAll;
    if (!isAll) {
      box.replaceChildren();
      nodes.clear();
      rows = [];
      active = -1;
      input.removeAttribute('aria-activedescendant');
      wireField(false);
      return;
    }
    // Only a section that changed is drawn again: the others keep their elements (and focus).
    const elementsInOrder = sections.map((section) => {
      const node = nodes.get(section.source);
      if (node && node.section === section && node.sources === state.sources) return node.element;
      const element = renderSection(state, section);
      nodes.set(section.source, { section, sources: state.sources, element });
      return element;
    });
    for (const source of nodes.keys()) {
      if (!sections.some((section) => section.source === source)) nodes.delete(source);
    }
    const sameOrder = elementsInOrder.every((element, at) => box.children[at] === element) && box.children.length === elementsInOrder.length;
    if (!sameOrder) box.replaceChildren(...elementsInOrder);
    rows = sections.flatMap((section) => {
      const isBook = isBookSource(section.source, sourceInfo(state.sources, section.source));
      return section.items.slice(0, ALL_LIMIT).map((item, index) => ({ source: section.source, item, id: rowId(section.source, index), isBook }));
    });
    wireField(true);
    active = -1;
    setActive(activeId ? rows.findIndex((row) => row.id === activeId) : -1);
  }

  const rowOf = (event) => (event.target.closest ? event.target.closest('.all-list .result') : null);
  box.addEventListener('mousedown', (event) => {
    if (rowOf(event) && document.activeElement === input) event.preventDefault();
  });
  // A click opens the row (a book: its Related panel; a modified click: its page), as in the list.
  box.addEventListener('click', (event) => {
    const row = rowOf(event);
    const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (row) open(rows.findIndex((candidate) => candidate.id === row.id), modified);
  });

  return { render, count: () => rows.length, active: () => active, setActive, open };
}
