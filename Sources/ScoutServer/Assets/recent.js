// Recent searches: the searches that settled, newest first, shown while the field is empty. Each
// opens again with one click or Enter and can be removed. A view: the list is the search
// machine's (which the shell keeps in localStorage).
import { make } from './dom.js';
import { quoted, t } from './i18n.js';
import { sourceName } from './sources.js';

const NONE = [];

/** The recent searches in `recentBox`/`recentList`: returns render(state). */
export function createRecent({ elements, dispatch }) {
  const { input, recentBox, recentList } = elements;
  let shown = {};

  function remove(index) {
    dispatch({ type: 'forget', index });
    const buttons = recentList.querySelectorAll('.recent-remove');
    const target = buttons[Math.min(index, buttons.length - 1)];
    (target || input).focus();
  }

  /** Shows the recent searches on the start view, and hides them on every other. */
  return function render(state) {
    if (!recentBox || !recentList) return;
    const entries = state.view === 'start' ? state.recent : NONE;
    if (entries === shown.entries && state.sources === shown.sources) return;
    shown = { entries, sources: state.sources };
    recentBox.hidden = entries.length === 0;
    recentList.replaceChildren();
    entries.forEach((entry, index) => {
      const row = make('li', 'recent-item');
      const open = make('button', 'recent-open');
      open.type = 'button';
      const name = sourceName(entry.source, state.sources);
      open.append(make('span', 'recent-query', entry.q), make('span', 'recent-source', name));
      open.addEventListener('click', () => {
        dispatch({ type: 'reopen', q: entry.q, source: entry.source });
        input.focus();
      });
      const removal = make('button', 'recent-remove', '×');
      removal.type = 'button';
      removal.setAttribute('aria-label', t('page.recent.removeLabel', { query: quoted(entry.q) }));
      removal.title = t('page.recent.remove');
      removal.addEventListener('click', () => remove(index));
      row.append(open, removal);
      recentList.append(row);
    });
  };
}
