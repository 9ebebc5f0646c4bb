// The search field and its keys. A WAI-ARIA 1.2 combobox: the text field controls the listbox
// of results (expanded while that shows options) and points at the active option with
// aria-activedescendant, so focus stays in the field. ↓/↑ move, Enter opens (or searches now),
// Esc closes the Related panel and then clears; / anywhere else focuses the field.
import { pushTyped, settleEntry } from './address.js';
import { make } from './dom.js';
import { t } from './i18n.js';
import { elements, state } from './page.js';
import { books, photos } from './panels.js';
import { openItem, setActive } from './results.js';
import { clearResults, scheduleSearch, search } from './search.js';

const { form, input, list } = elements;
let clearButton = null; // the field's ×, made by startField()

/** Shows the × while the field holds text. */
export function syncClearButton() {
  if (clearButton) clearButton.hidden = input.value === '';
}

/** Puts `text` in the field as if typed: the address follows, with a history entry of its own. */
export function enterQuery(text) {
  input.value = text;
  pushTyped();
  syncClearButton();
}

/** Searches `title` at once in the current source: a related book's title was chosen. */
export function searchFor(title) {
  enterQuery(title);
  search(title, state.source, 'now');
  input.focus();
}

/** Enter or the Search button: the search shown settles, or the field's text is searched now. */
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

function onKeyDown(event) {
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
      if (input.value) enterQuery('');
      clearResults();
      break;
    default:
  }
}

/** / focuses the field from anywhere but another field. */
function onSlash(event) {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  const editable =
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  if (editable) return;
  event.preventDefault();
  input.focus();
  input.select();
}

/** Makes the field a combobox with its × and listens to its keys and the form. */
export function startField() {
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', 'result-list');
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', t('page.results'));

  // The field is type=text (what a combobox may be), which has no × of its own: this is it.
  // Out of the Tab order like a native one; Esc does the same from the keyboard.
  clearButton = make('button', 'field-clear');
  clearButton.type = 'button';
  clearButton.tabIndex = -1;
  clearButton.hidden = true;
  clearButton.title = t('page.clear.title');
  clearButton.setAttribute('aria-label', t('page.clear.label'));
  input.after(clearButton);
  clearButton.addEventListener('click', () => {
    enterQuery('');
    clearResults();
    input.focus();
  });

  input.addEventListener('input', () => {
    pushTyped();
    syncClearButton();
    scheduleSearch();
  });
  input.addEventListener('keydown', onKeyDown);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitNow();
  });
  document.addEventListener('keydown', onSlash);
}
