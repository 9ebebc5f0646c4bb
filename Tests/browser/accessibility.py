"""axe-core audits of Scout's page, for scenarios.py.

    from accessibility import audit
    audit(page, 'results')   # every rule of axe-core on the page as it is now

`audit` runs `axe.run(document)` with all of axe-core's rules in the page's current state and
raises `AuditFailure` listing every violation (rule, impact, the elements' selectors, what to
fix and the rule's help) whatever its impact. Each audit is printed on stdout and recorded in
`<screenshots>/<scenario>-axe.json`.

axe-core is the `axe.min.js` named by `SCOUT_AXE_SCRIPT` — the Swift tests set it to the
axe-core 4.10 that `make test` extracts from axe-selenium-python 3.0.0 into
`.build/venv/axe-core/` (scripts/venv.sh) — else the one `pip install axe-selenium-python`
bundles. On Debian 12's Python 3.11 pip can only install axe-selenium-python 2.1.6, whose
axe-core is 3.1.1 (2018): it predates the WAI-ARIA 1.2 combobox the page follows, and flags
that combobox twice. `KNOWN_FALSE_POSITIVES` sets aside exactly those two findings, only on the
search field, only while it really is an ARIA 1.2 combobox, and only for axe-core older than
the release that fixed each; with axe-core 4.10 nothing is set aside.
"""

import json
import os
import re
import sys

from selenium.common.exceptions import WebDriverException


class AuditFailure(Exception):
    """axe-core found violations, or could not run."""


class FalsePositive:
    """A finding of old axe-core releases that contradicts the standard the page follows."""

    def __init__(self, rule, fixed_in, reference, reason, applies):
        self.rule = rule
        self.fixed_in = fixed_in  # the first axe-core release that no longer reports it
        self.reference = reference
        self.reason = reason
        self.applies = applies  # (node, facts) -> bool

    def covers(self, version, violation, node, facts):
        return violation['id'] == self.rule and version < self.fixed_in and self.applies(node, facts)


def _data(node):
    """What a node's failed checks reported (axe puts a list of roles in `data`)."""
    found = []
    for check in node['any'] + node['all'] + node['none']:
        data = check.get('data')
        found += data if isinstance(data, list) else [data] if data else []
    return found


KNOWN_FALSE_POSITIVES = (
    FalsePositive(
        'aria-allowed-role', (3, 1, 2), 'dequelabs/axe-core#1116',
        'axe-core 3.1.1 allows no role at all on <input type=text>; ARIA in HTML allows combobox there, '
        'and WAI-ARIA 1.2 makes the text field itself the combobox',
        lambda node, facts: node['target'] == ['#q'] and _data(node) == ['combobox'] and facts['combobox']),
    FalsePositive(
        'aria-required-children', (4, 3, 0), 'dequelabs/axe-core#2505',
        'before 4.3 axe-core knows only the ARIA 1.0/1.1 combobox, which owns its listbox; in WAI-ARIA 1.2 '
        'the combobox refers to it with aria-controls (checked here: it does, and the listbox has options)',
        lambda node, facts: node['target'] == ['#q'] and _data(node) == ['listbox'] and facts['controlsListbox']),
)

# Runs axe on the whole document; only what the report needs crosses back to Python.
RUN = '''
  const done = arguments[arguments.length - 1];
  const q = document.getElementById('q');
  const popup = q && document.getElementById(q.getAttribute('aria-controls') || '');
  const facts = {
    combobox: Boolean(q && q.getAttribute('role') === 'combobox' && q.type === 'text'),
    controlsListbox: Boolean(q && q.getAttribute('role') === 'combobox' && q.getAttribute('aria-expanded') === 'true'
      && popup && popup.getAttribute('role') === 'listbox' && popup.querySelector('[role="option"]')),
  };
  const checks = (list) => list.map((check) => ({id: check.id, message: check.message, data: check.data}));
  axe.run(document, {resultTypes: ['violations']}).then((results) => done({
    version: axe.version,
    facts,
    incomplete: results.incomplete.map((rule) => rule.id),
    violations: results.violations.map((rule) => ({
      id: rule.id, impact: rule.impact, help: rule.help, helpUrl: rule.helpUrl,
      nodes: rule.nodes.map((node) => ({
        target: node.target, html: node.html.slice(0, 200), failureSummary: node.failureSummary || '',
        any: checks(node.any), all: checks(node.all), none: checks(node.none),
      })),
    })),
  }), (error) => done({error: String(error && error.stack || error)}));'''


