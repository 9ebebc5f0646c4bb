#!/usr/bin/env python3
"""Scout's web page in headless Chromium, one function per scenario.

    python3 Tests/browser/scenarios.py <scenario> --base-url http://127.0.0.1:PORT --screenshots DIR
    python3 Tests/browser/scenarios.py --list

Exit status 0 when the scenario passes, 1 with a message on stderr when it fails, 2 for a
usage error. Each scenario saves a screenshot of its final state as DIR/<scenario>.png (also
when it fails), some also of an intermediate state as DIR/<scenario>-<step>.png.

The Swift tests in Tests/ScoutServerTests/Browser/ run these: each starts FakeWikipedia with
the pages and faults its scenario's docstring names, Scout's HTTP app in front of it, then this
script. A scenario that needs the fake changed half-way asks for it on the control channel:
it prints `@control <command>` on stdout and waits for `ok` on stdin.

Every state a scenario reaches is audited with axe-core (`audit(page, state)`, in
accessibility.py): any violation of any impact fails the scenario.

Needs selenium, chromium and chromium-driver (`/usr/bin/chromedriver`) and, for the audits,
axe-selenium-python: the Python of `.build/venv` (`make test` makes it, with Debian's
python3-selenium and axe-selenium-python from PyPI). SCOUT_CHROMIUM and SCOUT_CHROMEDRIVER
override the browser's paths, SCOUT_AXE_SCRIPT the axe.min.js.
"""

import argparse
import json
import os
import signal
import sys
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import AuditFailure, audit

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, 'xss-corpus.json'), encoding='utf-8') as corpus:
    PAYLOADS = json.load(corpus)['payloads']

CHROMIUM = os.environ.get('SCOUT_CHROMIUM', '/usr/bin/chromium')
CHROMEDRIVER = os.environ.get('SCOUT_CHROMEDRIVER', '/usr/bin/chromedriver')
DESKTOP = (1280, 900)
PHONE = (390, 844)
WAIT = 10  # seconds any one expectation may take to come true

SCENARIOS = {}


def scenario(function):
    """Registers `function` under its name with dashes (`no_javascript` → `no-javascript`)."""
    SCENARIOS[function.__name__.replace('_', '-')] = function
    return function


class ScenarioFailure(Exception):
    """An expectation about the page that did not hold."""


# ---------------------------------------------------------------------------- the browser


class Page:
    """One headless Chromium with helpers to read Scout's page."""

    def __init__(self, base_url, screenshots, name, javascript=True, size=DESKTOP, language='en-US',
                 languages=None):
        """`language`: the browser's UI language; `languages`: its languages (navigator.languages,
        Accept-Language), such as 'en-US,de,fr', by default `language` alone."""
        self.base_url = base_url.rstrip('/')
        self.screenshots = screenshots
        self.name = name
        self.javascript = javascript
        self.language = language
        self.languages = languages
        options = Options()
        options.binary_location = CHROMIUM
        for argument in ('--headless=new', '--no-sandbox', '--disable-gpu', f'--window-size={size[0]},{size[1]}',
                         '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check',
                         '--disable-extensions', '--disable-background-networking', f'--lang={language}'):
            options.add_argument(argument)
        options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        # The browser's languages: its Accept-Language, which picks the page's language, and
        # navigator.languages, which picks the Wikipedia searched.
        prefs = {'intl.accept_languages': languages or language}
        if not javascript:
            prefs['profile.managed_default_content_settings.javascript'] = 2
        options.add_experimental_option('prefs', prefs)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(30)
        self.console = []
        self.final_screenshot_taken = False
        self.audits = []  # accessibility.audit records each audit here
        self.is_dark = False

    def close(self):
        """Quits the browser; first saves the final screenshot if the scenario did not get to it."""
        try:
            if not self.final_screenshot_taken:
                self.screenshot()
        except WebDriverException:
            pass
        try:
            self.driver.quit()
        except WebDriverException:
            pass

    # Navigation and input

    def open(self, path='/'):
        self.driver.get(self.base_url + path)
        if self.javascript:
            self.wait_for(lambda: self.js('return document.documentElement.classList.contains("js")'),
                          'app.js did not start (html.js missing)')

    @property
    def field(self):
        return self.driver.find_element(By.ID, 'q')

    def type(self, text, gap=0.0):
        """Types `text` into the search field, one key every `gap` seconds (0: all at once)."""
        field = self.field
        if gap <= 0:
            field.send_keys(text)
            return
        for character in text:
            field.send_keys(character)
            time.sleep(gap)

    def replace_text(self, text):
        field = self.field
        field.send_keys(Keys.CONTROL, 'a')
        field.send_keys(Keys.BACKSPACE)
        field.send_keys(text)

    def press(self, *keys):
        self.field.send_keys(*keys)

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def dark(self, on=True):
        """Emulates `prefers-color-scheme: dark` (or turns the emulation off)."""
        features = [{'name': 'prefers-color-scheme', 'value': 'dark'}] if on else []
        self.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': features})
        self.is_dark = on

    # Reading the page

    def titles(self):
        return self.js('return Array.from(document.querySelectorAll("#result-list .result-title"), e => e.textContent)')

    def rows(self):
        """Every row as {title, description, href, id} read from the DOM (textContent, exact)."""
        return self.js('''
            return Array.from(document.querySelectorAll('#result-list .result'), row => {
              const title = row.querySelector('.result-title');
              const description = row.querySelector('.result-description');
              const link = row.querySelector('a.result-link');
              return {
                title: title ? title.textContent : null,
                description: description ? description.textContent : null,
                href: row.dataset.href || (link ? link.getAttribute('href') : null),
                id: row.id,
              };
            });''')

    def view(self):
        return self.js('const r = document.getElementById("results"); return r ? r.dataset.view || "" : ""')

    def status_text(self):
        return self.js('return document.getElementById("status").textContent')

    def query_parameters(self):
        parts = urllib.parse.urlsplit(self.driver.current_url)
        return dict(urllib.parse.parse_qsl(parts.query)), parts.path

    def describe(self):
        """What the page shows, for failure messages."""
        try:
            return json.dumps({
                'url': self.driver.current_url,
                'field': self.field.get_attribute('value'),
                'view': self.view(),
                'status': self.status_text().strip()[:300],
                'titles': self.titles()[:25],
            }, ensure_ascii=False)
        except WebDriverException as error:
            return f'(page unreadable: {error.msg})'

    # Expectations

    def wait_for(self, condition, message, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda _: condition())
        except TimeoutException:
            raise ScenarioFailure(f'{message} (after {timeout} s); the page shows {self.describe()}') from None

    def wait_for_titles(self, expected, message, timeout=WAIT):
        self.wait_for(lambda: self.titles() == expected, f'{message}: expected titles {expected}', timeout)

    def expect_no_dialog(self):
        try:
            alert = self.driver.switch_to.alert
            text = alert.text
            alert.dismiss()
        except NoAlertPresentException:
            return
        raise ScenarioFailure(f'a JavaScript dialog opened: {text!r}')

    def collect_console(self):
        try:
            self.console += self.driver.get_log('browser')
        except WebDriverException:
            pass
        return self.console

    def expect_clean_console(self):
        """No CSP violation and no uncaught script error was logged."""
        bad = [entry['message'] for entry in self.collect_console()
               if 'Content Security Policy' in entry['message'] or 'Refused to' in entry['message']
               or 'Uncaught' in entry['message']]
        if bad:
            raise ScenarioFailure('the browser console reports problems:\n  ' + '\n  '.join(bad))

    def screenshot(self, suffix=''):
        os.makedirs(self.screenshots, exist_ok=True)
        path = os.path.join(self.screenshots, f'{self.name}{"-" + suffix if suffix else ""}.png')
        self.driver.save_screenshot(path)
        if not suffix:
            self.final_screenshot_taken = True
        return path


def expect(condition, message):
    if not condition:
        raise ScenarioFailure(message)


def audit_both_themes(page, state):
    """Audits `state` in the light theme and in the dark one, and leaves the theme as it was."""
    was_dark = page.is_dark
    page.dark(False)
    audit(page, state)
    page.dark(True)
    audit(page, f'{state}-dark')
    page.dark(was_dark)


def audit_as_served(page, state):
    """Audits, in both themes, the page at `page`'s address as the server renders it, without app.js.

    For the page without JavaScript: axe-core needs timers, which a page with JavaScript off
    never runs, so the audit loads the same address in a second Chromium with JavaScript on and
    the page's script blocked, where the page is exactly what a browser without JavaScript shows.
    """
    twin = Page(page.base_url, page.screenshots, page.name, size=DESKTOP, language=page.language,
                languages=page.languages)
    try:
        twin.audits = page.audits
        twin.driver.execute_cdp_cmd('Network.enable', {})
        twin.driver.execute_cdp_cmd('Network.setBlockedURLs', {'urls': ['*/static/app.js']})
        twin.driver.get(page.driver.current_url)
        expect(not twin.js('return document.documentElement.classList.contains("js")'),
               'app.js ran in the browser that audits the page without JavaScript')
        audit_both_themes(twin, state)
    finally:
        twin.final_screenshot_taken = True  # the scenario's own browser takes the final screenshot
        twin.close()


def api(base_url, q, source='wikipedia', cursor=None, limit=20):
    """Scout's JSON API, as the page calls it: (status, body)."""
    parameters = {'source': source, 'q': q, 'limit': str(limit)}
    if cursor:
        parameters['cursor'] = cursor
    url = f'{base_url.rstrip("/")}/api/v1/search?{urllib.parse.urlencode(parameters)}'
    try:
        with urllib.request.urlopen(url, timeout=15) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def api_all(base_url, q, source='wikipedia', limit=20):
    """Every item of a search, following `next`, as the page's endless list loads them."""
    items, cursor = [], None
    for _ in range(50):
        status, body = api(base_url, q, source, cursor, limit)
        expect(status == 200, f'the API answered {status} for {q!r}: {body}')
        items += body['items']
        cursor = body.get('next')
        if not cursor:
            return items
    raise ScenarioFailure(f'the API kept returning `next` for {q!r}')


def control(command):
    """Asks the Swift test to change the fake upstream; returns once it has."""
    print(f'@control {command}', flush=True)
    answer = sys.stdin.readline().strip()
    expect(answer == 'ok', f'the test did not carry out {command!r}: {answer!r}')


# ---------------------------------------------------------------------------- scenarios


@scenario
def typing(base_url, screenshots):
    """Late replies never overwrite the final query's rows.

    Fake: Bach, Basel, Beatles, Bee, Beethoven, then 24 pages whose titles start with "Ber",
    so "b", "be" and "ber" each have a full page of different rows; every search
    but "ber" answers after 2.5 s, "ber" at once. Types b, e, r 300 ms apart (each a search).
    """
    page = Page(base_url, screenshots, 'typing')
    try:
        page.open('/?source=wikipedia')
        page.wait_for(lambda: page.driver.switch_to.active_element == page.field, 'the field is not focused on load')
        audit_both_themes(page, 'empty')
        page.type('ber', gap=0.3)
        typed_at = time.monotonic()
        status, body = api(base_url, 'ber')
        expect(status == 200 and len(body['items']) == 20, f'the API did not give 20 items for "ber": {status} {body}')
        expected = [item['title'] for item in body['items']]
        expect(all(title.startswith('Ber') for title in expected), f'"ber" found other titles: {expected}')
        page.wait_for_titles(expected, 'the rows of "ber" did not appear', timeout=5)
        shown_after = time.monotonic() - typed_at
        expect(shown_after < 2.2, f'the rows of "ber" took {shown_after:.2f} s: they waited for slower searches')
        # The searches for "b" and "be" answer 2.5 s after they were sent: watch them not land.
        deadline = typed_at + 3.0
        while time.monotonic() < deadline:
            titles = page.titles()
            expect(titles == expected, f'a late reply replaced the rows of "ber": {titles[:5]}…')
            expect(page.field.get_attribute('value') == 'ber', 'the field changed')
            time.sleep(0.1)
        marks = page.js('return Array.from(document.querySelectorAll("#result-list mark"), m => m.textContent)')
        expect(len(marks) == 20 and all(mark.lower() == 'ber' for mark in marks),
               f'the typed prefix is not highlighted in every title: {marks[:5]}')
        expect('ber' in page.status_text(), f'the status line does not name the query: {page.status_text()!r}')
        parameters, _ = page.query_parameters()
        expect(parameters.get('q') == 'ber' and parameters.get('source') == 'wikipedia',
               f'the address does not carry the search: {page.driver.current_url}')
        combobox = page.js('''const q = document.getElementById("q");
            return [q.getAttribute("role"), q.getAttribute("aria-expanded"), q.getAttribute("aria-controls"),
                    document.getElementById(q.getAttribute("aria-controls")).getAttribute("role"),
                    document.querySelector("#result-list .result").getAttribute("role")]''')
        expect(combobox == ['combobox', 'true', 'result-list', 'listbox', 'option'],
               f'combobox/listbox roles are wrong: {combobox}')
        label = page.js('const q = document.getElementById("q"); '
                        'return [q.labels.length, q.labels[0] && q.labels[0].textContent.trim(), q.type]')
        expect(label == [1, 'Search Wikipedia', 'text'], f'the field is not labelled "Search Wikipedia": {label}')
        audit_both_themes(page, 'results')
        # Typing on: the rows of "ber" stay, marked stale, while "berg" is searched (2.5 s).
        page.type('g')
        page.wait_for(lambda: page.js('return !document.getElementById("spinner").hidden '
                                      '&& document.getElementById("result-list").classList.contains("is-stale")'),
                      'the slow search for "berg" shows no loading indicator over stale rows')
        audit(page, 'typing')
        page.press(Keys.BACKSPACE)
        page.wait_for_titles(expected, 'going back to "ber" did not show its rows')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
        # The same page in the dark, and at phone width: nothing sticks out sideways.
        page.dark(True)
        page.screenshot('dark')
        page.dark(False)
        page.driver.set_window_size(*PHONE)
        page.wait_for(lambda: page.js('return window.innerWidth') <= PHONE[0], 'the window did not shrink')
        overflow = page.js('return document.documentElement.scrollWidth - window.innerWidth')
        expect(overflow <= 0, f'at phone width the page is {overflow} px wider than the screen')
        page.js('window.scrollTo(0, 0)')
        page.screenshot('phone')
        audit_both_themes(page, 'results-phone')
    finally:
        page.close()


