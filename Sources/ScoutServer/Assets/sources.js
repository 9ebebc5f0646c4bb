// The sources, as tabs above the results: one tab a source, every photo source sharing one
// Photos tab with a switch inside it. ←/→ move between the tabs; a source that is not set up
// says so instead of opening. A view: it renders the machine's state and dispatches choices.
import { make } from './dom.js';
import { t } from './i18n.js';
import { makePhotoSwitch, renderPhotoSwitch } from './photos.js';
import { ALL, isPhotoSource, sourceInfo } from './rules.js';

/** The name of source `id`: the reader's language's for one Scout knows, else the API's. */
export function sourceName(id, sources) {
  const own = id ? t(`source.${id}`) : null;
  if (own && own !== `source.${id}`) return own;
  const info = sourceInfo(sources, id);
  if (info && info.name) return info.name;
  return id ? id.charAt(0).toUpperCase() + id.slice(1) : t('source.unknown');
}

/** The tabs (and the Photos tab's switch, made after them): returns render(state). */
export function createTabs({ elements, dispatch }) {
  const { input, fieldLabel, sourceField, tabs, tabNote } = elements;
  const photoSwitch = makePhotoSwitch(tabs);
  let shown = {};

  const choose = (source) => dispatch({ type: 'chooseSource', id: source.id });

  if (tabs) {
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

  function renderNote({ sources, unavailable }) {
    if (!tabNote) return;
    const source = unavailable ? sourceInfo(sources, unavailable) : null;
    tabNote.hidden = !source;
    if (source) {
      tabNote.textContent = `${t('page.notSetUp', { source: sourceName(source.id, sources) })} ${source.message || ''}`.trim();
    }
  }

  function renderTabs({ sources, source: current, photoSource }) {
    const tabHadFocus = tabs.contains(document.activeElement);
    // A tablist only once there are tabs in it (index.html has none without this script).
    tabs.setAttribute('role', 'tablist');
    tabs.setAttribute('aria-label', t('page.sources'));
    tabs.replaceChildren();
    const photoSources = sources.filter((source) => isPhotoSource(source.id, source));
    // All first: every source's first few results, a section each (allview.js).
    for (const listed of sources.length ? [{ id: ALL, configured: true }, ...sources] : []) {
      // Every photo source shares one Photos tab, at the first one's place; it opens the one
      // chosen last, and a switch inside the tab picks among them.
      const isPhotos = photoSources.includes(listed);
      if (isPhotos && listed !== photoSources[0]) continue;
      const source = isPhotos ? sourceInfo(sources, photoSource) || listed : listed;
      const tab = make('button', 'tab', isPhotos ? t('source.photos') : sourceName(source.id, sources));
      tab.type = 'button';
      tab.id = isPhotos ? 'tab-photos' : `tab-${source.id}`;
      tab.dataset.source = source.id;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', source.id === ALL ? 'results' : 'result-list');
      const selected = source.id === current;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (!source.configured) {
        tab.setAttribute('aria-disabled', 'true');
        if (source.message) tab.title = source.message;
      }
      tab.addEventListener('click', (event) => {
        choose(source);
        if (event.detail > 0 && source.configured) input.focus(); // a mouse click: keep typing
      });
      tabs.append(tab);
      if (tabHadFocus && selected) tab.focus(); // the tab chosen from the keyboard keeps focus
    }
    renderPhotoSwitch(photoSwitch, photoSources, current, choose);
  }

  return function render(state) {
    const { sources, source, photoSource, unavailable } = state;
    const same = sources === shown.sources && source === shown.source && photoSource === shown.photoSource;
    if (same && unavailable === shown.unavailable) return;
    shown = { sources, source, photoSource, unavailable };
    renderNote(state);
    if (same) return;
    if (tabs) renderTabs(state);
    const name = sourceName(source, sources);
    const label = source === ALL ? t('page.search.all') : t('page.search.source', { source: name });
    input.placeholder = label;
    if (fieldLabel) fieldLabel.textContent = label;
    if (sourceField) sourceField.value = source;
  };
}
