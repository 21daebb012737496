// SPDX-License-Identifier: GPL-3.0-or-later
// bench/html/measure.js: what gprof --html's page costs in Debian's
// chromium (headless, driven as tests/cli/html/browser.js drives it), as
// a user works it.  Each figure is the main thread's CPU time (the
// DevTools protocol's Performance domain, ThreadTime, counted in thread
// ticks) from the action to the moment its result is painted, so a busy
// machine's waiting is not counted; "painted" is also given by the
// page's own clock (performance.now(), from the start of the navigation:
// its script has built the first view and that view is laid out and
// painted).  The median of RUNS fresh browsers.
//   load       opening the page until the flat profile is painted
//   end        the flat profile's last row from the keyboard (End on the
//              focused row: what "show all rows" was)
//   sort       a sort by calls, then one by name
//   filter     typing "f1" in the filter
//   back       an entry opened, then Back to the flat profile
//   flame      the flame graph opened
//   search     each keystroke of "f12" in the flame graph's search,
//              with the search made after the pause (the worst of three)
//   focus flat, focus flame   the regular expression f1 as focus, on the
//              flat profile, then on the flame graph
//   sandwich, picture   the hottest function's sandwich, its picture
// usage: node measure.js PAGE.html [RUNS [--load-only]]
//   --load-only: load only (for a page that is not gprof's: bench/html/run
//   measures an empty page as the baseline)
'use strict';
const path = require('path');
const { Browser } = require('../../tests/cli/html/browser.js');

const page = path.resolve(process.argv[2]);
const runs = Number(process.argv[3] || 3);
const loadOnly = process.argv[4] === '--load-only';
const median = (v) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)];
const FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';

(async () => {
  const figures = {};
  const put = (name, v) => { (figures[name] = figures[name] || []).push(Math.round(v)); };
  let problems = [];
  for (let r = 0; r < runs; r++) {
    const b = new Browser(process.env.CHROMIUM || '/usr/bin/chromium', 1280, 900);
    const cpu = async () => (await b.page('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
    try {
      await b.open('file://' + page + '#', 1280, 900, () => b.page('Performance.enable', { timeDomain: 'threadTicks' }));
      put('painted', await b.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))`));
      put('load cpu', await cpu());
      if (loadOnly) continue;
      // one step: the CPU from the action until done and painted
      const step = async (name, action, done) => {
        const t = await cpu();
        await action();
        await b.until(done, 60000);
        await b.eval(FRAMES);
        put(name, await cpu() - t);
      };
      const key = (k) => b.page('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: k, code: k, windowsVirtualKeyCode: { End: 35, Home: 36 }[k] })
        .then(() => b.page('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code: k }));
      const total = await b.eval("document.getElementById('flat').getAttribute('aria-rowcount') - 1");
      await b.eval("document.querySelector('#flat tbody tr[data-pos]').focus()");
      await step('end', () => key('End'), `document.activeElement.dataset.pos === '${total - 1}'`);
      await key('Home');
      await step('sort calls', () => b.click('#flat th[data-key=calls] button'), "document.querySelector('#flat th[data-key=calls]').getAttribute('aria-sort') === 'descending'");
      await step('sort name', () => b.click('#flat th[data-key=name] button'), "document.querySelector('#flat th[data-key=name]').getAttribute('aria-sort') === 'ascending'");
      await step('filter', () => b.type('#flat-filter', 'f1'), "/^\\d+ of /.test(document.getElementById('flat-count').textContent) && document.getElementById('flat-count').textContent.split(' ')[0] !== String(" + total + ')');
      await b.click('#flat tbody a.fn');
      await b.until("document.getElementById('entry-title')");
      await b.eval(FRAMES);
      await step('back', () => b.back(), "document.getElementById('flat')");
      await step('flame', () => b.eval("location.hash = '#flame'"), "document.querySelectorAll('#flame-box .frame').length > 0");
      let worst = 0;
      for (const [i, ch] of ['f', '1', '2'].entries()) {
        const t = await cpu();
        await b.eval("document.getElementById('flame-search').focus()");
        await b.page('Input.insertText', { text: ch });
        const want = 'f12'.slice(0, i + 1);
        await b.until(`new URLSearchParams(location.hash.split('?')[1] || '').get('q') === '${want}'`, 60000);
        await b.eval(FRAMES);
        worst = Math.max(worst, await cpu() - t);
      }
      put('search keystroke', worst);
      // issue 41's second half: a focus on the flat profile and on the
      // flame graph (the stacks filtered anew), the hottest function's
      // sandwich and its picture (depth 2)
      await step('focus flat', () => b.eval("location.hash = '#flat?focus=f1'"), "location.hash === '#flat?focus=f1' && /^\\d+ of /.test(document.getElementById('flat-count').textContent)");
      await step('focus flame', () => b.eval("location.hash = '#flame?focus=f1'"), "(document.querySelectorAll('#flame-box .frame').length > 0 || document.getElementById('flame-none')) && /focus/.test(location.hash)");
      const hottest = await b.eval('P.flat[0]');
      await step('sandwich', () => b.eval(`location.hash = '#sandwich/${hottest}'`), "document.getElementById('sandwich-facts')");
      await step('picture', () => b.eval(`location.hash = '#picture/${hottest}?depth=2'`), "document.getElementById('picture')");
      problems = problems.concat(b.problems, b.requests, b.dialogs);
    } finally {
      await b.close();
    }
  }
  const line = Object.entries(figures).map(([k, v]) => k + ' ' + median(v) + ' ms').join(', ');
  const load = require('os').loadavg()[0].toFixed(1);
  console.log(path.basename(path.dirname(page)) + ': ' + line + ' (CPU of the main thread but "painted", the page\'s clock; load average ' + load + ')' +
    (problems.length ? '; PROBLEMS: ' + problems.join(' | ') : ''));
})();