@scenario
def keyboard(base_url, screenshots):
    """↓/↑ move the active row, Enter and click open the row's link in a new tab, Esc clears, / focuses.

    Fake: pages Mercury, Mars, Maple, Marble, Venus (in that order); "ma" finds Mars, Maple, Marble.
    """
    page = Page(base_url, screenshots, 'keyboard')
    driver = page.driver
    try:
        page.open('/?source=wikipedia')
        page.type('ma')
        page.wait_for_titles(['Mars', 'Maple', 'Marble'], 'typing "ma" did not list Mars, Maple, Marble')
        main = driver.current_window_handle
        page.press(Keys.ARROW_DOWN)
        page.press(Keys.ARROW_DOWN)
        state = page.js('''const q = document.getElementById("q");
            const active = document.getElementById(q.getAttribute("aria-activedescendant") || "-");
            return [active && active.querySelector(".result-title").textContent,
                    active && active.getAttribute("aria-selected"),
                    document.querySelectorAll('#result-list [aria-selected="true"]').length,
                    document.activeElement === q]''')
        expect(state == ['Maple', 'true', 1, True], f'after ↓↓ the active row is not Maple: {state}')
        page.screenshot('active-row')
        audit_both_themes(page, 'keyboard-selection')
        expected = page.rows()[1]['href']
        expect(expected and expected.endswith('/wiki/Maple'), f'the second row links to {expected!r}')
        nested = page.js('return document.querySelectorAll("#result-list [role=option] :is(a, button, input, [tabindex])")'
                         '.length')
        expect(nested == 0, f'{nested} interactive elements inside the options (an option must hold none)')

        def opened_by(action, what):
            before = set(driver.window_handles)
            action()
            page.wait_for(lambda: len(set(driver.window_handles) - before) == 1, f'{what} opened no new tab')
            handle = (set(driver.window_handles) - before).pop()
            driver.switch_to.window(handle)
            WebDriverWait(driver, WAIT).until(lambda d: d.current_url not in ('about:blank', ''))
            url = driver.current_url
            opener = driver.execute_script('return window.opener === null')
            driver.close()
            driver.switch_to.window(main)
            return url, opener

        url, no_opener = opened_by(lambda: page.press(Keys.ENTER), 'Enter on the active row')
        expect(url == expected, f'Enter opened {url}, not the active row\'s link {expected}')
        expect(no_opener, 'the opened tab can reach window.opener')
        page.press(Keys.ARROW_UP)
        expect(page.js('return document.getElementById("q").getAttribute("aria-activedescendant")') == 'result-0',
               '↑ did not move the active row up')
        page.press(Keys.ARROW_UP)
        expect(page.js('return document.getElementById("q").getAttribute("aria-activedescendant")') is None,
               '↑ on the first row did not give the field back')
        first = driver.find_element(By.CSS_SELECTOR, '#result-list .result:first-child')
        url, _ = opened_by(first.click, 'a click on the first row')
        expect(url.endswith('/wiki/Mars'), f'a click on Mars opened {url}')

        page.field.click()
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: page.field.get_attribute('value') == '' and page.titles() == [],
                      'Esc did not clear the field and the rows')
        expect(page.js('return document.getElementById("q").getAttribute("aria-expanded")') == 'false',
               'aria-expanded is still true after Esc')
        audit(page, 'cleared')
        page.js('document.activeElement.blur(); document.body.focus()')
        expect(driver.switch_to.active_element != page.field, 'could not move focus away from the field')
        ActionChains(driver).send_keys('/').perform()
        page.wait_for(lambda: driver.switch_to.active_element == page.field, '/ did not focus the search field')
        expect(page.field.get_attribute('value') == '', '/ was typed into the field instead of focusing it')
        page.type('mar')
        page.wait_for_titles(['Mars', 'Marble'], 'typing after / did not search')
        outline = page.js('''const q = document.getElementById("q");
            return getComputedStyle(q.closest(".field")).boxShadow''')
        expect(outline and outline != 'none', 'the focused field has no visible focus ring')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def history(base_url, screenshots):
    """Back, forward, reload and shared links restore the search; recent searches are kept and removable.

    Fake: pages Alpha, Alphabet, Beta, Betamax, Gamma, Gamma ray.
    """
    page = Page(base_url, screenshots, 'history')
    driver = page.driver

    def shows(q, titles):
        page.wait_for(lambda: page.field.get_attribute('value') == q and page.titles() == titles
                      and page.query_parameters()[0].get('q') == q,
                      f'the page does not show the search {q!r} with {titles}')

    try:
        page.open('/?source=wikipedia')
        page.type('alpha')
        page.press(Keys.ENTER)
        shows('alpha', ['Alpha', 'Alphabet'])
        page.replace_text('beta')
        page.press(Keys.ENTER)
        shows('beta', ['Beta', 'Betamax'])
        driver.back()
        shows('alpha', ['Alpha', 'Alphabet'])
        driver.forward()
        shows('beta', ['Beta', 'Betamax'])
        driver.refresh()
        shows('beta', ['Beta', 'Betamax'])
        expect(driver.title == 'beta – Scout', f'the tab is titled {driver.title!r}')
        page.open('/?q=gamma&source=wikipedia')
        shows('gamma', ['Gamma', 'Gamma ray'])
        driver.back()
        shows('beta', ['Beta', 'Betamax'])
        driver.forward()
        shows('gamma', ['Gamma', 'Gamma ray'])
        # A page the server rendered for /search is taken over: live rows, and typing goes on there.
        page.open('/search?q=beta&source=wikipedia')
        shows('beta', ['Beta', 'Betamax'])
        page.wait_for(lambda: page.js('return document.querySelectorAll("#result-list [role=option]").length') == 2,
                      'the script did not take over the rows of the server-rendered page')
        audit(page, 'search-page-taken-over')
        page.replace_text('gamma')
        page.press(Keys.ENTER)
        shows('gamma', ['Gamma', 'Gamma ray'])
        expect(page.query_parameters()[1] == '/search', f'typing left /search: {driver.current_url}')
        driver.back()
        shows('beta', ['Beta', 'Betamax'])
        driver.forward()
        shows('gamma', ['Gamma', 'Gamma ray'])
        # Settled searches are recent searches: the empty page lists them, newest first.
        page.press(Keys.ENTER)
        page.press(Keys.ESCAPE)

        def recent():
            return page.js('return Array.from(document.querySelectorAll("#recent .recent-query"), e => e.textContent)')

        page.wait_for(lambda: recent() == ['gamma', 'beta', 'alpha'],
                      f'recent searches are not gamma, beta, alpha: {recent()}')
        expect(page.js('return document.getElementById("recent").hidden') is False, 'recent searches are hidden')
        audit_both_themes(page, 'recent-searches')
        page.js('''Array.from(document.querySelectorAll("#recent .recent-item"))
                     .find(row => row.querySelector(".recent-query").textContent === "beta")
                     .querySelector(".recent-remove").click()''')
        page.wait_for(lambda: recent() == ['gamma', 'alpha'], 'removing "beta" from recent searches did not work')
        driver.refresh()
        page.wait_for(lambda: recent() == ['gamma', 'alpha'], 'recent searches were not kept across a reload')
        page.js('document.querySelector("#recent .recent-open").click()')
        shows('gamma', ['Gamma', 'Gamma ray'])
        page.press(Keys.ESCAPE)
        page.wait_for(lambda: recent() == ['gamma', 'alpha'], 'recent searches did not come back after Esc')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def suggestion(base_url, screenshots):
    """No results: the empty state offers the source's suggestion, and clicking it searches it.

    Fake: pages Zürich, Zürich Hauptbahnhof, Zürichsee; suggestion "zurik" → "zurich".
    """
    page = Page(base_url, screenshots, 'suggestion')
    try:
        page.open('/?source=wikipedia')
        page.type('zurik')
        page.wait_for(lambda: page.view() == 'empty', 'typing "zurik" did not show the empty state')
        notice = page.js('return document.querySelector("#status .notice-title").textContent')
        expect(notice == 'No results for zurik', f'the empty state says {notice!r}')
        link = page.driver.find_element(By.CSS_SELECTOR, '#status a.suggestion')
        expect(link.text == 'zurich', f'the suggestion link says {link.text!r}')
        expect('q=zurich' in link.get_attribute('href'), f'the suggestion links to {link.get_attribute("href")}')
        page.screenshot('empty')
        audit_both_themes(page, 'no-results-suggestion')
        link.click()
        page.wait_for_titles(['Zürich', 'Zürich Hauptbahnhof', 'Zürichsee'], 'the suggestion did not search "zurich"')
        expect(page.field.get_attribute('value') == 'zurich', 'the field does not hold the suggestion')
        expect(page.query_parameters()[0].get('q') == 'zurich', 'the address does not hold the suggestion')
        marks = page.js('return Array.from(document.querySelectorAll("#result-list mark"), m => m.textContent)')
        expect(marks == ['Zürich'] * 3, f'"zurich" should highlight "Zürich" in every title: {marks}')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def languages(base_url, screenshots):
    """Wikipedia in the reader's language: the menu starts at the browser's first language that
    is a Wikipedia, an empty search offers the reader's other languages that have hits (with
    their counts), choosing one searches it and puts lang= in the address, the choice is
    remembered, and the address's lang wins.

    Fake: every language at <code>.localhost; en: Oslo; de: Zürichsee, Zürich; fr: Lac de Zurich.
    """
    page = Page(base_url, screenshots, 'languages', languages='en-US,de,fr')
    try:
        page.open('/?source=wikipedia')
        menu = lambda: page.js('const m = document.getElementById("lang"); return m && !m.closest(".language").hidden ? m.value : null')
        page.wait_for(lambda: menu() == 'en', 'the language menu did not start at the browser\'s English')
        label = page.js('return document.querySelector("label[for=lang]").textContent')
        expect(label == 'Wikipedia language', f'the menu is labelled {label!r}')
        options = page.js('return document.getElementById("lang").options.length')
        expect(options > 300, f'the menu offers {options} languages')
        audit(page, 'language-menu')
        page.type('Zürichsee')
        page.wait_for(lambda: page.view() == 'empty', 'typing "Zürichsee" did not show the empty state in English')
        offers = lambda: page.js('return Array.from(document.querySelectorAll("#status .language-offer"), b => b.textContent)')
        page.wait_for(lambda: offers() == ['German: 1'], 'the empty state did not offer German with its 1 result')
        page.screenshot('offers')
        audit_both_themes(page, 'language-offers')
        page.driver.find_element(By.CSS_SELECTOR, '#status .language-offer').click()
        page.wait_for_titles(['Zürichsee'], 'choosing German did not search German Wikipedia')
        expect(menu() == 'de', f'the menu shows {menu()!r} after choosing German')
        expect(page.query_parameters()[0].get('lang') == 'de', f'the address is {page.driver.current_url}')
        expect(page.js('return document.activeElement.id') == 'q', 'focus did not go back to the field')

        page.open('/?source=wikipedia')
        page.wait_for(lambda: menu() == 'de', 'the choice of German was not remembered')
        page.open('/?q=Lac&source=wikipedia&lang=fr')
        page.wait_for_titles(['Lac de Zurich'], 'the address\'s lang=fr did not search French Wikipedia')
        page.wait_for(lambda: menu() == 'fr', 'the menu does not show the address\'s French')
        page.js('const m = document.getElementById("lang"); m.focus(); m.value = "en"; m.dispatchEvent(new Event("change"));')
        page.wait_for(lambda: page.view() == 'empty', 'choosing English in the menu did not search English Wikipedia')
        expect(page.query_parameters()[0].get('lang') == 'en', f'the address is {page.driver.current_url}')
        page.js('document.getElementById("tab-commons") && document.getElementById("tab-commons").click()')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def error(base_url, screenshots):
    """A failing source is an error that names it, with Retry; Retry recovers once the source does.

    Fake: pages Oslo, Oslo Airport, Oslofjord; every request answers 503 until the control
    command `recover`.
    """
    page = Page(base_url, screenshots, 'error')
    try:
        page.open('/?q=oslo&source=wikipedia')
        page.wait_for(lambda: page.view() == 'error', 'a failing Wikipedia did not show the error state')
        heading = page.js('return document.querySelector("#status .notice-title").textContent')
        text = page.js('return document.querySelector("#status .notice-text").textContent')
        expect('Wikipedia' in heading, f'the error does not name the source: {heading!r}')
        expect(len(text.strip()) > 10, f'the error has no sentence for people: {text!r}')
        expect(page.titles() == [], 'rows are shown next to the error')
        page.screenshot('failed')
        audit_both_themes(page, 'error-retry')
        retry = page.driver.find_element(By.CSS_SELECTOR, '#status button.retry')
        page.wait_for(lambda: retry.is_enabled(), 'Retry stays disabled')
        control('recover')
        retry.click()
        page.wait_for_titles(['Oslo', 'Oslo Airport', 'Oslofjord'], 'Retry did not recover')
        expect(page.view() == 'results', f'the view is {page.view()!r} after Retry')
        audit(page, 'recovered')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def endless(base_url, screenshots):
    """Scrolling to the end loads the next page, one at a time, until there is none; no duplicates.
    A search slower than 200 ms shows the loading indicator, and only after 200 ms.

    Fake: 65 pages "Item 001" … "Item 065"; searches answer after 300 ms.
    """
    page = Page(base_url, screenshots, 'endless')
    try:
        page.open('/?source=wikipedia')
        # Count the page's searches, and time when the loading indicator shows.
        page.js('''window.__scoutCursors = [];
            window.__scoutFetchTimes = [];
            window.__scoutSpinnerShown = [];
            const original = window.fetch;
            window.fetch = (resource, init) => {
              const url = new URL(String(resource), location.href);
              if (url.pathname === '/api/v1/search') {
                window.__scoutCursors.push(url.searchParams.get('cursor'));
                window.__scoutFetchTimes.push(performance.now());
              }
              return original(resource, init);
            };
            const spinner = document.getElementById('spinner');
            new MutationObserver(() => {
              if (!spinner.hidden) window.__scoutSpinnerShown.push(performance.now());
            }).observe(spinner, {attributes: true, attributeFilter: ['hidden']});''')
        page.type('item')
        expected = [f'Item {number:03d}' for number in range(1, 66)]
        page.wait_for_titles(expected[:20], 'the first page of "item" did not appear')
        spinner = page.js('return [window.__scoutFetchTimes[0], window.__scoutSpinnerShown[0] ?? null,'
                          ' document.getElementById("spinner").hidden]')
        expect(spinner[1] is not None, 'a search slower than 200 ms showed no loading indicator')
        expect(spinner[1] - spinner[0] >= 190,
               f'the loading indicator showed {spinner[1] - spinner[0]:.0f} ms into the search, not after 200 ms')
        expect(spinner[2] is True, 'the loading indicator stays after the rows came')
        for count in (40, 60, 65):
            # Scroll to the end several times while the page loads: still one request per page.
            for _ in range(3):
                page.js('window.scrollTo(0, document.documentElement.scrollHeight)')
                time.sleep(0.05)
            page.wait_for(lambda: len(page.titles()) >= count, f'scrolling to the end did not load {count} rows')
        page.wait_for(lambda: page.js('return document.getElementById("more").dataset.state') == 'end',
                      'the end of the results is not marked')
        audit(page, 'end-of-results')
        titles = page.titles()
        expect(titles == expected, f'the rows are not Item 001…065 once each: {len(titles)} rows, '
                                   f'{len(set(titles))} distinct, first wrong at '
                                   f'{next((i for i, (a, b) in enumerate(zip(titles, expected)) if a != b), None)}')
        ids = page.js('return Array.from(document.querySelectorAll("#result-list .result"), r => r.id)')
        expect(len(set(ids)) == len(ids) == 65, 'row ids are not unique')
        time.sleep(0.5)
        expect(len(page.titles()) == 65, 'rows were added after the last page')
        cursors = page.js('return window.__scoutCursors')
        expect(len(cursors) == 4 and cursors[0] is None and len(set(cursors)) == 4,
               f'the page should request each page once (first page, then 3 cursors): {cursors}')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def no_javascript(base_url, screenshots):
    """Without JavaScript the form submits to /search, which renders the results on the server.

    Fake: pages Oslo, Oslo Airport, Oslofjord, Oslo Opera House and "Oslo district 01" … "20".
    """
    page = Page(base_url, screenshots, 'no-javascript', javascript=False)
    try:
        page.open('/')
        has_js = page.driver.execute_script('return document.documentElement.classList.contains("js")')
        expect(not has_js, 'JavaScript ran although it is disabled')
        audit_as_served(page, 'no-javascript-form')
        page.type('oslo')
        page.press(Keys.ENTER)
        page.wait_for(lambda: urllib.parse.urlsplit(page.driver.current_url).path == '/search',
                      'submitting the form did not go to /search')
        parameters, _ = page.query_parameters()
        expect(parameters == {'q': 'oslo', 'source': 'wikipedia'}, f'the form sent {parameters}')
        status, body = api(base_url, 'oslo')
        expect(status == 200, f'the API failed: {status} {body}')
        expected = [item['title'] for item in body['items']]
        expect(len(expected) == 20 and body['next'], 'the API should give a full first page with `next`')
        page.wait_for_titles(expected, 'the server did not render the first page')
        expect(page.field.get_attribute('value') == 'oslo', 'the field does not hold the query')
        expect(page.js('return document.querySelectorAll("[role=option]").length') == 0,
               'listbox options exist without JavaScript')
        page.screenshot('first-page')
        audit_as_served(page, 'no-javascript-results')
        more = page.driver.find_element(By.CSS_SELECTOR, '#more a.more-link')
        expect('cursor=' in more.get_attribute('href'), f'"More results" links to {more.get_attribute("href")}')
        more.click()
        _, second = api(base_url, 'oslo', cursor=body['next'])
        page.wait_for_titles([item['title'] for item in second['items']], '"More results" did not show page 2')
        expect(not page.driver.find_elements(By.CSS_SELECTOR, '#more a.more-link'), 'the last page links to more')
        page.screenshot()
    finally:
        page.close()


