// The Books tab's Related panel: opening a book row shows the books related to it, grouped by
// relation ("Same series", "Same author", …), each with its reason; each related title searches
// for itself. The related books come through the shell (shell.js), which alone makes requests.
// Text from the API goes in as text only (SECURITY.md T2).
import { asCount, failureNotice, make, thumbnail } from './dom.js';
import { language, quoted, t } from './i18n.js';

/** "same series" → "Same series". */
const heading = (phrase) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** Related entries grouped by kind, in the order the server ranked the kinds. */
function groupByKind(entries) {
  const groups = new Map();
  for (const entry of entries) {
    if (!groups.has(entry.kind)) groups.set(entry.kind, { phrase: entry.phrase, entries: [] });
    groups.get(entry.kind).entries.push(entry);
  }
  return Array.from(groups.values());
}

/** What the panel says when the related books did not come (`failure`: a SearchFailure). */
function failureText(failure) {
  if (failure.kind === 'offline') return { text: t('page.books.unreachable'), lang: null };
  // The API's sentence is English: marked so on a page in another language.
  if (failure.apiMessage) return { text: failure.apiMessage, lang: language !== 'en' ? 'en' : null };
  return { text: t('page.books.failed'), lang: null };
}

/**
 * The panel in `panel` (an <aside>); `shell` gets `has-related` while it is open, for the
 * two-column layout. `related` is the shell's channel for its requests ({load, stop}).
 * `onSearch(title)` runs when a related title is chosen; `onClose()` when the person closes
 * the panel (Esc in it, or its close button), to put focus back.
 */
export function createBooksPanel({ panel, shell, related, onSearch, onClose }) {
  let openId = null;
  let openRow = null;

  function close() {
    related.stop(); // an answer for a book no longer open never comes
    openId = null;
    if (openRow) openRow.classList.remove('is-open');
    openRow = null;
    if (!panel) return;
    panel.hidden = true;
    panel.replaceChildren();
    if (shell) shell.classList.remove('has-related');
  }

  function open(item, row) {
    if (!panel) return;
    if (openId === item.id && !panel.hidden) {
      focusFirst();
      return;
    }
    close();
    openId = item.id;
    openRow = row || null;
    if (openRow) openRow.classList.add('is-open');
    renderHead(item);
    const body = make('div', 'related-body');
    panel.append(body);
    panel.hidden = false;
    if (shell) shell.classList.add('has-related');
    panel.scrollIntoView({ block: 'nearest' });
    load(item, body);
  }

  /** Asks for the books related to `item`, shown in `body` when they come (or why not). */
  function load(item, body) {
    body.replaceChildren(make('p', 'related-note', t('page.books.loading')));
    related.load(
      { type: 'related', id: item.id },
      {
        loaded: (entries) => {
          body.replaceChildren(...renderGroups(entries));
          focusFirst();
        },
        failed: (failure) => {
          const { text, lang } = failureText(failure);
          body.replaceChildren(failureNotice(null, text, () => load(item, body), lang).notice);
          focusFirst();
        },
      },
    );
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
