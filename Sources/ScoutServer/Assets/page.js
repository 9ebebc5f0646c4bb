// The page's elements. A leaf: it imports nothing, so it has run before any module that reads
// it (modules run after the document is parsed, so the elements are there). The markup is
// index.html, or the same markup the server renders for /search; either may lack an element,
// which every module then leaves alone.

export const byId = (id) => document.getElementById(id);

const form = byId('search-form');

export const elements = {
  form,
  input: byId('q'),
  fieldLabel: form ? form.querySelector('label[for="q"] .field-label') : null,
  sourceField: byId('source'),
  tabs: byId('tabs'),
  tabNote: byId('tab-note'),
  spinner: byId('spinner'),
  statusBox: byId('status'),
  related: byId('related'),
  shell: byId('main'),
  recentBox: byId('recent'),
  recentList: byId('recent-list'),
  resultsBox: byId('results'),
  list: byId('result-list'),
  more: byId('more'),
  sentinel: byId('sentinel'),
};