@scenario
def books(base_url, screenshots):
    """The Books tab: cover rows with the typed prefix highlighted; a book opens its Related panel.

    Catalog: The Hunger Games trilogy and Gregor the Overlander (Suzanne Collins), The Very
    Hungry Caterpillar, Hunger and The Hunchback of Notre-Dame; covers on the test image host
    (Gregor has none). Relations: same series and same author. Wikipedia is empty.
    """
    page = Page(base_url, screenshots, 'books')

    def panel():
        return page.js('''
            const panel = document.getElementById('related');
            return {
              hidden: panel.hidden,
              heading: (panel.querySelector('.related-heading') || {}).textContent || null,
              kinds: Array.from(panel.querySelectorAll('.related-kind'), e => e.textContent),
              titles: Array.from(panel.querySelectorAll('.related-title'), e => e.textContent),
              reasons: Array.from(panel.querySelectorAll('.related-reason'), e => e.textContent),
              notice: (panel.querySelector('.notice-text') || {}).textContent || null,
              focused: document.activeElement ? document.activeElement.textContent : null,
            };''')

    try:
        page.open('/?source=books')
        page.wait_for(lambda: page.js('const t = document.getElementById("tab-books"); '
                                      'return t && t.getAttribute("aria-selected") === "true"'),
                      'the Books tab is not listed and selected')
        page.type('hun')
        page.wait_for(lambda: len(page.titles()) == 6, 'the rows of "hun" did not appear')
        rows = page.rows()
        # Titles that start with what was typed (an article not counted), the most read first.
        expect(rows[0]['title'] == 'The Hunger Games', f'the most read title that starts with what was typed is not first: {rows}')
        # Catching Fire and Mockingjay by their series' name, after the four titles.
        expect(sorted(row['title'] for row in rows[:4]) ==
               ['Hunger', 'The Hunchback of Notre-Dame', 'The Hunger Games', 'The Very Hungry Caterpillar'],
               f'"hun" found other books: {rows}')
        expect(sorted(row['title'] for row in rows[4:]) == ['Catching Fire', 'Mockingjay'],
               f'"hun" did not find the series by its name: {rows}')
        marks = page.js('return Array.from(document.querySelectorAll("#result-list mark"), m => m.textContent)')
        expect(len(marks) == 4 and all(mark.lower() == 'hun' for mark in marks), f'the prefix is not highlighted: {marks}')
        # Two words, in the typed order and side by side: The Hunger Games comes first.
        page.type('ger g')
        # The Hunger Games led "hun" too: wait for the rows of "hunger g" (no Hunchback there).
        page.wait_for(lambda: page.titles()[:1] == ['The Hunger Games']
                      and 'The Hunchback of Notre-Dame' not in page.titles(), 'the rows of "hunger g" did not appear')
        rows = page.rows()
        expect(rows[0]['description'] == 'Suzanne Collins · 2008 · ★ 4.34',
               f'the first row does not show authors, year and rating: {rows[0]}')
        # The marks are the server's matches, word by word: not the typed text as one run.
        marks = page.js('return Array.from(document.querySelectorAll("#result-0 mark"), m => m.textContent)')
        expect(marks == ['Hunger', 'G'], f'the matched words are not what is highlighted: {marks}')
        page.wait_for(lambda: page.js('const i = document.querySelector("#result-0 .thumb-image"); '
                                      'return Boolean(i && i.complete && i.naturalWidth > 0)'),
                      'the first cover did not load through /img/')
        cover = page.js('return document.querySelector("#result-0 .thumb-image").src')
        expect(cover.startswith(base_url.rstrip('/') + '/img/books/'), f'the cover does not come through the proxy: {cover}')
        expect(page.js('return document.querySelector("#result-0").classList.contains("result--book")'),
               'book rows are not marked as books')
        page.screenshot('rows')
        audit(page, 'books')

        # Keyboard: ↓ Enter opens the first book's Related panel and moves focus into it.
        page.press(Keys.ARROW_DOWN)
        page.press(Keys.ENTER)
        page.wait_for(lambda: panel()['titles'] == ['Catching Fire', 'Mockingjay', 'Gregor the Overlander'],
                      f'the Related panel of The Hunger Games did not appear: {panel()}')
        shown = panel()
        expect(shown['heading'] == 'The Hunger Games', f'the panel is about another book: {shown}')
        expect(shown['kinds'] == ['Same series', 'Same author'], f'the groups are not the relation kinds: {shown}')
        expect(shown['reasons'][0] == 'same series: The Hunger Games #2', f'reasons are missing: {shown}')
        expect(shown['focused'] == 'Catching Fire', f'focus did not move to the first related title: {shown}')
        expect(len(page.driver.window_handles) == 1, 'opening a book opened a tab')
        page.screenshot()
        audit_both_themes(page, 'related')
        page.dark(True)
        page.screenshot('dark')
        page.dark(False)

        # ↓ moves through the panel; Esc closes it and gives the field its focus back.
        page.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        expect(panel()['focused'] == 'Mockingjay', f'↓ did not move to the next related title: {panel()}')
        page.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        page.wait_for(lambda: panel()['hidden'], 'Esc did not close the panel')
        expect(page.driver.switch_to.active_element == page.field, 'the field did not get focus back')
        expect(page.titles()[0] == 'The Hunger Games', 'closing the panel changed the rows')

        # A click opens it too. When its books do not come (the request blocked), the panel says
        # so, and its Retry asks again; then a related title searches for itself.
        page.driver.execute_cdp_cmd('Network.enable', {})
        page.driver.execute_cdp_cmd('Network.setBlockedURLs', {'urls': ['*/related']})
        page.driver.find_element(By.CSS_SELECTOR, '#result-0 .result-title').click()
        page.wait_for(lambda: panel()['notice'] == 'Scout could not be reached. Check your connection and retry.',
                      f'a failed request for related books shows no notice: {panel()}')
        expect(panel()['focused'] == 'Retry', f'focus is not on the notice\'s Retry: {panel()}')
        audit(page, 'related-failed')
        page.driver.execute_cdp_cmd('Network.setBlockedURLs', {'urls': []})
        page.driver.switch_to.active_element.send_keys(Keys.ENTER)
        page.wait_for(lambda: 'Mockingjay' in panel()['titles'], f'Retry did not bring the related books: {panel()}')
        page.driver.find_element(By.XPATH, '//button[@class="related-title" and text()="Mockingjay"]').click()
        page.wait_for(lambda: page.titles() == ['Mockingjay'], 'the related title was not searched')
        expect(page.field.get_attribute('value') == 'Mockingjay', 'the field does not show the related title')
        parameters, _ = page.query_parameters()
        expect(parameters == {'q': 'Mockingjay', 'source': 'books'}, f'the address is {page.driver.current_url}')

        # Phone width: the panel above the rows, nothing wider than the screen.
        page.driver.set_window_size(*PHONE)
        page.wait_for(lambda: page.js('return window.innerWidth') <= PHONE[0], 'the window did not shrink')
        page.press(Keys.ENTER)  # no active row: the search is settled; open the first book by click instead
        page.driver.find_element(By.CSS_SELECTOR, '#result-0 .result-title').click()
        page.wait_for(lambda: sorted(panel()['titles']) == ['Catching Fire', 'Gregor the Overlander', 'The Hunger Games'],
                      f'the Related panel of Mockingjay did not appear: {panel()}')
        overflow = page.js('return document.documentElement.scrollWidth - window.innerWidth')
        expect(overflow <= 0, f'at phone width the page is {overflow} px wider than the screen')
        page.js('window.scrollTo(0, 0)')
        page.screenshot('phone')
        audit_both_themes(page, 'related-phone')
        page.dark(True)
        page.screenshot('phone-dark')
        page.expect_no_dialog()
        page.expect_clean_console()
    finally:
        page.close()


