#!/usr/bin/env python3
"""Saves the page in each of Scout's languages, a Books search shown: run by scripts/screenshots.sh.

    screenshots.py --base-url http://127.0.0.1:PORT --out docs/screenshots

The browser asks for the language (Accept-Language), as a reader's would; the page must then be
in it (<html lang>), or this fails instead of saving a screenshot of the wrong page.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Tests', 'browser'))

from selenium.webdriver.common.by import By  # noqa: E402

from scenarios import Page, expect  # noqa: E402

LANGUAGES = ('en', 'ja')
QUERY = 'harry potter'


def capture(base_url, out, language):
    page = Page(base_url, out, f'page-{language}', language=language, size=(1100, 760))
    try:
        page.open('/?source=books')
        expect(page.js('return document.documentElement.lang') == language,
               f'the browser asked for {language}, the page is in {page.js("return document.documentElement.lang")}')
        page.wait_for(lambda: page.js('const t = document.getElementById("tab-books"); '
                                      'return t && t.getAttribute("aria-selected") === "true"'),
                      'the Books tab is not selected')
        page.type(QUERY)
        page.wait_for(lambda: len(page.titles()) >= 5, f'the books of "{QUERY}" did not appear')
        page.driver.find_element(By.ID, 'q').click()
        path = page.screenshot()
        print(f'{path}: {page.status_text().strip()}')
    finally:
        page.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--base-url', required=True)
    parser.add_argument('--out', required=True)
    arguments = parser.parse_args()
    for language in LANGUAGES:
        capture(arguments.base_url, arguments.out, language)


if __name__ == '__main__':
    main()
