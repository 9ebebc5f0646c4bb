#!/usr/bin/env python3
"""The page's search machine (machine.js) tested on its own in headless Chromium.

    python3 Tests/browser/machine.py machine --base-url http://127.0.0.1:PORT [--screenshots DIR]

Opens Scout's page at the base URL, imports /static/machine.js (the module the server
embeds) into it and runs machine-tests.js there: events in, states and effects out, timers on a
fake clock; no DOM driven, no waiting. Then shell-tests.js: the shell's channels (shell.js) over
a fake api whose requests answer when the test says. Exit status 0 when every test passes, 1 with each
failure on stderr, 2 for a usage error. The Swift suite "Web page search machine in Chromium"
(Tests/ScoutServerTests/Browser/SearchMachineBrowserTests.swift) runs it against its own
server; it takes the same arguments as scenarios.py, so the same runner starts it.
"""

import argparse
import os
import signal
import sys

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = os.environ.get('SCOUT_CHROMIUM', '/usr/bin/chromium')
CHROMEDRIVER = os.environ.get('SCOUT_CHROMEDRIVER', '/usr/bin/chromedriver')


TEST_FILES = ('machine-tests.js', 'shell-tests.js')  # the machine, then its shell's channels
HARNESS = 'harness.js'  # put before each: expect, expectEqual, runTestFile


def run(base_url):
    """The tests' result: {passed: [names], failures: [messages]}, of every file of TEST_FILES."""
    def read(name):
        with open(os.path.join(HERE, name), encoding='utf-8') as file:
            return file.read()
    harness = read(HARNESS)
    files = [harness + '\n' + read(name) for name in TEST_FILES]
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                     '--no-first-run', '--disable-extensions', '--disable-background-networking'):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_script_timeout(30)
        driver.get(base_url.rstrip('/') + '/')
        result = {'passed': [], 'failures': []}
        for tests in files:
            answer = driver.execute_async_script(tests) or {'failures': ['no result from the page']}
            result['passed'] += answer.get('passed', [])
            result['failures'] += answer.get('failures', [])
        return result
    finally:
        try:
            driver.quit()
        except WebDriverException:
            pass


def main():
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('name', nargs='?', default='machine', help='machine (the only one)')
    parser.add_argument('--base-url', required=True, help='where Scout serves, such as http://127.0.0.1:8080')
    parser.add_argument('--screenshots', help='ignored: the machine has no screen')
    arguments = parser.parse_args()
    if arguments.name != 'machine':
        print(f'machine.py: unknown test set {arguments.name}', file=sys.stderr)
        return 2
    result = run(arguments.base_url) or {}
    passed, failures = result.get('passed', []), result.get('failures', ['no result from the page'])
    for name in passed:
        print(f'ok  {name}')
    for failure in failures:
        print(f'FAIL {failure}', file=sys.stderr)
    if failures or not passed:
        return 1
    print(f'PASS machine: {len(passed)} tests')
    return 0


if __name__ == '__main__':
    sys.exit(main())