# ---------------------------------------------------------------------------- photos

PHOTO_STATE = '''
  const grid = document.getElementById('photo-grid');
  const tiles = Array.from(grid.querySelectorAll('.photo-tile'));
  const more = document.getElementById('photo-more');
  const box = document.getElementById('lightbox');
  const active = document.activeElement;
  const image = box && box.querySelector('.lightbox-image');
  return {
    hidden: grid.hidden,
    titles: tiles.map(t => t.querySelector('.photo-caption').textContent),
    ids: tiles.map(t => t.id),
    images: grid.querySelectorAll('.photo-image').length,
    released: Array.from(grid.querySelectorAll('.photo-tile.is-released'), t => Number(t.dataset.index)),
    more: more.dataset.state || '',
    retry: Boolean(more.querySelector('button.retry')),
    focused: active && active.classList.contains('photo-tile') ? Number(active.dataset.index) : null,
    lightbox: box && box.open ? {
      title: box.querySelector('.lightbox-title').textContent,
      facts: box.querySelector('.lightbox-facts').textContent,
      position: box.querySelector('.lightbox-position').textContent,
      href: box.querySelector('.lightbox-link').getAttribute('href'),
      rel: box.querySelector('.lightbox-link').rel,
      target: box.querySelector('.lightbox-link').target,
      src: image ? image.src : null,
      loaded: Boolean(image && image.complete && image.naturalWidth > 0),
    } : null,
  };'''

# Records the page's photo requests: their cursors, and how many ran at once at most.
PHOTO_FETCH_PROBE = '''
  window.__scoutPhotoCursors = [];
  window.__scoutPhotoInFlight = 0;
  window.__scoutPhotoMaxInFlight = 0;
  const original = window.fetch;
  window.fetch = async (resource, options) => {
    const url = new URL(String(resource), window.location.href);
    const isPhoto = url.pathname === '/api/v1/search' && ['commons', 'flickr'].includes(url.searchParams.get('source'));
    if (!isPhoto) return original(resource, options);
    window.__scoutPhotoCursors.push(url.searchParams.get('cursor'));
    window.__scoutPhotoInFlight += 1;
    window.__scoutPhotoMaxInFlight = Math.max(window.__scoutPhotoMaxInFlight, window.__scoutPhotoInFlight);
    try { return await original(resource, options); } finally { window.__scoutPhotoInFlight -= 1; }
  };'''

# Every tile on screen shows its image (released tiles near the screen get theirs back).
VISIBLE_IMAGES_LOADED = '''
  const tiles = Array.from(document.querySelectorAll('#photo-grid .photo-tile')).filter(tile => {
    const rect = tile.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < window.innerHeight;
  });
  return tiles.length > 0 && tiles.every(tile => {
    const image = tile.querySelector('.photo-image');
    return image && image.complete && image.naturalWidth > 0;
  });'''

FIRST_IMAGE_LOADED = ('const i = document.querySelector("#photo-0 .photo-image"); '
                      'return Boolean(i && i.complete && i.naturalWidth > 0)')


@scenario
def photos(base_url, screenshots):
    """The Photos tab: an endless grid of tiles, a page that fails then Retry, far-off images
    released and restored, the lightbox by keyboard; Flickr through the source switch; dark and
    phone width.

    Fakes: Commons with 100 files "Hut 001" … "Hut 100" (every third by Jane Doe, CC BY-SA 4.0),
    150 ms latency; Flickr with 24 photos "Hut 001" … by Joi; images from the test image host.
    Control: `fail-third-page` makes the Commons page at offset 60 fail; `recover` ends that.
    """
    page = Page(base_url, screenshots, 'photos')
    expected = [f'Hut {number:03d}' for number in range(1, 101)]
    own = base_url.rstrip('/') + '/img/'

    def state():
        return page.js(PHOTO_STATE)

    def key(*keys):
        page.driver.switch_to.active_element.send_keys(*keys)

    dark = page.dark

    def shoot(name):
        page.wait_for(lambda: page.js(VISIBLE_IMAGES_LOADED), f'the photos on screen did not load ({name})')
        page.screenshot(name)

    def scroll_until(more_state, message):
        for _ in range(40):
            if state()['more'] == more_state:
                return
            page.js('window.scrollTo(0, document.documentElement.scrollHeight)')
            time.sleep(0.15)
        page.wait_for(lambda: state()['more'] == more_state, message)

    try:
        page.open('/?source=commons')
        page.wait_for(lambda: page.js('const t = document.getElementById("tab-photos"); '
                                      'return Boolean(t && t.getAttribute("aria-selected") === "true")'),
                      'the Photos tab is not listed and selected')
        switch = page.js('return Array.from(document.querySelectorAll("#photo-sources .photo-source"), '
                         'b => [b.textContent, b.getAttribute("aria-pressed")])')
        expect(switch == [['Wikimedia Commons', 'true'], ['Flickr', 'false']], f'the source switch shows {switch}')
        page.js(PHOTO_FETCH_PROBE)
        page.js('document.getElementById("photo-grid").dataset.maxImages = "36"')
        control('fail-third-page')
        page.type('hut')
        page.wait_for(lambda: state()['titles'][:30] == expected[:30], 'the first page of photos did not appear')
        page.wait_for(lambda: page.js(FIRST_IMAGE_LOADED), 'the first thumbnail did not load through /img/')
        src = page.js('return document.querySelector("#photo-0 .photo-image").src')
        expect(src.startswith(own), f'a thumbnail does not come through the proxy: {src}')
        page.js('window.scrollTo(0, 0)')
        shoot('grid')
        audit_both_themes(page, 'photo-grid')

        # Scrolling loads page 2; page 3 fails: the tiles stay, Retry shows, nothing more is asked.
        scroll_until('failed', 'the failing page shows no failure')
        shown = state()
        expect(shown['titles'] == expected[:60], f'a failed page changed the tiles: {len(shown["titles"])} tiles')
        expect(shown['retry'], 'the failed page offers no Retry button')
        message = page.js('return document.querySelector("#photo-more .notice-title").textContent')
        expect('Wikimedia Commons' in message, f'the failure does not name the source: {message!r}')
        asked = page.js('return window.__scoutPhotoCursors.length')
        page.js('window.scrollTo(0, 0)')
        page.js('window.scrollTo(0, document.documentElement.scrollHeight)')
        time.sleep(0.6)
        expect(page.js('return window.__scoutPhotoCursors.length') == asked, 'scrolling asked for the failed page again')
        shoot('failed')
        audit(page, 'photo-page-failed')

        # Retry loads it; scrolling on loads the rest, to the end, each page once.
        control('recover')
        page.driver.find_element(By.CSS_SELECTOR, '#photo-more button.retry').click()
        scroll_until('end', 'the end of the photos is not marked')
        shown = state()
        expect(shown['titles'] == expected, f'the tiles are not Hut 001…100 once each: {len(shown["titles"])} tiles')
        expect(len(set(shown['ids'])) == 100, 'tile ids are not unique')
        cursors = page.js('return window.__scoutPhotoCursors')
        expect(cursors == [None, '30', '60', '60', '90'],
               f'pages should be asked for once each (the failed one again by Retry): {cursors}')
        expect(page.js('return window.__scoutPhotoMaxInFlight') == 1, 'two photo pages loaded at once')
        status = page.status_text()
        expect(status.startswith('100 results for hut in Wikimedia Commons'), f'the status says {status!r}')

        # Far above the screen the images were given back; the tiles keep their place and size.
        page.wait_for(lambda: 0 in state()['released'], 'the first tiles kept their images far off screen')
        expect(state()['images'] < 100, f'{state()["images"]} images are still loaded')
        sizes = page.js('return [document.getElementById("photo-0").getBoundingClientRect().height, '
                        'document.getElementById("photo-99").getBoundingClientRect().height]')
        expect(abs(sizes[0] - sizes[1]) < 1, f'a released tile changed size: {sizes}')
        page.js('window.scrollTo(0, 0)')
        page.wait_for(lambda: 0 not in state()['released'] and page.js(FIRST_IMAGE_LOADED),
                      'scrolling back did not bring the first images back')

        # Keyboard: ↓ from the field enters the grid, arrows move, Enter opens the lightbox.
        page.field.click()
        page.press(Keys.ARROW_DOWN)
        page.wait_for(lambda: state()['focused'] == 0, 'ArrowDown in the field did not focus the first photo')
        columns = page.js('const t = Array.from(document.querySelectorAll(".photo-tile")); '
                          'return t.filter(x => x.offsetTop === t[0].offsetTop).length')
        key(Keys.ARROW_RIGHT)
        expect(state()['focused'] == 1, f'→ did not move to the second photo: {state()["focused"]}')
        key(Keys.ARROW_DOWN)
        expect(state()['focused'] == 1 + columns, f'↓ did not move one row ({columns}) down: {state()["focused"]}')
        key(Keys.ARROW_UP)
        key(Keys.ARROW_LEFT)
        expect(state()['focused'] == 0, f'↑ ← did not come back to the first photo: {state()["focused"]}')
        key(Keys.ENTER)
        page.wait_for(lambda: state()['lightbox'] is not None, 'Enter did not open the lightbox')
        box = state()['lightbox']
        expect(box['title'] == 'Hut 001', f'the lightbox shows {box}')
        expect(box['facts'] == 'by Jane Doe · CC BY-SA 4.0', f'author and licence are missing: {box}')
        expect(box['href'].startswith('https://commons.wikimedia.org/wiki/File:Hut_001.jpg'), f'the link is {box}')
        expect(box['target'] == '_blank' and {'noopener', 'noreferrer'} <= set(box['rel'].split()), f'link: {box}')
        expect(box['position'] == '1 of 100', f'the position is {box["position"]!r}')
        page.wait_for(lambda: state()['lightbox']['loaded'], 'the large image did not load')
        expect(state()['lightbox']['src'].startswith(own), 'the large image is not proxied')
        page.screenshot('lightbox')
        audit_both_themes(page, 'lightbox')
        key(Keys.ARROW_RIGHT)
        page.wait_for(lambda: state()['lightbox']['title'] == 'Hut 002', '→ did not show the next photo')
        expect(state()['lightbox']['facts'] == 'Author and licence: see the source page.', 'facts of an unknown author')
        key(Keys.ARROW_RIGHT)
        key(Keys.ARROW_LEFT)
        page.wait_for(lambda: state()['lightbox']['title'] == 'Hut 002', '← did not show the previous photo')
        dark(True)
        page.wait_for(lambda: state()['lightbox']['loaded'], 'the large image did not load')
        page.screenshot('lightbox-dark')
        key(Keys.ESCAPE)
        page.wait_for(lambda: state()['lightbox'] is None, 'Esc did not close the lightbox')
        page.wait_for(lambda: state()['focused'] == 1, 'focus did not return to the photo shown last')
        page.js('window.scrollTo(0, 0)')
        shoot('dark')
        dark(False)

        # The switch: Flickr's photos in the same grid.
        page.driver.find_element(By.ID, 'photo-source-flickr').click()
        page.wait_for(lambda: state()['titles'] == expected[:24], 'switching to Flickr did not show its photos')
        parameters, _ = page.query_parameters()
        expect(parameters == {'q': 'hut', 'source': 'flickr'}, f'the address is {page.driver.current_url}')
        page.wait_for(lambda: page.js(FIRST_IMAGE_LOADED), 'the first Flickr thumbnail did not load')
        flickr_src = page.js('return document.querySelector("#photo-0 .photo-image").src')
        expect(flickr_src.startswith(own + 'flickr/'), f'Flickr images are not proxied: {flickr_src}')
        shoot('flickr')

        # Phone width: nothing wider than the screen; the lightbox fits.
        page.driver.set_window_size(*PHONE)
        page.wait_for(lambda: page.js('return window.innerWidth') <= PHONE[0], 'the window did not shrink')
        page.js('window.scrollTo(0, 0)')
        overflow = page.js('return document.documentElement.scrollWidth - window.innerWidth')
        expect(overflow <= 0, f'at phone width the page is {overflow} px wider than the screen')
        shoot('phone')
        audit(page, 'photo-grid-phone')
        page.driver.find_element(By.ID, 'photo-2').click()
        page.wait_for(lambda: state()['lightbox'] is not None and state()['lightbox']['loaded'],
                      'a click did not open the lightbox')
        expect(state()['lightbox']['facts'] == 'by Joi · CC BY 2.0', f'Flickr facts: {state()["lightbox"]}')
        page.screenshot('phone-lightbox')
        audit_both_themes(page, 'lightbox-phone')
        dark(True)
        page.screenshot('phone-lightbox-dark')
        key(Keys.ESCAPE)
        page.wait_for(lambda: state()['lightbox'] is None, 'Esc did not close the lightbox at phone width')
        page.wait_for(lambda: state()['focused'] == 2, 'focus did not return to the clicked photo')
        page.screenshot('phone-dark')

        # A shared link opens as a grid straight away.
        page.open('/?q=hut&source=flickr')
        page.wait_for(lambda: state()['titles'] == expected[:24], 'a shared link to Flickr photos showed no grid')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


