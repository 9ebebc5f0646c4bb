// Wikipedia in the reader's language: the language menu beside the tabs (Wikipedia only), the
// language of every Wikipedia search (`lang=` in the API and the address), and, when a search
// finds nothing, the reader's other languages that have hits, with their counts.
//
// The language is, in order: the address's lang, the reader's last choice (localStorage), the
// first of the browser's languages (navigator.languages) that is a Wikipedia, else the
// server's default. The codes come from /api/v1/sources; until they do, a search without a
// chosen language names none and gets the server's default, and is run again in the reader's
// language if that turns out to be another.
import { writeHistory } from './address.js';
import { fetchLanguageCounts } from './api.js';
import { make } from './dom.js';
import { formatNumber, language, pluralKey, t } from './i18n.js';
import { elements, state } from './page.js';
import { search } from './search.js';
import { renderStatus } from './status.js';

const CHOSEN_KEY = 'scout.wikipedia.languages.v1'; // the reader's choices, last first
const CHOSEN_MAX = 6;
const OFFERS_MAX = 3; // the server counts at most 3 languages a request
// Arrow keys on a closed menu change it one language at a time: only the one the reader stops
// at is searched (and becomes a history entry).
const CHOOSE_DELAY_MS = 400;
// Browser languages whose Wikipedia has another code.
const ALIASES = { nb: 'no', 'zh-hk': 'zh-yue', 'zh-mo': 'zh-yue', lzh: 'zh-classical', nan: 'zh-min-nan' };

const { form, input } = elements;
let menu = null; // the <select>, once made or found
let chooseTimer = 0;

/** Whether `code` is a Wikipedia's, as far as the page knows yet. */
function isKnown(code) {
  return typeof code === 'string' && (state.languages.length ? state.languages.includes(code) : /^[a-z][a-z-]{0,19}$/.test(code));
}

function loadChosen() {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CHOSEN_KEY) || '[]');
    return Array.isArray(stored) ? stored.filter((code) => typeof code === 'string').slice(0, CHOSEN_MAX) : [];
  } catch {
    return [];
  }
}

function saveChosen(code) {
  const chosen = [code, ...loadChosen().filter((other) => other !== code)].slice(0, CHOSEN_MAX);
  try {
    window.localStorage.setItem(CHOSEN_KEY, JSON.stringify(chosen));
  } catch {
    // Storage full or disabled: the choice lasts as long as the page.
  }
}

