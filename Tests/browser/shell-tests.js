// The page's shell (Sources/ScoutServer/Assets/shell.js) on its own: the channels through which
// the views that load more than the search (the Related panel, the photo grid) ask it for
// requests. Its api, timers, storage, history and location are fakes, so each request answers
// when the test says and nothing waits on the wall clock. machine.py runs this file like
// machine-tests.js, in headless Chromium on a page of a running `scout serve`; harness.js's
// runTestFile reports its tests.
runTestFile(async () => {
  const { createShell } = await import('/static/shell.js');

  /** Lets the promise jobs queued so far run (a request's answer reaching the shell's handlers). */
  async function settle() {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  }

  class SearchFailure extends Error {
    constructor(kind, details = {}) {
      super(kind);
      this.kind = kind;
      this.status = details.status || 0;
    }
  }

  /** A shell whose requests wait in `requests` ({request, signal, resolve, reject}) until answered. */
  function shellWithFakes() {
    const requests = [];
    const wait = (request) => (signal) => new Promise((resolve, reject) => requests.push({ request, signal, resolve, reject }));
    const api = {
      SearchFailure,
      fetchRelated: (id, signal) => wait({ type: 'related', id })(signal),
      fetchPage: (q, source, cursor, signal, limit, lang) => wait({ type: 'page', q, source, cursor, limit, lang })(signal),
    };
    const shell = createShell({
      api,
      timers: { setTimeout: () => 0, clearTimeout: () => {} },
      storage: { getItem: () => null, setItem: () => {} },
      history: { pushState: () => {}, replaceState: () => {} },
      location: { pathname: '/', search: '' },
      languages: [],
      render: () => {},
    });
    const heard = [];
    const answer = (name) => ({
      loaded: (value) => heard.push([name, 'loaded', value]),
      failed: (failure) => heard.push([name, 'failed', failure instanceof SearchFailure ? failure.kind : String(failure)]),
    });
    return { shell, requests, heard, answer };
  }

  const tests = {
    async 'channels: a new request aborts the one before, whose answer is never heard'() {
      const { shell, requests, heard, answer } = shellWithFakes();
      const related = shell.channel('related');
      related.load({ type: 'related', id: 'a' }, answer('a'));
      related.load({ type: 'related', id: 'b' }, answer('b'));
      expectEqual(requests.map((r) => [r.request.id, r.signal.aborted]), [['a', true], ['b', false]], 'requests');
      requests[0].resolve(['late']);
      requests[1].resolve(['B1']);
      await settle();
      expectEqual(heard, [['b', 'loaded', ['B1']]], 'heard');
    },

    async 'channels: stop() silences the request in flight; failures come as SearchFailures, aborts never'() {
      const { shell, requests, heard, answer } = shellWithFakes();
      const photos = shell.channel('photos');
      photos.load({ type: 'page', q: 'oak', source: 'commons', cursor: 'p2', limit: 30, lang: null }, answer('p2'));
      expectEqual(requests[0].request, { type: 'page', q: 'oak', source: 'commons', cursor: 'p2', limit: 30, lang: null }, 'the page asked');
      photos.stop();
      expect(requests[0].signal.aborted, 'stop() did not abort the request');
      requests[0].resolve({ items: [] });
      photos.load({ type: 'page', q: 'oak', source: 'commons', cursor: 'p3', limit: 30, lang: null }, answer('p3'));
      requests[1].reject(new TypeError('bad reply'));
      await settle(); // heard before the next request on the channel supersedes it
      photos.load({ type: 'page', q: 'oak', source: 'commons', cursor: 'p3', limit: 30, lang: null }, answer('again'));
      const aborted = new Error('aborted');
      aborted.name = 'AbortError';
      requests[2].reject(aborted);
      await settle();
      expectEqual(heard, [['p3', 'failed', 'error']], 'heard');
    },

    async 'channels: each its own; a request on one leaves the other in flight'() {
      const { shell, requests, heard, answer } = shellWithFakes();
      shell.channel('related').load({ type: 'related', id: 'a' }, answer('related'));
      shell.channel('photos').load({ type: 'page', q: 'oak', source: 'commons', cursor: 'p2', limit: 30, lang: null }, answer('photos'));
      expect(!requests[0].signal.aborted, 'a request on another channel aborted the Related panel\'s');
      requests[1].reject(new SearchFailure('offline'));
      requests[0].resolve([]);
      await settle();
      expectEqual(heard, [['photos', 'failed', 'offline'], ['related', 'loaded', []]], 'heard');
      let refused = null;
      try {
        shell.channel('related').load({ type: 'elsewhere' }, answer('elsewhere'));
      } catch (error) {
        refused = error.message;
      }
      expectEqual(refused, 'shell.js loads no elsewhere', 'a request of no known type');
    },
  };

  return tests;
});
