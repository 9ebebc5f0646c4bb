// The sources, as tabs above the results: one tab a source, every photo source sharing one
// Photos tab with a switch inside it. ←/→ move between the tabs; a source that is not set up
// says so instead of opening.
import { writeHistory } from './address.js';
import { fetchSources } from './api.js';
import { isBookSource } from './books.js';
import { make } from './dom.js';
import { t } from './i18n.js';
import { renderLanguageMenu, setLanguages } from './languages.js';
import { elements, state } from './page.js';
import { books } from './panels.js';
import { isPhotoSource, makePhotoSwitch, renderPhotoSwitch } from './photos.js';
import { renderRecent } from './recent.js';
import { clearResults, search } from './search.js';
import { renderStatus } from './status.js';

const { input, fieldLabel, sourceField, tabs, tabNote } = elements;
let photoSwitch = null; // the Photos tab's switch, made by startSources()

export function sourceInfo(id) {
  return state.sources.find((source) => source.id === id) || null;
}

export function sourceName(id) {
  // The reader's language's name for a source Scout knows (source.books), else the API's.
  const own = id ? t(`source.${id}`) : null;
  if (own && own !== `source.${id}`) return own;
  const info = sourceInfo(id);
  if (info && info.name) return info.name;
  return id ? id.charAt(0).toUpperCase() + id.slice(1) : t('source.unknown');
}

/** The source of the rows shown (or about to be). */
function shownSource() {
  return state.request ? state.request.source : state.source;
}

/** Whether the rows shown (or about to be) are books. */
export function showsBooks() {
  const id = shownSource();
  return isBookSource(id, sourceInfo(id));
}

/** Whether the results shown (or about to be) are photos. */
export function showsPhotos() {
  const id = shownSource();
  return isPhotoSource(id, sourceInfo(id));
}

/** Asks Scout for its sources and shows them as tabs. */
export async function loadSources() {
  const sources = await fetchSources();
  if (!sources.length) {
    // No list: one tab for the source being searched, so the page still makes sense.
    sources.push({ id: state.source, name: sourceName(state.source), kind: null, configured: true, message: null });
  }
  state.sources = sources;
  renderTabs();
  setLanguages(sources.find((source) => source.id === 'wikipedia'));
  renderStatus();
  renderRecent();
}

export function renderTabs() {
  if (!tabs) return;
  const tabHadFocus = tabs.contains(document.activeElement);
  // A tablist only once there are tabs in it (index.html has none without this script).
  tabs.setAttribute('role', 'tablist');
  tabs.setAttribute('aria-label', t('page.sources'));
  tabs.replaceChildren();
  const photoSources = state.sources.filter((source) => isPhotoSource(source.id, source));
  if (isPhotoSource(state.source, sourceInfo(state.source))) state.photoSource = state.source;
  for (const listed of state.sources) {
    // Every photo source shares one Photos tab, at the first one's place; it opens the one
    // chosen last, and a switch inside the tab picks among them.
    const isPhotos = photoSources.includes(listed);
    if (isPhotos && listed !== photoSources[0]) continue;
    const source = isPhotos ? sourceInfo(state.photoSource) || listed : listed;
    const tab = make('button', 'tab', isPhotos ? t('source.photos') : sourceName(source.id));
    tab.type = 'button';
    tab.id = isPhotos ? 'tab-photos' : `tab-${source.id}`;
    tab.dataset.source = source.id;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', 'result-list');
    const selected = source.id === state.source;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (!source.configured) {
      tab.setAttribute('aria-disabled', 'true');
      if (source.message) tab.title = source.message;
    }
    tab.addEventListener('click', (event) => {
      chooseSource(source);
      if (event.detail > 0 && source.configured) input.focus(); // a mouse click: keep typing
    });
    tabs.append(tab);
    if (tabHadFocus && selected) tab.focus(); // the tab chosen from the keyboard keeps focus
  }
  const name = sourceName(state.source);
  input.placeholder = t('page.search.source', { source: name });
  if (fieldLabel) fieldLabel.textContent = t('page.search.source', { source: name });
  renderPhotoSwitch(photoSwitch, photoSources, state.source, chooseSource);
  renderLanguageMenu();
  if (sourceField) sourceField.value = state.source;
}

function chooseSource(source) {
  if (!source.configured) {
    tabNote.textContent = `${t('page.notSetUp', { source: sourceName(source.id) })} ${source.message || ''}`.trim();
    tabNote.hidden = false;
    return;
  }
  tabNote.hidden = true;
  if (source.id === state.source) return;
  books.close();
  state.source = source.id;
  renderTabs();
  const q = input.value;
  writeHistory(true);
  state.entrySettled = true;
  if (q.trim()) search(q, state.source, 'now');
  else clearResults();
}

/** Makes the Photos tab's switch (after the tabs) and lets ←/→ move between the tabs. */
export function startSources() {
  photoSwitch = makePhotoSwitch(tabs);
  if (!tabs) return;
  tabs.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const all = Array.from(tabs.querySelectorAll('.tab'));
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    const next = all[(at + (event.key === 'ArrowRight' ? 1 : all.length - 1)) % all.length];
    next.focus();
  });
}
