// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/csp.js: the Content-Security-Policy of gprof --html's
// page, in chromium: the page's own script runs (it allows it by its
// SHA-256), and an inline script or handler put into the page does not
// (no 'unsafe-inline').  t-invisible-inputs.sh makes the pages.
//
// usage: node csp.js PAGE.html INJECTED.html
//   PAGE      the page as gprof wrote it
//   INJECTED  the same with an inline <script> and an onclick added
// Prints "ok NAME" / "not ok NAME: why" for tests/run.
'use strict';
const path = require('path');
const { Browser } = require('./browser.js');
const { ok, notOk, expectEq, expect, status } = require('./verdicts.js');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

(async () => {
  const b = new Browser(CHROMIUM, 1000, 600);
  try {
    // open() waits until the page's script marks the body ready
    await b.open('file://' + path.resolve(process.argv[2]) + '#', 1000, 600);
    ok('inputs.csp.own-script-runs');
    expectEq('inputs.csp.page-quiet', [], b.problems);
    await b.close();
  } catch (e) {
    notOk('inputs.csp.own-script-runs', e.message);
    await b.close();
  }
  const c = new Browser(CHROMIUM, 1000, 600);
  try {
    await c.open('file://' + path.resolve(process.argv[3]) + '#', 1000, 600);
    await c.eval("document.getElementById('injected').click()");
    expectEq('inputs.csp.injected-refused', [false, false],
      await c.eval('[window.injectedScript === 1, window.injectedHandler === 1]'));
    expectEq('inputs.csp.refusals-reported', true,
      c.problems.filter((p) => /Content Security Policy/.test(p)).length >= 2);
  } catch (e) {
    notOk('inputs.csp.injected-refused', e.message);
  } finally {
    await c.close();
  }
  process.exit(status());
})();
