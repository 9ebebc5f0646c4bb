// Wikipedia in the reader's language: the language menu beside the tabs (on Wikipedia's tab and
// on All, whose Wikipedia section it sets), and, when a Wikipedia search finds nothing, the
// reader's other languages that have hits, with their counts.
// Views: the language itself (the address's lang, the reader's last choice, the first of the
// browser's languages that is a Wikipedia, else the server's default; rules.js) is the search
// machine's, as are the choice's delay and the counts' request.
import { make } from './dom.js';
import { formatNumber, language, pluralKey, t } from './i18n.js';
import { hasLanguage } from './rules.js';

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
export function createLanguageMenu({ form, dispatch }) {
  let menu = null; // the <select>, once made or found
  let shown = {};

  function find() {
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
      form.insertBefore(box, document.getElementById('tabs'));
    }
    menu.addEventListener('change', () => dispatch({ type: 'pickLanguage', code: menu.value }));
  }

  return function render({ languages, language: chosen, defaultLanguage, source }) {
    if (!form) return;
    if (!menu) find();
    const current = { languages, chosen, defaultLanguage, source };
    if (Object.keys(current).every((key) => current[key] === shown[key])) return;
    shown = current;
    if (languages.length && menu.dataset.filled !== 'true') {
      const options = languages.map((code) => ({ code, name: languageName(code) }));
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
    const value = chosen || defaultLanguage;
    if (value && menu.value !== value) menu.value = value;
    // The server's menu (on /search) already has its options; index.html's shows once they come.
    const box = menu.closest('.language');
    if (box) box.hidden = !hasLanguage(source) || menu.options.length === 0;
  };
}

/**
 * The offers of the empty state (`offers`: {lang, found, more}), as buttons that search in that
 * language (`onChoose(lang)`); null when there are none.
 */
export function renderLanguageOffers(offers, onChoose) {
  if (!offers.length) return null;
  const box = make('p', 'notice-languages');
  box.append(make('span', 'notice-languages-intro', t('page.wikipedia.offers')));
  for (const { lang, found, more } of offers) {
    const name = languageName(lang);
    // `Deutsch: 12`, `Français: 20+` (more than the first page found).
    const count = formatNumber(found) + (more ? '+' : '');
    const button = make('button', 'language-offer', t('page.wikipedia.offer', { name, count }));
    button.type = 'button';
    // What the button does, for assistive technology.
    const label = more ? 'page.wikipedia.offerLabelMore' : pluralKey('page.wikipedia.offerLabel', found);
    button.setAttribute('aria-label', t(label, { name, count: formatNumber(found) }));
    button.addEventListener('click', () => onChoose(lang));
    box.append(' ', button);
  }
  return box;
}