# ---------------------------------------------------------------------------- the keyboard alone

# Where focus is and whether it shows: an outline (the page's :focus-visible ring), or for the
# field the ring its .field draws around it.
FOCUS = '''
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) {
    return {id: '', classes: [], text: '(nothing: focus is on the page itself)', visible: false};
  }
  const outlined = (style) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  let visible = outlined(getComputedStyle(el));
  if (!visible && el.id === 'q') {
    const field = el.closest('.field');
    visible = field.matches(':focus-within') && getComputedStyle(field).boxShadow.includes('0px 0px 0px 4px');
  }
  const rect = el.getBoundingClientRect();
  const onScreen = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.right > 0
    && rect.top < window.innerHeight && rect.left < window.innerWidth;
  return {
    id: el.id, classes: Array.from(el.classList),
    text: (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60),
    visible: visible && onScreen, outline: getComputedStyle(el).outlineStyle, onScreen,
  };'''

# The option the combobox points at, and whether it is marked on screen.
ACTIVE_OPTION = '''
  const q = document.getElementById('q');
  const row = document.getElementById(q.getAttribute('aria-activedescendant') || '-');
  if (!row) return null;
  const rect = row.getBoundingClientRect();
  return {
    title: row.querySelector('.result-title').textContent,
    selected: row.getAttribute('aria-selected'),
    marked: row.classList.contains('is-active')
      && getComputedStyle(row.querySelector('.result-link')).boxShadow.includes('inset'),
    onScreen: rect.top >= 0 && rect.bottom <= window.innerHeight,
  };'''


@scenario
def keyboard_only(base_url, screenshots):
    """Every feature with the keyboard alone — Tab, Shift+Tab, arrows, Enter, Space, Esc — and
    after every key the focus is where it should be and shows: skip link, typing, ↑/↓ through
    the rows, Enter opens one, Esc clears, the suggestion, switching sources, the Books Related
    panel (with and without related books), the photo grid, the lightbox and the photo source
    switch, Retry after an error, recent searches.

    Fakes: Wikipedia with Mercury, Mars, Maple, Marble, Venus, Zürich, Zürich Hauptbahnhof,
    Zürichsee (suggestion "zurik" → "zurich"); the book catalog of `books`; Commons with 40 files
    "Hut 001" …; Flickr with 24 photos "Hut 001" …; images from the test image host.
    Control: `fail` makes Wikipedia answer 503; `recover` ends that.
    """
    page = Page(base_url, screenshots, 'keyboard-only')
    driver = page.driver

    def keys(*sequence):
        ActionChains(driver).send_keys(*sequence).perform()

    def back(times=1):
        for _ in range(times):
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()

    def focus():
        return page.js(FOCUS)

    def focused_on(what, id=None, cls=None, text=None):
        """Waits until focus is on the element described, then expects it to show its focus."""
        def there():
            now = focus()
            return ((id is None or now['id'] == id) and (cls is None or cls in now['classes'])
                    and (text is None or now['text'] == text))
        page.wait_for(there, f'focus is not on {what}: it is on {focus()}')
        # The ring may fade in (the field's takes 120 ms).
        page.wait_for(lambda: there() and focus()['visible'], f'{what} has focus but does not show it: {focus()}',
                      timeout=2)

    def active_option():
        return page.js(ACTIVE_OPTION)

    def expect_active(title):
        option = active_option()
        expect(option and option['title'] == title and option['selected'] == 'true',
               f'the active option is not {title!r}: {option}')
        expect(option['marked'] and option['onScreen'], f'the active option {title!r} is not marked on screen: {option}')
        focused_on('the field (the active option is pointed at from it)', id='q')

    def tab_selected(id):
        return page.js(f'const t = document.getElementById("{id}"); return Boolean(t && t.getAttribute("aria-selected") === "true")')

    def related():
        return page.js('''const panel = document.getElementById('related');
            return {hidden: panel.hidden, titles: Array.from(panel.querySelectorAll('.related-title'), e => e.textContent),
                    note: (panel.querySelector('.related-note') || {}).textContent || null};''')

    def lightbox():
        return page.js('''const box = document.getElementById('lightbox');
            return box && box.open ? box.querySelector('.lightbox-title').textContent : null''')

    try:
        page.open('/?source=wikipedia')
        focused_on('the search field on load', id='q')

        # Before the field: the language switch, the brand, then the skip link, which shows when
        # it has focus.
        back()
        focused_on('the language switch, its last language', cls='language', text='日本語')
        back()
        focused_on('the language switch, its first language', cls='language', text='English')
        back()
        focused_on('the Scout link', cls='brand')
        back()
        focused_on('the skip link', cls='skip-link')
        keys(Keys.TAB, Keys.TAB, Keys.TAB, Keys.TAB)
        focused_on('the search field after Tab ×4', id='q')

        # Typing, ↓/↑ through the rows, Enter opens the active one in a new tab.
        keys('ma')
        page.wait_for_titles(['Mars', 'Maple', 'Marble'], 'typing "ma" did not list Mars, Maple, Marble')
        keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        expect_active('Maple')
        keys(Keys.ARROW_UP)
        expect_active('Mars')
        page.screenshot('selection')
        main = driver.current_window_handle
        before = set(driver.window_handles)
        keys(Keys.ENTER)
        page.wait_for(lambda: len(set(driver.window_handles) - before) == 1, 'Enter on the active row opened no tab')
        opened = (set(driver.window_handles) - before).pop()
        driver.switch_to.window(opened)
        WebDriverWait(driver, WAIT).until(lambda d: d.current_url not in ('about:blank', ''))
        expect(driver.current_url.endswith('/wiki/Mars'), f'Enter opened {driver.current_url}, not Mars')
        driver.close()
        driver.switch_to.window(main)
        focused_on('the field after opening a row', id='q')

        # Esc clears the field and the rows; focus stays.
        keys(Keys.ESCAPE)
        page.wait_for(lambda: page.field.get_attribute('value') == '' and page.titles() == [], 'Esc did not clear')
        expect(page.js('return document.getElementById("q").getAttribute("aria-expanded")') == 'false',
               'the combobox is still expanded after Esc')
        focused_on('the field after Esc', id='q')

        # No results: Tab reaches the suggestion (past Wikipedia's language menu and the selected
        # tab); Enter searches it.
        keys('zurik')
        page.wait_for(lambda: page.view() == 'empty' and page.js('return Boolean(document.querySelector("#status a.suggestion"))'),
                      'typing "zurik" did not offer a suggestion')
        keys(Keys.TAB)
        focused_on('Wikipedia\'s language menu', id='lang')
        keys(Keys.TAB)
        focused_on('the selected source tab', id='tab-wikipedia')
        keys(Keys.TAB)
        focused_on('the suggestion', cls='suggestion')
        keys(Keys.ENTER)
        page.wait_for_titles(['Zürich', 'Zürich Hauptbahnhof', 'Zürichsee'], 'Enter on the suggestion did not search it')
        focused_on('the field after the suggestion', id='q')

        # Switching sources: Tab to the tabs, → to Books, Space chooses it and focus stays on it.
        keys(Keys.ESCAPE, Keys.TAB, Keys.TAB)
        focused_on('the Wikipedia tab', id='tab-wikipedia')
        keys(Keys.ARROW_RIGHT)
        focused_on('the Books tab', id='tab-books')
        expect(tab_selected('tab-wikipedia'), '→ chose the tab instead of moving to it')
        keys(Keys.SPACE)
        page.wait_for(lambda: tab_selected('tab-books'), 'Space did not choose the Books tab')
        focused_on('the Books tab once chosen', id='tab-books')
        back()
        focused_on('the field, back from the tabs (Books has no language menu)', id='q')

        # A book without related books: the panel says so, and its heading shows focus.
        keys('hunger')
        page.wait_for(lambda: page.titles()[:1] == ['Hunger'], 'typing "hunger" in Books did not list Hunger first')
        keys(Keys.ARROW_DOWN)
        expect_active('Hunger')
        keys(Keys.ENTER)
        page.wait_for(lambda: related()['note'] == 'Scout knows no related books for this one yet.',
                      f'the Related panel of Hunger did not say it has none: {related()}')
        focused_on('the heading of the Related panel', cls='related-heading')
        audit(page, 'related-none')
        keys(Keys.ESCAPE)
        page.wait_for(lambda: related()['hidden'], 'Esc did not close the Related panel')
        focused_on('the field after Esc in the panel', id='q')

        # A book with related books: focus on the first, ↓ to the next, Shift+Tab to ×, Space closes.
        keys(Keys.ESCAPE, 'hunger g')
        page.wait_for(lambda: page.titles()[:1] == ['The Hunger Games'], 'typing "hunger g" did not list The Hunger Games')
        keys(Keys.ARROW_DOWN, Keys.ENTER)
        page.wait_for(lambda: related()['titles'] == ['Catching Fire', 'Mockingjay', 'Gregor the Overlander'],
                      f'the Related panel of The Hunger Games did not appear: {related()}')
        focused_on('the first related title', cls='related-title', text='Catching Fire')
        keys(Keys.ARROW_DOWN)
        focused_on('the second related title', cls='related-title', text='Mockingjay')
        back(2)
        focused_on('the close button of the panel', cls='related-close')
        keys(Keys.SPACE)
        page.wait_for(lambda: related()['hidden'], 'Space on × did not close the Related panel')
        focused_on('the field after closing the panel', id='q')
        # Enter on a related title searches it.
        keys(Keys.ENTER)
        focused_on('the first related title again', cls='related-title', text='Catching Fire')
        keys(Keys.ARROW_DOWN, Keys.ENTER)
        page.wait_for(lambda: page.titles() == ['Mockingjay'], 'Enter on a related title did not search it')
        focused_on('the field after choosing a related title', id='q')

        # Photos: the tab by keyboard, ↓ into the grid, arrows, Enter opens the lightbox.
        keys(Keys.ESCAPE, Keys.TAB)
        focused_on('the Books tab', id='tab-books')
        keys(Keys.ARROW_RIGHT)
        focused_on('the Photos tab', id='tab-photos')
        keys(Keys.ENTER)
        page.wait_for(lambda: tab_selected('tab-photos'), 'Enter did not choose the Photos tab')
        focused_on('the Photos tab once chosen', id='tab-photos')
        back()
        focused_on('the field, back from the Photos tab', id='q')
        keys('hut')
        page.wait_for(lambda: page.js('return document.querySelectorAll("#photo-grid .photo-tile").length') >= 30,
                      'typing "hut" showed no photos')
        keys(Keys.ARROW_DOWN)
        focused_on('the first photo', id='photo-0')
        keys(Keys.ARROW_RIGHT)
        focused_on('the second photo', id='photo-1')
        keys(Keys.ENTER)
        page.wait_for(lambda: lightbox() == 'Hut 002', f'Enter did not open the lightbox on Hut 002: {lightbox()}')
        focused_on('the lightbox', id='lightbox')
        keys(Keys.ARROW_RIGHT)
        page.wait_for(lambda: lightbox() == 'Hut 003', '→ in the lightbox did not show the next photo')
        page.screenshot('lightbox')
        # Tab stays inside the open dialog and reaches its close button; Enter closes it.
        for _ in range(6):
            keys(Keys.TAB)
            now = focus()
            expect(page.js('return document.getElementById("lightbox").contains(document.activeElement)'),
                   f'Tab left the open lightbox: focus is on {now}')
            expect(now['visible'], f'{now} has focus in the lightbox but does not show it')
            if 'lightbox-close' in now['classes']:
                break
        focused_on('the close button of the lightbox', cls='lightbox-close')
        keys(Keys.ENTER)
        page.wait_for(lambda: lightbox() is None, 'Enter on × did not close the lightbox')
        focused_on('the photo shown last', id='photo-2')
        keys(Keys.ENTER)
        page.wait_for(lambda: lightbox() == 'Hut 003', 'Enter did not open the lightbox again')
        keys(Keys.ESCAPE)
        page.wait_for(lambda: lightbox() is None, 'Esc did not close the lightbox')
        focused_on('the photo, after Esc', id='photo-2')

        # The photo source switch: Shift+Tab from the grid reaches it; Enter picks Flickr.
        back()
        focused_on('the Flickr switch', id='photo-source-flickr')
        keys(Keys.ENTER)
        page.wait_for(lambda: page.js('const b = document.getElementById("photo-source-flickr"); '
                                      'return Boolean(b && b.getAttribute("aria-pressed") === "true")'),
                      'Enter did not switch to Flickr')
        page.wait_for(lambda: page.query_parameters()[0].get('source') == 'flickr', 'the address is not on Flickr')
        focused_on('the Flickr switch once chosen', id='photo-source-flickr')

        # An error: back to Wikipedia, a failing search, Tab to Retry, Enter recovers.
        back(2)
        focused_on('the Photos tab', id='tab-photos')
        keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        focused_on('the Wikipedia tab', id='tab-wikipedia')
        keys(Keys.SPACE)
        page.wait_for(lambda: tab_selected('tab-wikipedia'), 'Space did not choose the Wikipedia tab')
        back(2)
        focused_on('the field, back from the Wikipedia tab past its language menu', id='q')
        keys(Keys.ESCAPE)
        control('fail')
        keys('venus')
        page.wait_for(lambda: page.view() == 'error', 'a failing Wikipedia showed no error')
        page.wait_for(lambda: page.js('const b = document.querySelector("#status button.retry"); '
                                      'return Boolean(b && !b.disabled)'), 'Retry stays disabled')
        audit(page, 'error-retry-keyboard')
        keys(Keys.TAB, Keys.TAB)
        focused_on('the Wikipedia tab', id='tab-wikipedia')
        keys(Keys.TAB)
        focused_on('Retry', cls='retry')
        page.screenshot('retry')
        control('recover')
        keys(Keys.ENTER)
        page.wait_for_titles(['Venus'], 'Retry did not recover')
        focused_on('the field after Retry', id='q')

        # Recent searches: Esc shows them; Tab reaches them; Enter searches one, × removes one.
        keys(Keys.ENTER, Keys.ESCAPE)

        def recent():
            return page.js('return Array.from(document.querySelectorAll("#recent .recent-query"), e => e.textContent)')

        page.wait_for(lambda: recent()[:1] == ['venus'], f'"venus" is not the newest recent search: {recent()}')
        kept = recent()
        keys(Keys.TAB, Keys.TAB, Keys.TAB)
        focused_on('the newest recent search', cls='recent-open')
        keys(Keys.TAB)
        focused_on('its remove button', cls='recent-remove')
        keys(Keys.ENTER)
        page.wait_for(lambda: recent() == kept[1:], f'Enter on × did not remove "venus": {recent()}')
        expect(focus()['visible'], f'after removing a recent search focus does not show: {focus()}')
        back()
        focused_on('the next recent search', cls='recent-open')
        keys(Keys.ENTER)
        page.wait_for(lambda: page.field.get_attribute('value') == kept[1], f'Enter on a recent search did not search it')
        focused_on('the field after a recent search', id='q')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