/** The browser's languages as Wikipedia codes, in the reader's order, each once. */
export function readerLanguages() {
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  const codes = [];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const lower = tag.toLowerCase();
    const primary = lower.split('-')[0];
    const code = [ALIASES[lower], lower, ALIASES[primary], primary].find((candidate) => candidate && isKnown(candidate));
    if (code && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** The language a search with nothing else to go by uses; null until the codes are known. */
function preferredLanguage() {
  const chosen = loadChosen().find(isKnown);
  if (chosen) return chosen;
  if (!state.languages.length) return null;
  return readerLanguages()[0] || state.defaultLanguage;
}

/** The language of the address (`lang=`), else the preferred one. */
export function languageFromLocation(lang) {
  state.language = lang && isKnown(lang) ? lang : preferredLanguage();
  renderLanguageMenu();
}

/** The code a Wikipedia search sends, or null for the server's default. */
export function searchLanguage(source) {
  return source === 'wikipedia' ? state.language : null;
}

/** The codes and default from /api/v1/sources' wikipedia entry; searches again if needed. */
export function setLanguages(wikipedia) {
  state.languages = wikipedia && Array.isArray(wikipedia.languages) ? wikipedia.languages : [];
  state.defaultLanguage = (wikipedia && wikipedia.language) || null;
  const before = state.language;
  if (!before || !isKnown(before)) state.language = preferredLanguage();
  renderLanguageMenu();
  // A search that went out before the reader's language was known ran in the default.
  const request = state.request;
  if (request && request.source === 'wikipedia' && !request.lang && state.language && state.language !== state.defaultLanguage) {
    writeHistory(false);
    search(request.q, 'wikipedia', 'never');
  }
}

/** The name of Wikipedia `code`'s language in the page's language (German, ドイツ語). */
function languageName(code) {
  try {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return names.of(code) || code;
  } catch {
    return code; // not a BCP 47 tag Intl knows (zh-min-nan, map-bms …)
  }
}

/** The menu: found in the server's page, else made; filled once the codes are known. */
export function renderLanguageMenu() {
  if (!form) return;
  if (!menu) {
    menu = document.getElementById('lang');
    if (!menu) {
      const box = make('div', 'language');
      box.id = 'language';
      const label = make('label', 'language-label', t('page.wikipedia.language'));
      label.htmlFor = 'lang';
      menu = make('select', 'language-select');
      menu.id = 'lang';
      menu.name = 'lang';
      box.append(label, menu);
      const tabs = document.getElementById('tabs');
      form.insertBefore(box, tabs);
    }
    menu.addEventListener('change', () => {
      clearTimeout(chooseTimer);
      chooseTimer = setTimeout(() => chooseLanguage(menu.value), CHOOSE_DELAY_MS);
    });
  }
  if (state.languages.length && menu.dataset.filled !== 'true') {
    const options = state.languages.map((code) => ({ code, name: languageName(code) }));
    options.sort((a, b) => a.name.localeCompare(b.name, language));
    menu.replaceChildren(
      ...options.map(({ code, name }) => {
        const option = make('option', '', name && name !== code ? t('page.wikipedia.option', { name, code }) : code);
        option.value = code; // no lang attribute: the name is in the reader's language, not in that one
        return option;
      }),
    );
    menu.dataset.filled = 'true';
  }
  const shown = state.language || state.defaultLanguage;
  if (shown && menu.value !== shown) menu.value = shown;
  // The server's menu (on /search) already has its options; index.html's shows once they come.
  const box = menu.closest('.language');
  if (box) box.hidden = state.source !== 'wikipedia' || menu.options.length === 0;
}

/** The reader chose `code`: it is remembered, goes in the address, and the search runs in it. */
export function chooseLanguage(code) {
  clearTimeout(chooseTimer);
  if (!isKnown(code)) return;
  saveChosen(code);
  if (code === state.language) return;
  state.language = code;
  renderLanguageMenu();
  writeHistory(true);
  state.entrySettled = true;
  const q = input.value;
  if (q.trim() && state.source === 'wikipedia') search(q, 'wikipedia', 'now');
}

/** After a Wikipedia search found nothing: the reader's other languages with hits, counted. */
export async function offerOtherLanguages(generation) {
  const request = state.request;
  if (!request || request.source !== 'wikipedia' || state.view !== 'empty') return;
  const current = request.lang || state.defaultLanguage;
  const candidates = [...loadChosen(), ...readerLanguages()]
    .filter((code, index, all) => isKnown(code) && code !== current && all.indexOf(code) === index)
    .slice(0, OFFERS_MAX);
  if (!candidates.length) return;
  const counts = await fetchLanguageCounts(request.q, candidates, state.controller ? state.controller.signal : undefined);
  if (generation !== state.generation || state.view !== 'empty') return;
  state.languageOffers = counts.filter((count) => count.found > 0);
  if (state.languageOffers.length) renderStatus();
}

/** The offers of the empty state, as buttons that search in that language (none: nothing). */
export function renderLanguageOffers() {
  if (!state.languageOffers.length) return null;
  const box = make('p', 'notice-languages');
  box.append(make('span', 'notice-languages-intro', t('page.wikipedia.offers')));
  for (const { lang, found, more } of state.languageOffers) {
    const name = languageName(lang);
    // `Deutsch: 12`, `Français: 20+` (more than the first page found).
    const count = formatNumber(found) + (more ? '+' : '');
    const button = make('button', 'language-offer', t('page.wikipedia.offer', { name, count }));
    button.type = 'button';
    // What the button does, for assistive technology.
    const label = more ? 'page.wikipedia.offerLabelMore' : pluralKey('page.wikipedia.offerLabel', found);
    button.setAttribute('aria-label', t(label, { name, count: formatNumber(found) }));
    button.addEventListener('click', () => {
      chooseLanguage(lang);
      input.focus(); // the offer goes away with the empty state
    });
    box.append(' ', button);
  }
  return box;
}
