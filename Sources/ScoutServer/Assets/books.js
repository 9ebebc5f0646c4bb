// The Books tab's Related panel: opening a book row shows the books related to it, grouped by
// relation ("Same series", "Same author", …), each with its reason; each related title searches
// for itself. Text from the API goes in as text only (SECURITY.md T2).
import { asCount, asString, failureNotice, isAbort, make, thumbnail } from './dom.js';
import { quoted, t } from './i18n.js';

/** "same series" → "Same series". */
const heading = (phrase) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** One related entry of the API, or null when it is malformed. */
function normalizeRelated(raw) {
  if (!raw || typeof raw !== 'object' || !raw.book || typeof raw.book !== 'object') return null;
  const title = asString(raw.book.title);
  const kind = asString(raw.kind);
  if (!title || !kind) return null;
  return {
    kind,
    phrase: asString(raw.phrase) || kind,
    reason: asString(raw.reason),
    title,
    year: Number.isInteger(raw.book.year) ? raw.book.year : null,
    cover: asString(raw.book.cover),
  };
}

/** Related entries grouped by kind, in the order the server ranked the kinds. */
function groupByKind(entries) {
  const groups = new Map();
  for (const entry of entries) {
    if (!groups.has(entry.kind)) groups.set(entry.kind, { phrase: entry.phrase, entries: [] });
    groups.get(entry.kind).entries.push(entry);
  }
  return Array.from(groups.values());
}

/**
 * The panel in `panel` (an <aside>); `shell` gets `has-related` while it is open, for the
 * two-column layout. `onSearch(title)` runs when a related title is chosen; `onClose()` when
 * the person closes the panel (Esc in it, or its close button), to put focus back.
 */
export function createBooksPanel({ panel, shell, onSearch, onClose }) {
  let openId = null;
  let openRow = null;
  let controller = null;
  let generation = 0; // a reply for a book no longer open is dropped

  function close() {
    generation += 1;
    if (controller) controller.abort();
    controller = null;
    openId = null;
    if (openRow) openRow.classList.remove('is-open');
    openRow = null;
    if (!panel) return;
    panel.hidden = true;
    panel.replaceChildren();
    if (shell) shell.classList.remove('has-related');
  }

  async function open(item, row) {
    if (!panel) return;
    if (openId === item.id && !panel.hidden) {
      focusFirst();
      return;
    }
    close();
    openId = item.id;
    openRow = row || null;
    if (openRow) openRow.classList.add('is-open');
    const mine = ++generation;
    controller = new AbortController();
    renderHead(item);
    const body = make('div', 'related-body');
    body.append(make('p', 'related-note', t('page.books.loading')));
    panel.append(body);
    panel.hidden = false;
    if (shell) shell.classList.add('has-related');
    panel.scrollIntoView({ block: 'nearest' });
    try {
      const entries = await fetchRelated(item.id, controller.signal);
      if (mine !== generation) return;
      body.replaceChildren(...renderGroups(entries));
    } catch (error) {
      if (isAbort(error) || mine !== generation) return;
      body.replaceChildren(failureNotice(null, error.message, () => open(item, row)).notice);
    }
    focusFirst();
  }

  async function fetchRelated(id, signal) {
    let response;
    try {
      response = await fetch(`/api/v1/books/${encodeURIComponent(id)}/related`, {
        signal,
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new Error(t('page.books.unreachable'));
    }
    const body = await response.json().catch(() => null);
    if (!response.ok || !body || !Array.isArray(body.related)) {
      const info = body && body.error && typeof body.error === 'object' ? body.error : {};
      throw new Error(asString(info.message) || t('page.books.failed'));
    }
    return body.related.map(normalizeRelated).filter(Boolean);
  }

  function renderHead(item) {
    const head = make('div', 'related-head');
    const picture = item.thumbnail || {};
    const about = make('div', 'related-book');
    about.append(make('p', 'related-eyebrow', t('page.related')));
    const title = make('h2', 'related-heading', item.title);
    title.id = 'related-heading';
    title.tabIndex = -1;
    about.append(title);
    // The rating stays with its star when the line wraps.
    if (item.description) about.append(make('p', 'related-byline', item.description.replace(/★ /g, '★\u00a0')));
    const closeButton = make('button', 'related-close', '×');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', t('page.books.close'));
    closeButton.title = t('page.books.closeTitle');
    closeButton.addEventListener('click', dismiss);
    head.append(thumbnail('thumb thumb--book', item.title, picture.url, asCount(picture.width), asCount(picture.height)));
    head.append(about, closeButton);
    panel.setAttribute('aria-labelledby', 'related-heading');
    panel.append(head);
  }

  function renderGroups(entries) {
    if (!entries.length) return [make('p', 'related-note', t('page.books.none'))];
    return groupByKind(entries).map((group) => {
      const section = make('section', 'related-group');
      section.append(make('h3', 'related-kind', heading(group.phrase)));
      const list = make('ul', 'related-list');
      for (const entry of group.entries) {
        const row = make('li', 'related-item');
        const button = make('button', 'related-title', entry.title);
        button.type = 'button';
        button.title = t('page.books.searchFor', { title: quoted(entry.title) });
        button.addEventListener('click', () => onSearch(entry.title));
        const text = make('span', 'related-text');
        text.append(button);
        if (entry.reason) text.append(make('span', 'related-reason', entry.reason));
        row.append(thumbnail('thumb thumb--small', entry.title, entry.cover), text);
        list.append(row);
      }
      section.append(list);
      return section;
    });
  }

  function focusFirst() {
    const first = panel.querySelector('.related-title, .retry') || panel.querySelector('.related-heading');
    if (first) first.focus({ preventScroll: true });
  }

  function dismiss() {
    close();
    onClose();
  }

  if (panel) {
    // ↑/↓ move through the panel's buttons like through the rows; Esc closes it.
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismiss();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const buttons = Array.from(panel.querySelectorAll('button'));
      const at = buttons.indexOf(document.activeElement);
      if (!buttons.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : buttons.length - 1;
      buttons[(Math.max(at, 0) + (at < 0 ? 0 : step)) % buttons.length].focus();
    });
  }

  return {
    open,
    close,
    isOpen: () => openId !== null,
    isOpenFor: (id) => openId === id,
  };
}
