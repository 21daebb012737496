// SPDX-License-Identifier: GPL-3.0-or-later
// Copyright (c) 2026 The gprof/libgmon authors.
//
// tests/cli/html/source.js: the --html source view of some functions, as
// a browser shows it (t-exports.sh judges it).
//
// usage: node source.js PAGE ID...
//   ID "header": the header's facts, "TERM: TEXT" each; else
//   for each function ID (its row in the page's data): its title, then
//   each table's rows that hold a figure, "TABLE|LINE|SAMPLES|CALLS|CODE"
//   (TABLE 0 the one with its definition, then the others in order,
//   each after its heading, "# HEADING").
'use strict';
const path = require('path');
const { Browser } = require('./browser.js');

const [page, ...ids] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

(async () => {
  let failed = false;
  for (const id of ids) {
    const b = new Browser(CHROMIUM, 1100, 560);
    try {
      if (id === 'header') {
        await b.open('file://' + path.resolve(page) + '#', 1100, 560);
        console.log((await b.eval(`Array.from(document.querySelectorAll('header dt')).map((dt) =>
          dt.textContent + ': ' + dt.nextElementSibling.textContent)`)).join('\n'));
        continue;
      }
      await b.open('file://' + path.resolve(page) + '#src/' + id, 1100, 560);
      await b.until("document.getElementById('source-title')");
      const out = await b.eval(`(() => {
        const out = [document.getElementById('source-title').textContent];
        let k = -1;
        for (const e of document.querySelectorAll('main h3.inlined, main table.source')) {
          if (e.tagName === 'H3') { out.push('# ' + e.textContent); continue; }
          k++;
          for (const tr of e.querySelectorAll('tbody tr')) {
            const c = Array.from(tr.cells).map((td) => td.textContent);
            if (c[1] !== '' || c[3] !== '') out.push([k, c[0], c[1], c[3], c[4]].join('|'));
          }
        }
        return out;
      })()`);
      console.log(out.join('\n'));
      if (b.problems.length) { console.log('problems: ' + JSON.stringify(b.problems)); failed = true; }
    } catch (e) {
      console.log('error: ' + (e.stack || e));
      failed = true;
    } finally {
      await b.close();
    }
  }
  process.exit(failed ? 1 : 0);
})();
