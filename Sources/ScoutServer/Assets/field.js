// The search field and its keys. A WAI-ARIA 1.2 combobox: the text field controls the listbox
// of results (expanded while that shows options) and points at the active option with
// aria-activedescendant, so focus stays in the field. ↓/↑ move, Enter opens (or searches now),
// Esc closes the Related panel and then clears; / anywhere else focuses the field. Its text is
// the search machine's: the field dispatches what is typed and shows what the machine holds.
import { make } from './dom.js';
import { t } from './i18n.js';

/**
 * The field in `elements`; `results` is the list (results.js), `books` the Related panel and
 * `photos` the grid. Returns render(state).
 */
export function createField({ elements, results, books, photos, dispatch }) {
  const { form, input, list } = elements;

  function onKeyDown(event) {
    if (event.isComposing) return;
    const count = results.count();
    switch (event.key) {
      case 'ArrowDown':
        if (photos.count() && !count) {
          event.preventDefault();
          photos.focusFirst(); // the grid takes over the arrows
          return;
        }
        if (!count) return;
        event.preventDefault();
        results.setActive(Math.min(results.active() + 1, count - 1));
        break;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        results.setActive(Math.max(results.active() - 1, -1));
        break;
      case 'Enter':
        event.preventDefault();
        if (results.active() >= 0) results.open(results.active());
        else dispatch({ type: 'submit' });
        break;
      case 'Escape':
        event.preventDefault();
        if (books.isOpen()) {
          books.close(); // first Esc closes the panel, the next clears
          break;
        }
        dispatch({ type: 'clear' });
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

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', 'result-list');
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', t('page.results'));

  // The field is type=text (what a combobox may be), which has no × of its own: this is it.
  // Out of the Tab order like a native one; Esc does the same from the keyboard.
  const clearButton = make('button', 'field-clear');
  clearButton.type = 'button';
  clearButton.tabIndex = -1;
  clearButton.hidden = true;
  clearButton.title = t('page.clear.title');
  clearButton.setAttribute('aria-label', t('page.clear.label'));
  input.after(clearButton);
  clearButton.addEventListener('click', () => {
    dispatch({ type: 'clear' });
    input.focus();
  });

  input.addEventListener('input', () => dispatch({ type: 'typed', text: input.value }));
  input.addEventListener('keydown', onKeyDown);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    dispatch({ type: 'submit' });
  });
  document.addEventListener('keydown', onSlash);

  /** Shows the machine's text (when it is not what the field holds already) and the ×. */
  return function render(state) {
    if (input.value !== state.text) input.value = state.text;
    clearButton.hidden = state.text === '';
  };
}
