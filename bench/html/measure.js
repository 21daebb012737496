// SPDX-License-Identifier: GPL-3.0-or-later
// bench/html/measure.js: how long gprof --html's page takes in Debian's
// chromium (headless, driven as tests/cli/html/browser.js drives it):
// by the page's own clock (performance.now(), from the start of the
// navigation): when its script has built the first view (load, JSON
// parsed, flat profile made: "ready") and when that view has been laid
// out and painted ("painted", two animation frames later); then, by
// the wall clock, a sort by calls, a filter, the call-graph list, the
// flame graph and a search in it; "cpu": the renderer process's CPU time
// when the first view is painted (load and first render, less the time
// spent waiting for a processor on a busy machine).  The median of RUNS
// fresh browsers.
// usage: node measure.js PAGE.html [RUNS [--load-only]]
//   --load-only: ready, painted and cpu only (for a page that is not
//   gprof's: bench/html/run measures an empty page as the baseline)
'use strict';
const path = require('path');
const { Browser } = require('../../tests/cli/html/browser.js');

const page = path.resolve(process.argv[2]);
const runs = Number(process.argv[3] || 3);
const loadOnly = process.argv[4] === '--load-only';
const median = (v) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)];

(async () => {
  const times = { ready: [], painted: [], cpu: [], sort: [], filter: [], graph: [], flame: [], search: [] };
  let problems = [];
  for (let r = 0; r < runs; r++) {
    const b = new Browser(process.env.CHROMIUM || '/usr/bin/chromium', 1280, 900);
    try {
      await b.open('file://' + page + '#', 1280, 900);
      times.ready.push(Math.round(await b.eval('window.gprofReadyAt')));
      times.painted.push(Math.round(await b.eval('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))')));
      // the CPU time of the page's renderer so far: what the load costs,
      // whatever else the machine runs
      await b.page('Performance.enable');
      const metrics = (await b.page('Performance.getMetrics')).metrics;
      times.cpu.push(Math.round(1000 * metrics.find((m) => m.name === 'ProcessTime').value));
      if (loadOnly) continue;
      const step = async (name, action, done) => {
        const t = Date.now();
        await action();
        await b.until(done, 60000);
        // one more frame: what was built is laid out and painted
        await b.eval('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        times[name].push(Date.now() - t);
      };
      await step('sort', () => b.click('#flat th[data-key=calls]'), "document.querySelector('#flat th.sorted')");
      await step('filter', () => b.type('#flat-filter', 'f1'), "/ of /.test(document.getElementById('flat-count').textContent)");
      await step('graph', () => b.eval("location.hash = '#graph'"), "document.getElementById('graph')");
      await step('flame', () => b.eval("location.hash = '#flame'"), "document.getElementById('flame-status')");
      await step('search', () => b.type('#flame-search', 'f12'), "/match/.test(document.getElementById('flame-status').textContent)");
      problems = problems.concat(b.problems, b.requests, b.dialogs);
    } finally {
      await b.close();
    }
  }
  const line = Object.entries(times).filter(([k, v]) => v.length).map(([k, v]) => k + ' ' + median(v) + ' ms').join(', ');
  const load = require('os').loadavg()[0].toFixed(1);
  console.log(path.basename(path.dirname(page)) + ': ' + line + ' (load average ' + load + ')' + (problems.length ? '; PROBLEMS: ' + problems.join(' | ') : ''));
})();