# ---------------------------------------------------------------------------- XSS (SECURITY.md T2)

INJECTED = '''
  const bad = [];
  for (const node of document.querySelectorAll('*')) {
    for (const attribute of node.attributes) {
      const value = attribute.value.trim().toLowerCase();
      if (attribute.name.startsWith('on')) bad.push(`${node.tagName} ${attribute.name}`);
      if (['href', 'src', 'action', 'formaction', 'data', 'srcdoc'].includes(attribute.name)
          && /^(javascript|vbscript|data:text)/.test(value.replace(/[\\s\\u0000-\\u001f]/g, ''))) {
        bad.push(`${node.tagName} ${attribute.name}=${attribute.value}`);
      }
    }
  }
  // Elements by tag, leaving out the page's own controls (source tabs, Retry, recent searches).
  const own = '#tabs *, .notice-actions *, #recent *';
  const counts = {};
  for (const tag of ['script', 'svg', 'math', 'iframe', 'frame', 'object', 'embed', 'style', 'link', 'base',
                     'meta', 'form', 'input', 'textarea', 'button', 'img', 'video', 'audio', 'template',
                     'noscript', 'details', 'marquee', 'x', 'b', 'plaintext']) {
    counts[tag] = Array.from(document.getElementsByTagName(tag)).filter(node => !node.matches(own)).length;
  }
  const allowed = new Set(['LI', 'A', 'DIV', 'SPAN', 'MARK', 'IMG']);
  for (const node of document.querySelectorAll('#result-list *')) {
    if (!allowed.has(node.tagName)) bad.push(`row holds <${node.tagName.toLowerCase()}>`);
    if (node.tagName === 'IMG' && !node.classList.contains('thumb-image')) bad.push('a stray <img> in a row');
  }
  for (const link of document.querySelectorAll('#result-list a')) {
    if (!/^https?:/.test(link.href)) bad.push(`a row links to ${link.href}`);
  }
  for (const row of document.querySelectorAll('#result-list [data-href]')) {
    if (!/^https?:/.test(row.dataset.href)) bad.push(`a row opens ${row.dataset.href}`);
  }
  return {bad, counts, canary: window.__scoutXSS === undefined ? null : String(window.__scoutXSS),
          title: document.title};
'''



# Holds the page's multisearch requests until `__scoutReleaseMultisearch()`: every section of
# the All tab stays pending, however long its audits take (nothing waits on the clock).
HOLD_MULTISEARCH = '''
  const original = window.fetch;
  const held = [];
  window.fetch = (resource, options) => {
    const url = new URL(String(resource), window.location.href);
    if (url.pathname !== '/api/v1/multisearch') return original(resource, options);
    return new Promise((resolve, reject) => held.push(() => original(resource, options).then(resolve, reject)));
  };
  window.__scoutReleaseMultisearch = () => {
    window.fetch = original;
    for (const send of held.splice(0)) send();
  };'''


