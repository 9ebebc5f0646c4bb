// Recent searches: the searches that settled, newest first, kept in localStorage and shown
// while the field is empty. Each opens again with one click or Enter and can be removed.
import { asString, make } from './dom.js';
import { enterQuery } from './field.js';
import { fold } from './highlight.js';
import { quoted, t } from './i18n.js';
import { elements, state } from './page.js';
import { search } from './search.js';
import { renderTabs, sourceInfo, sourceName } from './sources.js';

const RECENT_KEY = 'scout.recent.v1';
const RECENT_MAX = 8;

const { input, recentBox, recentList } = elements;

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

/** Puts `q` in `source` first; the same search (ignoring case and accents) goes from below. */
export function addRecent(q, source) {
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

/** Shows the recent searches on the start view, and hides them on every other. */
export function renderRecent() {
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
      const known = sourceInfo(entry.source);
      state.source = known && known.configured ? entry.source : state.source;
      renderTabs();
      enterQuery(entry.q);
      search(entry.q, state.source, 'now');
      input.focus();
    });
    const remove = make('button', 'recent-remove', '×');
    remove.type = 'button';
    remove.setAttribute('aria-label', t('page.recent.removeLabel', { query: quoted(entry.q) }));
    remove.title = t('page.recent.remove');
    remove.addEventListener('click', () => removeRecent(index));
    row.append(open, remove);
    recentList.append(row);
  });
}
