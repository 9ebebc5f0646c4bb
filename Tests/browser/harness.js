// What every file machine.py runs shares: machine.py puts this before each test file, and the
// whole runs as the body of Selenium's execute_async_script, whose last argument is the callback
// that gets {passed, failures}. A test file calls `runTestFile(async () => tests)`, where tests
// maps each test's name to a function (sync or async) that throws to fail.
const done = arguments[arguments.length - 1];

/** Fails the current test with `message` unless `condition`. */
function expect(condition, message) {
  if (!condition) throw new Error(message);
}
const show = (value) => JSON.stringify(value);
function expectEqual(actual, expected, what) {
  expect(show(actual) === show(expected), `${what}: ${show(actual)}, expected ${show(expected)}`);
}

/** Runs every test `makeTests` gives, one after another, and reports them to Selenium. */
function runTestFile(makeTests) {
  (async () => {
    const tests = await makeTests();
    const passed = [];
    const failures = [];
    for (const [name, test] of Object.entries(tests)) {
      try {
        await test();
        passed.push(name);
      } catch (error) {
        failures.push(`${name}: ${error && error.message}`);
      }
    }
    return { passed, failures };
  })().then(done, (error) => done({ passed: [], failures: [`the tests did not run: ${error && error.stack}`] }));
}