@scenario
def all_sources(base_url, screenshots):
    """The All tab: a section a source in a fixed order, each as its source answers.

    Fake: Wikipedia pages Hut, Hut Point, Hutch, Hutton (3 s latency until `recover`), the book
    catalog of BookFixtures.books (nothing for "hut"), Commons files "Hut NNN" failing with 503
    until `recover`; Flickr not set up. Checks the default tab, every section pending (the
    page's multisearch held back), the held places (no section's top moves as sections answer;
    the placeholder rows are exactly as tall as the rows that replace them), the failed
    section's own Retry, ↑/↓ across the sections, Enter, Wikipedia's language menu and the
    address keeping source=all, "More in …" to that tab, a book row's Related panel; axe on
    loading (light, dark, phone), partial, one failed (light, dark, phone light and dark), all
    answered, keyboard selection, phone width and the Related panel.
    """
    page = Page(base_url, screenshots, 'all-sources')
    driver = page.driver

    def sections():
        return page.js('''
            return Array.from(document.querySelectorAll('#all-sections .all-section'), section => ({
              source: section.dataset.source,
              state: section.dataset.state,
              titles: Array.from(section.querySelectorAll('.result-title'), title => title.textContent),
            }));''')

    def geometry():
        """Each section's place, unrounded: {source: (top, height)}."""
        return page.js('''
            const places = {};
            for (const section of document.querySelectorAll('#all-sections .all-section')) {
              const box = section.getBoundingClientRect();
              places[section.dataset.source] = [box.top, box.height];
            }
            return places;''')

    def expect_held(before, after, when):
        moved = [(source, before[source][0], after[source][0]) for source in before
                 if abs(before[source][0] - after[source][0]) > 0.01]
        expect(not moved, f'sections moved {when} (source, top before, after): {moved}')

    def states():
        return [(section['source'], section['state']) for section in sections()]

    def active():
        return page.js('return document.getElementById("q").getAttribute("aria-activedescendant")')

    def at_width(size):
        page.driver.set_window_size(*size)
        page.wait_for(lambda: size[0] - 40 < page.js('return window.innerWidth') <= size[0],
                      f'the window is not {size[0]} px wide')

    try:
        control('slow-wikipedia')
        page.open('/')
        page.wait_for(lambda: page.js('const t = document.getElementById("tab-all"); '
                                      'return t && t.getAttribute("aria-selected") === "true" '
                                      '&& t === document.querySelector("#tabs .tab")'),
                      'All is not the first tab, chosen by default')
        # Loading: every section pending, each place held by three placeholder rows.
        page.js(HOLD_MULTISEARCH)
        page.type('hut')
        page.wait_for(lambda: states() == [('wikipedia', 'loading'), ('books', 'loading'), ('commons', 'loading')],
                      f'the sections are not all loading: {sections()}')
        expect(page.js('return document.querySelectorAll("#all-sections .all-skeleton").length') == 9,
               'the three sections\' places are not held by three placeholder rows each')
        page.screenshot('loading')
        audit_both_themes(page, 'all-loading')
        page.dark(True)
        page.screenshot('loading-dark')
        page.dark(False)
        at_width(PHONE)
        audit_both_themes(page, 'all-phone-loading')
        page.screenshot('phone-loading')
        at_width(DESKTOP)
        pending = geometry()

        # Partial: Books answered (nothing), Commons failed, Wikipedia's place still held.
        page.js('window.__scoutReleaseMultisearch()')
        page.wait_for(lambda: states() == [('wikipedia', 'loading'), ('books', 'empty'), ('commons', 'failed')],
                      f'the sections are not Wikipedia loading, Books empty, Commons failed: {sections()}')
        partial = geometry()
        expect_held(pending, partial, 'when Books and Commons answered')
        page.screenshot('partial')
        audit(page, 'all-loading-partial-failed')
        page.wait_for(lambda: states()[0] == ('wikipedia', 'results'), 'Wikipedia did not answer', timeout=15)
        shown = sections()
        expect(shown[0]['titles'] == ['Hut', 'Hut Point', 'Hutch'], f'Wikipedia shows {shown[0]["titles"]}')
        answered = geometry()
        expect_held(partial, answered, 'when Wikipedia answered')
        expect(abs(pending['wikipedia'][1] - answered['wikipedia'][1]) <= 0.01,
               f'Wikipedia\'s placeholder rows are {pending["wikipedia"][1]} px tall, its rows {answered["wikipedia"][1]} px')
        notice = page.js('const n = document.querySelector(\'.all-section[data-source="commons"] .notice--error\'); '
                         'return n && n.textContent')
        expect(notice and 'Retry' in notice, f'the failed Commons section shows no notice with Retry: {notice!r}')
        # Wikipedia's language menu is on All too (it sets the Wikipedia section), in the address.
        menu = page.js('const m = document.getElementById("lang"); return m && !m.closest(".language").hidden ? m.value : null')
        expect(menu, 'Wikipedia\'s language menu is not shown on All')
        page.wait_for(lambda: page.query_parameters()[0] == {'q': 'hut', 'source': 'all', 'lang': menu},
                      f'the address does not keep source=all and lang={menu}: {driver.current_url}')
        audit_both_themes(page, 'all-one-failed')
        page.screenshot('one-failed')
        at_width(PHONE)
        audit_both_themes(page, 'all-phone-failed')
        page.js('document.querySelector(\'.all-section[data-source="commons"]\').scrollIntoView()')
        page.screenshot('phone-failed')
        page.js('window.scrollTo(0, 0)')
        at_width(DESKTOP)

        # Retry in the failed section: Commons alone, the others as they were.
        control('recover')
        page.js('document.querySelector(\'.all-section[data-source="commons"] .retry\').click()')
        page.wait_for(lambda: states() == [('wikipedia', 'results'), ('books', 'empty'), ('commons', 'results')],
                      f'Retry did not bring Commons’ rows: {sections()}')
        expect(sections()[2]['titles'][0].startswith('Hut 0'), f'Commons shows {sections()[2]["titles"]}')
        audit_both_themes(page, 'all-answered')

        # ↓/↑ across the sections (Books has none), one active option, Enter opens it.
        page.field.click()
        for _ in range(3):
            page.press(Keys.ARROW_DOWN)
        expect(active() == 'all-wikipedia-2', f'↓↓↓ did not reach Wikipedia\'s third row: {active()}')
        page.press(Keys.ARROW_DOWN)
        expect(active() == 'all-commons-0', f'↓ did not move on to Commons’ first row: {active()}')
        expect(page.js('return document.querySelectorAll("#all-sections [aria-selected=true]").length') == 1,
               'not exactly one option is selected')
        expect(page.js('return document.activeElement.id') == 'q', 'focus left the field')
        audit_both_themes(page, 'all-keyboard')
        page.press(Keys.ARROW_UP)
        expect(active() == 'all-wikipedia-2', f'↑ did not move back to Wikipedia\'s last row: {active()}')
        main = driver.current_window_handle
        before = set(driver.window_handles)
        page.press(Keys.ENTER)
        page.wait_for(lambda: len(set(driver.window_handles) - before) == 1, 'Enter on the active row opened no tab')
        driver.switch_to.window((set(driver.window_handles) - before).pop())
        WebDriverWait(driver, WAIT).until(lambda d: d.current_url not in ('about:blank', ''))
        expect(driver.current_url.endswith('/wiki/Hutch'), f'Enter opened {driver.current_url}')
        driver.close()
        driver.switch_to.window(main)

        # Phone width, light and dark.
        at_width(PHONE)
        audit_both_themes(page, 'all-phone')
        page.screenshot('phone')
        at_width(DESKTOP)

        # "More in Commons →": the Photos tab with the same search, in the address too.
        page.js('document.querySelector(\'.all-section[data-source="commons"] .all-more\').click()')
        page.wait_for(lambda: page.query_parameters()[0].get('source') == 'commons'
                      and page.field.get_attribute('value') == 'hut'
                      and page.js('return document.getElementById("tab-photos").getAttribute("aria-selected")') == 'true',
                      f'"More in Commons" did not open the Photos tab with the search: {driver.current_url}')

        # A book row on All opens its Related panel as on the Books tab; Esc gives focus back.
        page.open('/?q=hunger&source=all')
        page.wait_for(lambda: [s['titles'][:2] for s in sections() if s['source'] == 'books'] == [['Hunger', 'The Hunger Games']],
                      f'the Books section of "hunger" did not come: {sections()}')
        page.field.click()
        page.press(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        expect(active() == 'all-books-1', f'↓↓ did not reach the second book (Wikipedia has none): {active()}')
        page.press(Keys.ENTER)
        related = ('const p = document.getElementById("related"); return p.hidden ? null : '
                   'Array.from(p.querySelectorAll(".related-title"), e => e.textContent)')
        page.wait_for(lambda: page.js(related) == ['Catching Fire', 'Mockingjay', 'Gregor the Overlander'],
                      f'Enter on a book row of All did not open its Related panel: {page.js(related)}')
        expect(page.js('return document.activeElement.textContent') == 'Catching Fire',
               'focus did not move to the first related title')
        expect(page.js('const r = document.getElementById("all-books-1"); '
                       'return r.classList.contains("is-open") && r.classList.contains("result--book")'),
               'the book row is not marked as the open book')
        expect(len(driver.window_handles) == 1, 'opening a book on All opened a tab')
        audit_both_themes(page, 'all-related')
        page.screenshot('related')
        page.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        page.wait_for(lambda: page.js(related) is None, 'Esc did not close the Related panel')
        expect(page.js('return document.activeElement.id') == 'q', 'the field did not get focus back')
        page.press(Keys.ARROW_UP)
        expect(active() == 'all-books-0', f'↑ did not move back to the first book: {active()}')

        # Another Wikipedia language chosen on All searches All again, in the address and links.
        page.js('const m = document.getElementById("lang"); m.value = "de"; m.dispatchEvent(new Event("change"));')
        page.wait_for(lambda: page.query_parameters()[0] == {'q': 'hunger', 'source': 'all', 'lang': 'de'},
                      f'choosing German on All did not put lang=de in the address: {driver.current_url}')
        more = ('const a = document.querySelector(\'.all-section[data-source="wikipedia"] .all-more\'); '
                'return a && a.getAttribute("href")')
        page.wait_for(lambda: page.js(more) == '/?q=hunger&source=wikipedia&lang=de',
                      f'"More in Wikipedia" does not keep German: {page.js(more)}')
        page.expect_no_dialog()
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


def inspect_injection(page, baseline, where):
    found = page.js(INJECTED)
    problems = list(found['bad'])
    for tag, count in found['counts'].items():
        allowed = baseline['counts'][tag] + (found['counts']['img'] - baseline['counts']['img'] if tag == 'img' else 0)
        if count > allowed:
            problems.append(f'{count - baseline["counts"][tag]} injected <{tag}>')
    images = page.js('return document.querySelectorAll("img:not(.thumb-image):not(.brand-mark)").length')
    if images:
        problems.append(f'{images} injected <img>')
    if found['canary'] is not None:
        problems.append(f'an injected script ran (window.__scoutXSS = {found["canary"]})')
    expect(not problems, f'{where}: injected markup found:\n  ' + '\n  '.join(problems))
    page.expect_no_dialog()


def compare_rows(page, items, where, normalize=lambda text: text):
    rows = page.rows()
    expect(len(rows) == len(items), f'{where}: {len(rows)} rows for {len(items)} items')
    for row, item in zip(rows, items):
        expect(row['title'] == normalize(item['title']),
               f'{where}: title shown as {row["title"]!r}, the API says {item["title"]!r}')
        expect(row['description'] == (normalize(item['description']) if item['description'] else None),
               f'{where}: description shown as {row["description"]!r}, the API says {item["description"]!r}')


@scenario
def japanese(base_url, screenshots):
    """The page in Japanese: chosen by Accept-Language, then by the switch, which persists.

    Catalog: books by Haruki Murakami — ノルウェイの森 and 海辺のカフカ (no language: their
    kana says Japanese), Norwegian Wood (eng) and 1Q84 (no language, no script that tells).
    Wikipedia answers 503.
    """
    page = Page(base_url, screenshots, 'japanese', language='ja')

    def texts():
        return page.js('''
            return {
              lang: document.documentElement.lang,
              placeholder: document.getElementById('q').placeholder,
              tagline: document.querySelector('.tagline').textContent,
              submit: document.querySelector('.field-submit').textContent,
              footer: document.querySelector('.footer p').textContent,
              tabs: Array.from(document.querySelectorAll('#tabs .tab'), tab => tab.textContent),
              current: (document.querySelector('.languages [aria-current]') || {}).textContent || null,
            };''')

    def row_languages():
        return page.js('''
            const rows = {};
            for (const row of document.querySelectorAll('#result-list .result')) {
              rows[row.querySelector('.result-title').textContent] = row.getAttribute('lang');
            }
            return rows;''')

    try:
        page.open('/?source=wikipedia')
        shown = texts()
        expect(shown['lang'] == 'ja', f'Accept-Language ja did not give <html lang="ja">: {shown}')
        expect(shown['placeholder'] == 'Wikipedia を検索', f'the field is not in Japanese: {shown}')
        expect(shown['tagline'] == '公開 API のインスタント検索' and shown['submit'] == '検索', f'the page is not in Japanese: {shown}')
        expect(shown['current'] == '日本語', f'the switch does not mark Japanese as the current language: {shown}')
        page.wait_for(lambda: '本' in texts()['tabs'], 'the Books tab is not named in Japanese')
        audit_both_themes(page, 'japanese-empty')

        page.driver.find_element(By.ID, 'tab-books').click()
        page.type('murakami')
        page.wait_for(lambda: len(page.titles()) == 4, 'the four books of "murakami" did not appear')
        page.wait_for(lambda: '本 の murakami の検索結果 4 件' in page.status_text(),
                      'the status line is not in Japanese')
        languages = row_languages()
        expect(languages == {'ノルウェイの森': 'ja', '海辺のカフカ': 'ja', 'Norwegian Wood': 'en', '1Q84': None},
               f'the rows do not carry their own languages: {languages}')
        expect(page.field.get_attribute('placeholder') == '本 を検索', 'the field does not name the Books tab in Japanese')
        audit_both_themes(page, 'japanese-books')
        page.screenshot('books')

        # The switch: English, kept by a cookie while the browser still asks for Japanese.
        page.driver.find_element(By.CSS_SELECTOR, '.languages a[hreflang="en"]').click()
        page.wait_for(lambda: page.js('return document.documentElement.lang') == 'en', 'the switch did not change to English')
        page.wait_for(lambda: page.js('return document.documentElement.classList.contains("js")'), 'app.js did not start')
        page.wait_for(lambda: page.field.get_attribute('value') == 'murakami', 'the switch lost the search')
        page.wait_for(lambda: '4 results for murakami in Books' in page.status_text(), 'the search was not run again in English')
        page.open('/')
        expect(page.js('return document.documentElement.lang') == 'en', 'the choice of English did not persist')
        audit(page, 'english-by-switch')
        page.driver.find_element(By.CSS_SELECTOR, '.languages a[hreflang="ja"]').click()
        page.wait_for(lambda: page.js('return document.documentElement.lang') == 'ja', 'the switch did not go back to Japanese')
        page.wait_for(lambda: page.js('return document.documentElement.classList.contains("js")'), 'app.js did not start')

        # A failure (Wikipedia answers 503): the heading and Retry in Japanese, the API's
        # English sentence marked lang="en".
        page.wait_for(lambda: page.driver.find_elements(By.ID, 'tab-wikipedia'), 'the Wikipedia tab is not listed')
        page.driver.find_element(By.ID, 'tab-wikipedia').click()
        if not page.field.get_attribute('value'):
            page.type('murakami')
        page.wait_for(lambda: page.driver.find_elements(By.CSS_SELECTOR, '#status .notice--error'),
                      'the failure of Wikipedia did not show')
        notice = page.js('''
            const notice = document.querySelector('#status .notice--error');
            return {
              title: notice.querySelector('.notice-title').textContent,
              lang: notice.querySelector('.notice-text').getAttribute('lang'),
              retry: notice.querySelector('.retry').textContent,
            };''')
        expect(notice['title'] == 'Wikipedia が応答しません' and notice['lang'] == 'en' and notice['retry'] == '再試行',
               f'the failure is not told in Japanese: {notice}')
        # The Wikipedia language menu in Japanese: its label from the catalog, the languages
        # named in the page's language.
        menu = lambda: page.js('''
            const m = document.getElementById('lang');
            if (!m || m.closest('.language').hidden) return null;
            const de = Array.from(m.options).find(option => option.value === 'de');
            return {label: document.querySelector('label[for=lang]').textContent, de: de ? de.textContent : null};''')
        page.wait_for(lambda: menu() and menu()['de'], 'the Wikipedia language menu did not show')
        expect(menu() == {'label': 'Wikipedia の言語', 'de': 'ドイツ語（de）'},
               f'the Wikipedia language menu is not in Japanese: {menu()}')
        audit_both_themes(page, 'japanese-error')
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()

    # Without JavaScript: the server's page, in Japanese, with each row's language.
    plain = Page(base_url, screenshots, 'japanese-no-javascript', javascript=False, language='ja')
    try:
        plain.driver.get(plain.base_url + '/search?q=murakami&source=books')
        expect(plain.js('return document.documentElement.lang') == 'ja', 'the page without JavaScript is not in Japanese')
        status = plain.driver.find_element(By.ID, 'status').text
        expect('本 の murakami の検索結果 4 件' in status, f'the server\'s status line is not in Japanese: {status}')
        kana = plain.driver.find_elements(By.CSS_SELECTOR, '#result-list .result[lang="ja"]')
        expect(len(kana) == 2, f'the server\'s rows do not carry their languages: {len(kana)} in Japanese')
        audit_as_served(plain, 'japanese-no-javascript')
        plain.screenshot()
    finally:
        plain.close()


@scenario
def xss(base_url, screenshots):
    """Hostile titles and descriptions are shown as text: no dialog, no injected element.

    Fake: the corpus of xss_corpus.py as pages titled "xss NN <payload>" with the payloads as
    descriptions.
    """
    page = Page(base_url, screenshots, 'xss')
    try:
        page.open('/?source=wikipedia')
        baseline = page.js(INJECTED)
        items = api_all(base_url, 'xss')
        expect(len(items) >= 50, f'the API returned only {len(items)} payload items')
        page.type('xss')
        page.wait_for(lambda: len(page.titles()) >= 20, 'typing "xss" showed no rows')
        for _ in range(20):
            if page.js('return document.getElementById("more").dataset.state') == 'end':
                break
            page.js('window.scrollTo(0, document.documentElement.scrollHeight)')
            time.sleep(0.2)
        page.wait_for(lambda: len(page.titles()) == len(items), f'not all {len(items)} payload rows loaded')
        compare_rows(page, items, 'typing "xss"')
        inspect_injection(page, baseline, 'typing "xss"')
        page.js('window.scrollTo(0, 0)')
        page.screenshot('rows')
        # Hostile text in the address: the query and the source name come back in messages.
        for payload in ('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', PAYLOADS[5]):
            page.open('/?' + urllib.parse.urlencode({'q': payload, 'source': 'wikipedia'}))
            page.wait_for(lambda: page.view() in ('empty', 'results', 'error'), f'the query {payload!r} did not settle')
            expect(page.field.get_attribute('value') == payload, f'the field does not hold {payload!r} literally')
            if page.view() == 'empty':
                shown = page.js('return document.querySelector("#status q").textContent')
                _, body = api(base_url, payload)
                expect(shown == body['query'], f'the empty state shows {shown!r}, not {body["query"]!r}')
            inspect_injection(page, baseline, f'the query {payload!r}')
        hostile_source = '<img src=x onerror=alert(1)>'
        page.open('/?' + urllib.parse.urlencode({'q': 'xss', 'source': hostile_source}))
        page.wait_for(lambda: page.view() == 'error', 'an unknown source did not show an error')
        _, body = api(base_url, 'xss', source=hostile_source)
        shown = page.js('return document.querySelector("#status .notice-text").textContent')
        expect(shown == body['error']['message'], f'the error shows {shown!r}, the API says {body["error"]["message"]!r}')
        inspect_injection(page, baseline, 'a hostile source name')
        page.open('/?source=wikipedia')
        page.type('xss')
        page.wait_for(lambda: len(page.titles()) >= 20, 'typing "xss" again showed no rows')
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


@scenario
def xss_no_javascript(base_url, screenshots):
    """The server-rendered page shows the same hostile corpus as text (same fake as `xss`)."""
    page = Page(base_url, screenshots, 'xss-no-javascript', javascript=False)
    # The HTML parser turns CR and CRLF into LF, and the renderer NUL into U+FFFD as the
    # parser would: neither is an injection.
    def normalize(text):
        return text.replace('\r\n', '\n').replace('\r', '\n').replace('\0', '\ufffd')

    try:
        page.open('/')
        baseline = page.js(INJECTED)
        cursor, total, number = None, 0, 0
        while True:
            status, body = api(base_url, 'xss', cursor=cursor)
            expect(status == 200, f'the API failed: {status} {body}')
            path = '/search?' + urllib.parse.urlencode({'q': 'xss', 'source': 'wikipedia'})
            if cursor:
                more = page.driver.find_element(By.CSS_SELECTOR, '#more a.more-link')
                more.click()
            else:
                page.open(path)
            number += 1
            page.wait_for(lambda: page.view() in ('results', 'empty'), f'page {number} did not render')
            compare_rows(page, body['items'], f'server page {number}', normalize)
            inspect_injection(page, baseline, f'server page {number}')
            if number == 1:
                page.screenshot('first-page')
            total += len(body['items'])
            cursor = body.get('next')
            if not cursor:
                break
            expect(number < 10, 'too many pages')
        expect(total >= 50, f'only {total} payload rows were rendered')
        for query in ('<script>alert(1)</script>', '"><svg onload=alert(1)>', "'--><img src=x onerror=alert(1)>"):
            page.open('/search?' + urllib.parse.urlencode({'q': query, 'source': 'wikipedia'}))
            _, body = api(base_url, query)
            expect(page.field.get_attribute('value') == body['query'], f'the field does not hold {query!r} literally')
            inspect_injection(page, baseline, f'the server page for {query!r}')
        page.screenshot()
    finally:
        page.close()


# The photo grid and lightbox hold only their own elements; images only from this origin.
PHOTO_INJECTED = '''
  const bad = [];
  const grid = new Set(['LI', 'BUTTON', 'SPAN', 'IMG']);
  const box = new Set(['FIGURE', 'DIV', 'FIGCAPTION', 'H2', 'P', 'A', 'IMG', 'BUTTON']);
  const check = (selector, allowed) => {
    for (const node of document.querySelectorAll(selector)) {
      if (!allowed.has(node.tagName)) bad.push(`${selector} holds <${node.tagName.toLowerCase()}>`);
      for (const attribute of node.attributes) {
        if (attribute.name.startsWith('on')) bad.push(`${node.tagName} ${attribute.name}`);
      }
      if (node.tagName === 'IMG' && !node.src.startsWith(window.location.origin + '/img/')) bad.push(`an image from ${node.src}`);
      if (node.tagName === 'A' && !/^https?:/.test(node.href)) bad.push(`a link to ${node.href}`);
    }
  };
  check('#photo-grid *', grid);
  check('#lightbox *', box);
  return {bad, canary: window.__scoutXSS === undefined ? null : String(window.__scoutXSS)};'''


@scenario
def xss_photos(base_url, screenshots):
    """Hostile photo titles and authors are shown as text in the grid and the lightbox.

    Fake: Flickr with one photo per payload of xss-corpus.json, titled with it (its author too),
    all tagged "xss"; images from the test image host.
    """
    page = Page(base_url, screenshots, 'xss-photos')

    def inspect(where):
        found = page.js(PHOTO_INJECTED)
        problems = found['bad'] + ([f'an injected script ran ({found["canary"]})'] if found['canary'] else [])
        expect(not problems, f'{where}: injected markup found:\n  ' + '\n  '.join(problems))
        page.expect_no_dialog()

    try:
        page.open('/?source=flickr')
        items = api_all(base_url, 'xss', source='flickr', limit=30)
        expect(len(items) >= 50, f'the API returned only {len(items)} payload photos')
        page.type('xss')
        page.wait_for(lambda: page.js('return document.querySelectorAll(".photo-tile").length') >= 30,
                      'typing "xss" showed no photos')
        for _ in range(30):
            if page.js('return document.getElementById("photo-more").dataset.state') == 'end':
                break
            page.js('window.scrollTo(0, document.documentElement.scrollHeight)')
            time.sleep(0.2)
        captions = page.js('return Array.from(document.querySelectorAll(".photo-caption"), e => e.textContent)')
        expect(captions == [item['title'] for item in items], 'the tiles do not show the titles literally')
        labels = page.js('return Array.from(document.querySelectorAll(".photo-tile"), e => e.getAttribute("aria-label"))')
        expect(labels == captions, 'the tiles are not labelled with their titles')
        inspect('the grid')
        page.js('window.scrollTo(0, 0)')
        page.driver.find_element(By.ID, 'photo-0').click()
        for index, item in enumerate(items[:12]):
            page.wait_for(lambda: page.js('return document.querySelector(".lightbox-title").textContent') == item['title'],
                          f'the lightbox does not show photo {index} literally')
            facts = page.js('return document.querySelector(".lightbox-facts").textContent')
            author = item['photo'].get('author')
            expect(not author or facts.startswith('by ' + author), f'the author is not shown literally: {facts!r}')
            inspect(f'the lightbox of photo {index}')
            page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        page.screenshot('lightbox')
        page.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        page.expect_clean_console()
        page.screenshot()
    finally:
        page.close()


# ---------------------------------------------------------------------------- main


@scenario
def input_method(base_url, screenshots):
    """Japanese typed through an input method, as Chromium's IME events deliver it: kana in the
    field while composing (compositionstart/update, input events with isComposing), sometimes
    with the last Latin letter not yet a kana, then the conversion committed; and Hangul with its
    last syllable still being built. Results for what the field holds at every step.

    Catalog: 海辺のカフカ and ノルウェイの森 (村上春樹), 人間失格 (太宰治), with the readings a
    catalog gives; 채식주의자 (한강).
    """
    page = Page(base_url, screenshots, 'input-method', language='ja')

    def compose(text):
        """The field shows `text` as the composition in progress."""
        page.driver.execute_cdp_cmd('Input.imeSetComposition',
                                    {'text': text, 'selectionStart': len(text), 'selectionEnd': len(text)})

    def commit(text):
        page.driver.execute_cdp_cmd('Input.insertText', {'text': text})

    def first_title_is(title, step):
        page.wait_for(lambda: page.titles()[:1] == [title] and page.field.get_attribute('value') == step,
                      f'“{step}” did not show {title} first: {page.titles()}')

    try:
        page.open('/?source=books')
        page.js("window.__composing = 0; document.getElementById('q').addEventListener("
                "'compositionupdate', () => { window.__composing += 1; });")
        page.field.click()
        for step in ['うみ', 'うみべ', 'うみべの', 'うみべのk', 'うみべのか', 'うみべのかふ', 'うみべのかふか']:
            compose(step)
            first_title_is('海辺のカフカ', step)
        page.screenshot('composing')
        # The conversion: the candidate shown, then committed.
        compose('海辺のカフカ')
        first_title_is('海辺のカフカ', '海辺のカフカ')
        commit('海辺のカフカ')
        first_title_is('海辺のカフカ', '海辺のカフカ')
        expect(page.js('return window.__composing') >= 8, 'the steps did not arrive as composition updates')
        marks = page.js('return Array.from(document.querySelectorAll("#result-0 mark"), m => m.textContent)')
        expect(marks == ['海辺のカフカ'], f'the written title is not what is marked: {marks}')
        audit_both_themes(page, 'input-method-converted')

        page.replace_text('')
        page.field.click()
        for step in ['にんげんし', 'にんげんs', 'にんげんsh', 'にんげんしっ']:
            compose(step)
            first_title_is('人間失格', step)
        commit('人間失格')
        first_title_is('人間失格', '人間失格')

        page.replace_text('')
        page.field.click()
        for step in ['ㅊ', '채', '챗', '채시', '채식', '채식ㅈ', '채식주']:
            compose(step)
            first_title_is('채식주의자', step)
        commit('채식주')
        first_title_is('채식주의자', '채식주')
        page.screenshot('hangul')
        audit_both_themes(page, 'input-method-hangul')
    finally:
        page.close()


def main():
    # On SIGTERM (the Swift test's timeout) unwind, so `finally` quits Chromium and chromedriver.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('scenario', nargs='?', help='one of: ' + ', '.join(SCENARIOS))
    parser.add_argument('--base-url', help='where Scout serves, such as http://127.0.0.1:8080')
    parser.add_argument('--screenshots', default='.build/screenshots', help='folder for the PNGs')
    parser.add_argument('--list', action='store_true', help='print the scenario names and exit')
    arguments = parser.parse_args()
    if arguments.list:
        print('\n'.join(SCENARIOS))
        return 0
    if arguments.scenario not in SCENARIOS or not arguments.base_url:
        parser.print_usage(sys.stderr)
        print(f'scenarios.py: name a scenario ({", ".join(SCENARIOS)}) and --base-url', file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        SCENARIOS[arguments.scenario](arguments.base_url, arguments.screenshots)
    except (ScenarioFailure, AuditFailure) as failure:
        print(f'FAIL {arguments.scenario}: {failure}', file=sys.stderr)
        return 1
    except Exception:  # a crash in the scenario or the driver is a failure too, with its trace
        print(f'FAIL {arguments.scenario}: unexpected error\n{traceback.format_exc()}', file=sys.stderr)
        return 1
    print(f'PASS {arguments.scenario} in {time.monotonic() - started:.1f} s')
    return 0


if __name__ == '__main__':
    sys.exit(main())
