// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/timeline.js: gprof --timeline --html's page in a real
// browser (t-timeline.sh makes DIR/t.html and DIR/t.json, --json's
// document of the same windows): the strip has a bar per window; the
// table shows the functions' seconds over the range chosen, as --json's
// series add up, after a click, a shift-click and the sliders.
//
// usage: node timeline.js DIR
// Prints "ok NAME" / "not ok NAME: why" for tests/run.
'use strict';
const path = require('path');
const fs = require('fs');
const { Browser } = require('./browser.js');
const { ok, notOk, expectEq, expect, status } = require('./verdicts.js');

const dir = process.argv[2];
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const t = JSON.parse(fs.readFileSync(path.join(dir, 't.json'), 'utf8')).timeline;
const n = t.windows.length;
// the rows the page must show for windows first..last: [seconds, %, name]
function rowsFor(first, last) {
  const rows = t.functions.map((f) => [f.name, f.seconds.slice(first, last + 1).reduce((s, x) => s + x, 0)])
    .filter((r) => r[1] > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0]));
  const sum = rows.reduce((s, r) => s + r[1], 0);
  return rows.map(([name, s]) => [s.toFixed(2), (100 * s / sum).toFixed(1), name]);
}
const table = "Array.from(document.querySelectorAll('#functions tbody tr')).map((tr) => Array.from(tr.cells).map((c) => c.textContent))";
const range = "document.getElementById('range').textContent.replace(/ \\(.*/, '')";
const on = "Array.from(document.querySelectorAll('#strip div')).map((d, k) => d.classList.contains('on') ? k : -1).filter((k) => k >= 0)";

(async () => {
  const b = new Browser(CHROMIUM, 1000, 600);
  try {
    await b.open('file://' + path.resolve(dir, 't.html'), 1000, 600);
    expectEq('timeline.page.bars', n, await b.eval("document.querySelectorAll('#strip div').length"));
    expectEq('timeline.page.starts', t.windows.map((w) => w.start.toFixed(2)),
      await b.eval("Array.from(document.querySelectorAll('#starts span')).map((s) => s.textContent)"));
    expectEq('timeline.page.all', rowsFor(0, n - 1), await b.eval(table));
    expectEq('timeline.page.all-range', 'windows 1 to ' + n + ' of ' + n, await b.eval(range));
    await b.click('#strip div:nth-child(1)');
    expectEq('timeline.page.click', ['windows 1 to 1 of ' + n, [0], rowsFor(0, 0)],
      [await b.eval(range), await b.eval(on), await b.eval(table)]);
    await b.eval(`document.querySelector('#strip div:nth-child(${n})').dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }))`);
    expectEq('timeline.page.shift-click', ['windows 1 to ' + n + ' of ' + n, rowsFor(0, n - 1)],
      [await b.eval(range), await b.eval(table)]);
    const last = Math.max(0, n - 2);
    await b.eval(`(() => { const r = document.getElementById('from'); r.value = ${last}; r.dispatchEvent(new Event('input')); })()`);
    expectEq('timeline.page.slider', ['windows ' + (last + 1) + ' to ' + n + ' of ' + n, rowsFor(last, n - 1)],
      [await b.eval(range), await b.eval(table)]);
    expectEq('timeline.page.no-console-error', [], b.problems);
    expectEq('timeline.page.no-request', [], b.requests);
  } catch (e) {
    notOk('timeline.page.run', e.stack || e);
  } finally {
    await b.close();
  }
  process.exit(status());
})();
