// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/pages.js: what the browser suites (keys.js, views.js)
// share: one browser that opens each page in turn in its tab, with the
// page's console errors and requests checked after each, and axe-core
// run on the view shown.
'use strict';
const path = require('path');
const fs = require('fs');
const { Browser } = require('./browser.js');
const { notOk, expectEq } = require('./verdicts.js');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let AXE = null;

// pages(DIR, WIDTH, HEIGHT, FRESH): { withPage, close }; withPage(NAME,
// FILE, FN[, width, height]) opens DIR/FILE and runs FN(browser); with
// FRESH each opening gets a query of its own, so that a page loads anew
// even where the last was the same file
function pages(dir, width, height, fresh) {
  let browser = null, opened = 0;
  async function withPage(name, file, fn, w, h) {
    const url = 'file://' + path.resolve(dir, file) + (fresh ? '?' + (++opened) : '') + '#';
    try {
      if (!browser) {
        browser = new Browser(CHROMIUM, width, height);
        await browser.open(url, w || width, h || height);
      } else {
        await browser.navigate(url, w || width, h || height);
      }
      await fn(browser);
      expectEq(name + '.no-console-error', [], browser.problems);
      expectEq(name + '.no-request', [], browser.requests);
    } catch (e) {
      notOk(name + '.run', e.stack || e);
      // a page that failed may have left the tab in any state
      const b = browser;
      browser = null;
      if (b) await b.close();
    }
  }
  async function close() {
    if (browser) await browser.close();
    browser = null;
  }
  return { withPage, close };
}

// axe-core on the view shown: no violation (rule, then the elements)
async function axe(b, name) {
  if (AXE === null) AXE = fs.readFileSync(path.join(__dirname, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await b.eval('!!window.axe'))) await b.eval(AXE);
  const v = await b.eval("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))");
  expectEq(name, [], v);
}

// every row of a virtualized table (id), by scrolling a window at a
// time: only the rows near the window are in the DOM
async function allRows(b, id) {
  const rows = new Map();
  const total = await b.eval(`document.getElementById('${id}').getAttribute('aria-rowcount') - 1`);
  for (let y = 0, guard = 0; rows.size < total && guard < 10000; guard++) {
    await b.eval(`new Promise((r) => { scrollTo(0, ${y}); requestAnimationFrame(() => requestAnimationFrame(r)); })`);
    for (const [p, cells] of await b.eval(`Array.from(document.querySelectorAll('#${id} tbody tr[data-pos]')).map((tr) => [Number(tr.dataset.pos), Array.from(tr.cells).map((c) => c.textContent)])`)) rows.set(p, cells);
    y += await b.eval('innerHeight');
  }
  await b.eval(`new Promise((r) => { scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); })`);
  return Array.from(rows.keys()).sort((a, b) => a - b).map((p) => rows.get(p));
}

module.exports = { pages, axe, allRows };
