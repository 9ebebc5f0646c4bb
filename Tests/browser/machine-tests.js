// The page's search machine (Sources/ScoutServer/Assets/machine.js), tested on its own: events
// in, states and effects out, timers on a fake clock. No DOM is driven and nothing waits on the
// wall clock. machine.py runs this file in headless Chromium as the body of Selenium's
// execute_async_script, on a page of a running `scout serve`, so the module is the one the
// server embeds; harness.js's runTestFile reports its tests.
runTestFile(async () => {
  const machine = await import('/static/machine.js');
  const { DEBOUNCE_MS, SETTLE_MS, SPINNER_DELAY_MS } = machine;

  /**
   * The machine with a fake clock: `send` steps it and keeps the timers its effects set;
   * `advance(ms)` moves the clock, firing each timer that comes due, in order.
   */
  class Run {
    constructor(init = {}) {
      this.state = machine.initialState(init);
      this.now = 0;
      this.timers = new Map(); // name → {due, event}
      this.effects = []; // every effect so far, with the time it came
    }

    send(event) {
      const before = JSON.stringify(this.state);
      const { state, effects } = machine.step(this.state, event);
      expect(JSON.stringify(this.state) === before, `step changed the state it was given on ${event.type}`);
      this.state = state;
      for (const effect of effects) {
        this.effects.push({ at: this.now, ...effect });
        if (effect.type === 'after') this.timers.set(effect.timer, { due: this.now + effect.ms, event: effect.event });
        if (effect.type === 'cancel') this.timers.delete(effect.timer);
      }
      return effects;
    }

    advance(ms) {
      const end = this.now + ms;
      for (;;) {
        const next = [...this.timers.entries()].sort((a, b) => a[1].due - b[1].due)[0];
        if (!next || next[1].due > end) break;
        this.timers.delete(next[0]);
        this.now = next[1].due;
        this.send(next[1].event);
      }
      this.now = end;
    }

    of(type) {
      return this.effects.filter((effect) => effect.type === type);
    }

    /** The last fetch effect (the request the shell would make). */
    lastFetch() {
      const fetches = this.of('fetch');
      return fetches[fetches.length - 1];
    }

    /** The reply to `fetch`: a page of `titles` (ids from the titles), `next` its cursor. */
    answer(fetch, titles, { next = null, found = null, suggestion = null } = {}) {
      const items = titles.map((title) => ({ id: title.toLowerCase(), title }));
      const page = { query: fetch.q, items, next, found, missingWords: [], suggestion, stale: false };
      return this.send({ type: 'page', generation: fetch.generation, source: fetch.source, cursor: fetch.cursor, page });
    }

    /** A multisearch's line for `source`: a page of `titles`, as the shell sends each line. */
    line(multisearch, source, titles) {
      return this.answer({ ...multisearch, source, cursor: null }, titles);
    }

    /** A multisearch's error line for `source`. */
    failLine(multisearch, source, failure) {
      return this.fail({ ...multisearch, source, cursor: null }, { ...failure, source });
    }

    lastMultisearch() {
      const all = this.of('multisearch');
      return all[all.length - 1];
    }

    /** The All tab's sections as [source, state, titles], in the order shown. */
    sections() {
      return machine.allSections(this.state).map((section) => [section.source, section.state, section.items.map((item) => item.title)]);
    }

    fail(fetch, failure) {
      return this.send({ type: 'failed', generation: fetch.generation, source: fetch.source, cursor: fetch.cursor, failure });
    }

    type(text) {
      return this.send({ type: 'typed', text });
    }

    titles() {
      const section = machine.shownSection(this.state);
      return section ? section.items.map((item) => item.title) : [];
    }
  }

  const SOURCES = [
    { id: 'wikipedia', name: 'Wikipedia', kind: null, configured: true, message: null, language: 'en', languages: ['de', 'en', 'fr'] },
    { id: 'books', name: 'Books', kind: 'books', configured: true, message: null, language: null, languages: [] },
    { id: 'commons', name: 'Commons', kind: 'photos', configured: true, message: null, language: null, languages: [] },
    { id: 'flickr', name: 'Flickr', kind: 'photos', configured: false, message: 'No key.', language: null, languages: [] },
  ];

  /**
   * A machine that has the sources and the empty start view, at time 0, in `source`'s tab:
   * Wikipedia's unless said ('' is the default tab, All).
   */
  function started(init = {}, source = 'wikipedia') {
    const run = new Run(init);
    run.send({ type: 'restore', q: '', source, lang: '' });
    run.send({ type: 'sources', sources: SOURCES });
    run.effects = [];
    return run;
  }

  const ALL_SOURCES = ['wikipedia', 'books', 'commons']; // Flickr is not set up in SOURCES
  const FAILURE_502 = { kind: 'error', status: 502, code: 'upstream_failed', apiMessage: 'Commons did not answer.', retryAfter: null };

  const tests = {
    'all: the default tab; one multisearch per settled query, every section loading in the fixed order'() {
      const run = started({}, '');
      expectEqual(run.state.source, 'all', 'the default tab');
      run.type('b');
      run.advance(50);
      run.type('ber');
      run.advance(DEBOUNCE_MS);
      expectEqual(run.of('fetch').length, 0, 'fetches of single sources');
      const searches = run.of('multisearch');
      expectEqual(searches.map((m) => [m.q, m.sources, m.lang, m.limit]), [['ber', ALL_SOURCES, 'en', 3]], 'multisearches');
      expectEqual(run.state.view, 'all', 'view');
      expectEqual(run.sections(), ALL_SOURCES.map((source) => [source, 'loading', []]), 'sections');
      expectEqual(run.of('history').pop().entry, { q: 'ber', source: 'all', lang: 'en' }, 'history keeps source=all');
    },

    'all: lines arriving in any order fill their own sections; the order stays fixed; settled when all answered'() {
      const run = started({}, '');
      run.send({ type: 'query', text: 'oak' });
      const search = run.lastMultisearch();
      run.line(search, 'commons', ['Oak.jpg']);
      expectEqual(run.sections(), [['wikipedia', 'loading', []], ['books', 'loading', []], ['commons', 'results', ['Oak.jpg']]], 'after commons');
      run.advance(SPINNER_DELAY_MS);
      expectEqual(run.state.spinner, true, 'spinner while sections load');
      run.line(search, 'books', []);
      expectEqual(run.of('saveRecent').length, 0, 'recent searches before every section answered');
      run.line(search, 'wikipedia', ['Oak', 'Oakland']);
      expectEqual(run.sections(), [['wikipedia', 'results', ['Oak', 'Oakland']], ['books', 'empty', []], ['commons', 'results', ['Oak.jpg']]], 'all answered');
      expectEqual([run.state.spinner, run.state.recent], [false, [{ q: 'oak', source: 'all' }]], 'spinner and recent searches');
      expectEqual(run.line(search, 'flickr', ['Not asked']), [], 'effects of a line for a source not asked');
      expectEqual(run.sections().length, 3, 'sections after a line not asked for');
    },

    'all: a stale stream\'s lines are ignored, whenever they come'() {
      const run = started({}, '');
      run.send({ type: 'query', text: 'ber' });
      const first = run.lastMultisearch();
      run.line(first, 'books', ['Bergen Stories']);
      run.send({ type: 'query', text: 'berlin' });
      const second = run.lastMultisearch();
      expect(second.generation > first.generation && run.of('abort').length >= 2, 'the first stream was not superseded and aborted');
      // The section keeps the rows it had while its new line is awaited: its place is held.
      expectEqual(run.sections()[1], ['books', 'loading', ['Bergen Stories']], 'books while the new search loads');
      expectEqual(run.line(first, 'wikipedia', ['Bern']), [], 'effects of a stale line');
      run.failLine(first, 'commons', FAILURE_502);
      run.send({ type: 'ended', generation: first.generation });
      expectEqual(run.sections().map(([source, state]) => [source, state]), ALL_SOURCES.map((source) => [source, 'loading']), 'after stale lines');
      run.line(second, 'wikipedia', ['Berlin']);
      expectEqual(run.sections()[0], ['wikipedia', 'results', ['Berlin']], 'the new line');
    },

    'all: one failed section says so with Retry, alone, while the others show their rows'() {
      const run = started({}, '');
      run.send({ type: 'query', text: 'oak' });
      const search = run.lastMultisearch();
      run.line(search, 'wikipedia', ['Oak']);
      run.failLine(search, 'commons', FAILURE_502);
      run.line(search, 'books', ['Oak Tales']);
      expectEqual(run.sections(), [['wikipedia', 'results', ['Oak']], ['books', 'results', ['Oak Tales']], ['commons', 'failed', []]], 'sections');
      const failed = machine.allSections(run.state)[2];
      expectEqual([run.state.view, failed.failure.status, failed.failure.apiMessage], ['all', 502, 'Commons did not answer.'], 'the failure');
      const others = machine.allSections(run.state).slice(0, 2);
      const fetches = run.of('fetch').length;
      const effects = run.send({ type: 'retrySection', source: 'commons' });
      expect(!effects.some((effect) => effect.type === 'abort' || effect.type === 'multisearch'), 'retry of a section searched everything again');
      const retry = run.lastFetch();
      expectEqual([run.of('fetch').length - fetches, retry.source, retry.q, retry.generation, retry.cursor, retry.lang, retry.limit], [1, 'commons', 'oak', search.generation, null, null, 3], 'the retry');
      expectEqual(run.sections()[2], ['commons', 'loading', []], 'commons while retried');
      expect(machine.allSections(run.state).slice(0, 2).every((section, at) => section === others[at]), 'the other sections changed');
      expectEqual(run.send({ type: 'retrySection', source: 'books' }), [], 'retry of a section that did not fail');
      run.answer(retry, ['Oak.jpg']);
      expectEqual(run.sections()[2], ['commons', 'results', ['Oak.jpg']], 'commons after the retry');
    },

    'all: the stream closing before a source\'s line fails that section; a refused request fails the tab'() {
      const run = started({}, '');
      run.send({ type: 'query', text: 'oak' });
      const search = run.lastMultisearch();
      run.line(search, 'wikipedia', ['Oak']);
      run.send({ type: 'ended', generation: search.generation });
      expectEqual(run.sections().map(([source, state]) => [source, state]), [['wikipedia', 'results'], ['books', 'failed'], ['commons', 'failed']], 'after the end');
      run.send({ type: 'query', text: 'oaks' });
      const refused = run.lastMultisearch();
      run.fail({ ...refused, source: 'all', cursor: null }, { kind: 'error', status: 429, retryAfter: 3 });
      expectEqual([run.state.view, run.state.failure.status], ['error', 429], 'refused');
      run.send({ type: 'retry' });
      expectEqual([run.lastMultisearch().q, run.lastMultisearch().generation > refused.generation, run.state.view], ['oaks', true, 'all'], 'retried');
    },

    'all: "more in Books" is the Books tab with the same search; the tabs come back to All'() {
      const run = started({}, '');
      run.send({ type: 'query', text: 'oak' });
      run.send({ type: 'chooseSource', id: 'books' });
      const fetch = run.lastFetch();
      expectEqual([run.state.source, fetch.source, fetch.q, fetch.limit], ['books', 'books', 'oak', 20], 'the Books tab');
      expectEqual(run.of('history').pop(), { at: 0, type: 'history', push: true, entry: { q: 'oak', source: 'books', lang: null } }, 'history');
      run.send({ type: 'chooseSource', id: 'all' });
      expectEqual([run.state.source, run.lastMultisearch().q], ['all', 'oak'], 'back to All');
    },

    'all: sent before the sources were known, it runs again with the sources set up and the reader\'s language'() {
      const run = new Run({ tags: ['fr-CH'] });
      run.send({ type: 'restore', q: 'Lac', source: 'all', lang: '' });
      const first = run.lastMultisearch();
      expectEqual([first.sources, first.lang], [ALL_SOURCES, null], 'the first multisearch');
      run.send({ type: 'sources', sources: SOURCES.map((source) => (source.id === 'flickr' ? { ...source, configured: true } : source)) });
      const again = run.lastMultisearch();
      expectEqual([again.sources, again.lang, again.generation > first.generation], [[...ALL_SOURCES, 'flickr'], 'fr', true], 'again');
    },

    'all: Wikipedia\'s language chosen on All searches All again in it, kept in history; other tabs name none'() {
      const run = started({}, '');
      run.send({ type: 'query', text: 'oak' });
      const first = run.lastMultisearch();
      run.send({ type: 'pickLanguage', code: 'de' });
      run.advance(machine.CHOOSE_DELAY_MS);
      const again = run.lastMultisearch();
      expectEqual([again.q, again.lang, again.sources, again.generation > first.generation], ['oak', 'de', ALL_SOURCES, true], 'again in German');
      expectEqual(run.of('history').pop(), { at: machine.CHOOSE_DELAY_MS, type: 'history', push: true, entry: { q: 'oak', source: 'all', lang: 'de' } }, 'history');
      run.line(again, 'commons', []);
      run.failLine(again, 'wikipedia', FAILURE_502);
      run.send({ type: 'retrySection', source: 'wikipedia' });
      expectEqual([run.lastFetch().source, run.lastFetch().lang], ['wikipedia', 'de'], 'Wikipedia\'s section retried in German');
      run.send({ type: 'chooseSource', id: 'books' });
      expectEqual([run.lastFetch().source, run.lastFetch().lang, run.of('history').pop().entry.lang], ['books', null, null], 'the Books tab');
    },

    'debounce: one request for the text typed last, DEBOUNCE_MS after the last keystroke'() {
      const run = started();
      run.type('b');
      run.advance(50);
      run.type('be');
      run.advance(50);
      run.type('ber');
      run.advance(DEBOUNCE_MS - 1);
      expectEqual(run.of('fetch').length, 0, 'fetches before the pause');
      run.advance(1);
      expectEqual(run.of('fetch').map((f) => [f.at, f.q, f.source, f.cursor, f.limit]), [[100 + DEBOUNCE_MS, 'ber', 'wikipedia', null, 20]], 'fetches');
      // The first keystroke after a settled entry pushes a history entry; the next ones replace it.
      expectEqual(run.of('history').map((h) => [h.push, h.entry.q]), [[true, 'b'], [false, 'be'], [false, 'ber']], 'history');
      expectEqual(run.state.request, { q: 'ber', source: 'wikipedia', lang: 'en', settle: 'later' }, 'request');
    },

    'debounce: emptying the field clears at once, and the pending search never starts'() {
      const run = started();
      run.type('ber');
      run.advance(50);
      const effects = run.type('');
      expect(effects.some((effect) => effect.type === 'abort'), 'clearing does not abort');
      run.advance(1000);
      expectEqual(run.of('fetch').length, 0, 'fetches');
      expectEqual([run.state.view, run.state.request], ['start', null], 'view and request');
    },

    'latest wins: a reply of a superseded search is dropped, whenever it comes'() {
      const run = started();
      run.send({ type: 'query', text: 'ber' });
      const first = run.lastFetch();
      run.send({ type: 'query', text: 'berlin' });
      const second = run.lastFetch();
      expect(second.generation > first.generation, 'the second search has no newer generation');
      expect(run.of('abort').length >= 2, 'the first request was not aborted');
      const before = run.state;
      expectEqual(run.answer(first, ['Bern', 'Bergen']), [], 'effects of the stale reply');
      expect(run.state.view === before.view && run.state.sections === before.sections, 'the stale reply changed the state');
      run.answer(second, ['Berlin']);
      expectEqual([run.state.view, run.titles()], ['results', ['Berlin']], 'view and rows');
      run.send({ type: 'clear' });
      run.answer(second, ['Berlin', 'Berliner']); // a reply racing the clear
      expectEqual([run.state.view, run.titles()], ['start', []], 'after clear');
    },

    'spinner: only for a search slower than SPINNER_DELAY_MS, gone when it answers'() {
      const run = started();
      run.send({ type: 'query', text: 'oslo' });
      run.advance(SPINNER_DELAY_MS - 1);
      expectEqual(run.state.spinner, false, 'spinner before the delay');
      run.advance(1);
      expectEqual(run.state.spinner, true, 'spinner after the delay');
      run.answer(run.lastFetch(), ['Oslo']);
      expectEqual(run.state.spinner, false, 'spinner after the reply');
      expect(!run.timers.has('spinner'), 'the spinner timer is still set');
    },

    'settle: a search left alone SETTLE_MS keeps its history entry and becomes a recent search'() {
      const run = started();
      run.type('Zürich');
      run.advance(DEBOUNCE_MS);
      run.advance(300);
      run.answer(run.lastFetch(), ['Zürich']);
      const answeredAt = run.now;
      run.advance(SETTLE_MS - 1);
      expectEqual(run.of('saveRecent').length, 0, 'recent searches before the settle time');
      run.advance(1);
      const saved = run.of('saveRecent');
      expectEqual(saved.map((s) => [s.at - answeredAt, s.entries]), [[SETTLE_MS, [{ q: 'Zürich', source: 'wikipedia' }]]], 'recent searches');
      expectEqual(run.state.entrySettled, true, 'entry settled');
      expectEqual(run.of('history').pop(), { at: run.now, type: 'history', push: false, entry: { q: 'Zürich', source: 'wikipedia', lang: 'en' } }, 'history');
      // The same search again, in other case and accents, replaces the entry; the next keystroke pushes.
      run.type('zurich');
      expectEqual(run.of('history').pop().push, true, 'the keystroke after a settled entry pushes');
      run.send({ type: 'submit' });
      run.answer(run.lastFetch(), ['Zürich']);
      expectEqual(run.state.recent, [{ q: 'zurich', source: 'wikipedia' }], 'recent searches after the same search');
    },

    'submit: Enter settles the search shown, or searches the text now'() {
      const run = started();
      run.type('oslo');
      run.send({ type: 'submit' });
      const fetch = run.lastFetch();
      expectEqual([fetch.at, fetch.q, run.state.request.settle], [0, 'oslo', 'now'], 'submitted search');
      run.answer(fetch, ['Oslo']);
      expectEqual(run.state.recent.length, 1, 'recent searches after a submitted search answered');
      const fetches = run.of('fetch').length;
      run.send({ type: 'submit' });
      expectEqual(run.of('fetch').length, fetches, 'fetches after Enter on the search shown');
    },

    'paging: one page at a time, each cursor once, ids deduplicated, none past the end'() {
      const run = started();
      run.send({ type: 'query', text: 'item' });
      run.answer(run.lastFetch(), ['Item 1', 'Item 2'], { next: 'c2' });
      run.send({ type: 'more' });
      const second = run.lastFetch();
      expectEqual([second.cursor, second.q, second.limit], ['c2', 'item', 20], 'the second page');
      expectEqual(run.send({ type: 'more' }), [], 'effects of more while a page loads');
      expectEqual(machine.shownSection(run.state).loadingMore, true, 'loading more');
      run.answer(second, ['Item 2', 'Item 3'], { next: null, found: 3 });
      expectEqual(run.titles(), ['Item 1', 'Item 2', 'Item 3'], 'rows');
      const section = machine.shownSection(run.state);
      expectEqual([section.next, section.found, section.loadingMore], [null, 3, false], 'section');
      expectEqual(run.send({ type: 'more' }), [], 'effects of more at the end');
      expectEqual(run.of('fetch').map((f) => f.cursor), [null, 'c2'], 'cursors');
    },

    'paging: a failed page keeps the rows; more asks for the same cursor again'() {
      const run = started();
      run.send({ type: 'query', text: 'item' });
      run.answer(run.lastFetch(), ['Item 1'], { next: 'c2' });
      run.send({ type: 'more' });
      const failure = { kind: 'error', status: 503, apiMessage: 'Wikipedia did not answer.' };
      run.fail(run.lastFetch(), failure);
      const section = machine.shownSection(run.state);
      expectEqual([run.state.view, run.titles(), section.loadingMore, section.moreFailure], ['results', ['Item 1'], false, failure], 'after the failure');
      run.send({ type: 'more' });
      expectEqual([run.lastFetch().cursor, machine.shownSection(run.state).moreFailure], ['c2', null], 'again');
    },

    'paging: a page of an older search never lands in a newer one'() {
      const run = started();
      run.send({ type: 'query', text: 'item' });
      run.answer(run.lastFetch(), ['Item 1'], { next: 'c2' });
      run.send({ type: 'more' });
      const more = run.lastFetch();
      run.send({ type: 'query', text: 'thing' });
      expectEqual(run.send({ type: 'more' }), [], 'more while the newer search loads');
      run.answer(more, ['Item 2']);
      expectEqual(run.titles(), ['Item 1'], 'rows');
    },

    'retry: a failed search runs again, now; offline comes back by itself'() {
      const run = started();
      run.send({ type: 'query', text: 'oslo' });
      const first = run.lastFetch();
      run.fail(first, { kind: 'error', status: 503 });
      expectEqual([run.state.view, run.state.failure.status, run.state.spinner], ['error', 503, false], 'after the failure');
      run.send({ type: 'online' });
      expectEqual(run.lastFetch(), first, 'online retried an error that is not offline');
      run.send({ type: 'retry' });
      const second = run.lastFetch();
      expectEqual([second.q, second.source, second.generation > first.generation, run.state.request.settle], ['oslo', 'wikipedia', true, 'now'], 'retry');
      run.fail(second, { kind: 'offline' });
      expectEqual(run.state.view, 'offline', 'view');
      run.send({ type: 'online' });
      const third = run.lastFetch();
      expect(third.generation > second.generation, 'online did not search again');
      run.answer(third, ['Oslo']);
      expectEqual([run.state.view, run.state.failure, run.titles()], ['results', null, ['Oslo']], 'recovered');
    },

    'sources: an unconfigured tab only says so; another source searches the text there, photos 30 a page'() {
      const run = started();
      run.type('tree');
      run.send({ type: 'chooseSource', id: 'flickr' });
      expectEqual([run.state.unavailable, run.state.source], ['flickr', 'wikipedia'], 'unconfigured');
      run.send({ type: 'chooseSource', id: 'commons' });
      const fetch = run.lastFetch();
      expectEqual([run.state.unavailable, run.state.source, run.state.photoSource], [null, 'commons', 'commons'], 'source');
      expectEqual([fetch.source, fetch.limit, fetch.lang], ['commons', 30, null], 'fetch');
      expectEqual(run.of('history').pop().push, true, 'a new source pushes a history entry');
      run.answer(fetch, ['Oak', 'Elm'], { next: 'p2' });
      const section = machine.shownSection(run.state);
      expectEqual([run.state.view, section.items.length, section.photos.items.length, section.next], ['results', 0, 2, null], 'photos go to the grid, which pages itself');
    },

    'languages: a search sent before the languages were known runs again in the reader\'s'() {
      const run = new Run({ tags: ['fr-CH', 'en'] });
      run.send({ type: 'restore', q: 'Lac', source: 'wikipedia', lang: '' });
      expectEqual(run.lastFetch().lang, null, 'the first search names no language');
      run.send({ type: 'sources', sources: SOURCES });
      const again = run.lastFetch();
      expectEqual([again.q, again.lang, run.state.request.settle, run.state.language], ['Lac', 'fr', 'never', 'fr'], 'again');
      run.answer(again, []);
      const counts = run.of('countLanguages').pop();
      expectEqual(counts.langs, ['en'], 'languages counted for the empty state');
      run.send({ type: 'languageCounts', generation: counts.generation, counts: [{ lang: 'en', found: 4, more: false }] });
      expectEqual(run.state.languageOffers, [{ lang: 'en', found: 4, more: false }], 'offers');
      run.send({ type: 'pickLanguage', code: 'de' });
      run.advance(machine.CHOOSE_DELAY_MS);
      expectEqual([run.state.language, run.lastFetch().lang, run.of('saveLanguages').pop().codes], ['de', 'de', ['de']], 'chosen');
    },
  };

  return tests;
});