def axe_script_path():
    """The axe.min.js to inject: SCOUT_AXE_SCRIPT, else the one axe-selenium-python bundles."""
    override = os.environ.get('SCOUT_AXE_SCRIPT')
    if override:
        if not os.path.isfile(override):
            raise AuditFailure(f'SCOUT_AXE_SCRIPT names {override}, which does not exist.')
        return override
    try:
        import axe_selenium_python
    except ImportError:
        raise AuditFailure(f'axe-core is missing: axe-selenium-python is not installed for {sys.executable}. '
                           'Run `make test`, which creates .build/venv with it.') from None
    path = os.path.join(os.path.dirname(axe_selenium_python.__file__), 'node_modules', 'axe-core', 'axe.min.js')
    if not os.path.isfile(path):
        raise AuditFailure(f'axe-selenium-python has no axe-core at {path}. Run `make test` to reinstall it.')
    return path


_script = None


def _axe_source():
    global _script
    if _script is None:
        with open(axe_script_path(), encoding='utf-8') as file:
            _script = file.read()
    return _script


def _version(text):
    return tuple(int(part) for part in re.findall(r'\d+', text)[:3])


def describe(violations):
    """Every violation with its rule, impact, elements, what to fix and the rule's help."""
    lines = []
    for violation in violations:
        lines.append(f'{violation["id"]} ({violation["impact"]}): {violation["help"]} — {violation["helpUrl"]}')
        for node in violation['nodes']:
            summary = ' '.join(node['failureSummary'].split())
            lines.append(f'    {" ".join(node["target"])}: {summary}  [{node["html"]}]')
    return '\n  '.join(lines)


def audit(page, state):
    """Runs every axe-core rule on `page` (a scenarios.Page) now; raises AuditFailure on any violation."""
    driver = page.driver
    try:
        driver.set_script_timeout(60)
        if not driver.execute_script('return typeof window.axe === "object" && typeof window.axe.run === "function"'):
            driver.execute_script(_axe_source())
        result = driver.execute_async_script(RUN)
    except WebDriverException as error:
        raise AuditFailure(f'axe-core could not run in the state "{state}": {error.msg}') from None
    if 'error' in result:
        raise AuditFailure(f'axe-core failed in the state "{state}": {result["error"]}')
    version = _version(result['version'])
    violations, set_aside = [], []
    for violation in result['violations']:
        nodes = []
        for node in violation['nodes']:
            known = next((fp for fp in KNOWN_FALSE_POSITIVES if fp.covers(version, violation, node, result['facts'])),
                         None)
            if known:
                set_aside.append(f'{violation["id"]} on {" ".join(node["target"])} ({known.reference})')
            else:
                nodes.append(node)
        if nodes:
            violations.append(dict(violation, nodes=nodes))
    _record(page, state, result, violations, set_aside)
    line = f'axe-core {result["version"]} {page.name}/{state}: {len(violations)} violations'
    if set_aside:
        line += f'; set aside as known false positives of this axe-core: {", ".join(set_aside)}'
    if result['incomplete']:
        line += f'; to review by hand: {", ".join(result["incomplete"])}'
    print(line, flush=True)
    if violations:
        try:
            page.screenshot(f'axe-{state}')
        except WebDriverException:
            pass
        raise AuditFailure(f'axe-core {result["version"]} found {len(violations)} accessibility violations '
                           f'in the state "{state}":\n  {describe(violations)}')


def _record(page, state, result, violations, set_aside):
    """Adds this audit to <screenshots>/<scenario>-axe.json (rewritten after every audit)."""
    path = os.path.join(page.screenshots, f'{page.name}-axe.json')
    os.makedirs(page.screenshots, exist_ok=True)
    audits = getattr(page, 'audits', [])
    audits.append({'state': state, 'axe': result['version'], 'violations': violations,
                   'setAside': set_aside, 'incomplete': result['incomplete']})
    page.audits = audits
    with open(path, 'w', encoding='utf-8') as file:
        json.dump(audits, file, ensure_ascii=False, indent=1)
