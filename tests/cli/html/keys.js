// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/keys.js: gprof --html's pages from the keyboard, for a
// screen reader, and long (issue 41); t-html-keys.sh makes the pages in
// DIR and the text reports they must agree with.
//
// usage: node keys.js DIR
//   prof.html prof.txt  debug_g with stacks and its source
//   long.html long.txt  192 functions (many_functions)
//   deep.html           one stack 61 frames deep
//   objs.html           a library with samples, and the vdso
//   threads.html        two named threads
//   glibc.html          glibc's -pg profile (cycle3): no stacks, no threads
//   cxx.html            C++ names
// Prints "ok NAME" / "not ok NAME: why" for tests/run.
'use strict';
const path = require('path');
const fs = require('fs');
const { pages, axe, allRows } = require('./pages.js');
const { notOk, expectEq, expect, status } = require('./verdicts.js');

const dir = process.argv[2];
const FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';

function flatOf(text) {
  const lines = text.split('\n');
  const rows = [];
  let i = lines.findIndex((l) => /^ time\s+seconds/.test(l));
  for (i++; i > 0 && i < lines.length && lines[i].trim() !== ''; i++) {
    const m = /^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?\s*(\S.*)$/.exec(lines[i]);
    if (m) rows.push([m[1], m[2], m[3], m[4] || '', m[5] || '', m[6] || '', m[7]]);
  }
  return rows;
}
const VK = { Enter: 13, Escape: 27, PageUp: 33, PageDown: 34, End: 35, Home: 36, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, '/': 191 };
// a key pressed where the focus is, as a user presses it
async function key(b, k) {
  const text = k === 'Enter' ? '\r' : k === '/' ? '/' : undefined;
  await b.page('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', key: k, code: k === '/' ? 'Slash' : k, windowsVirtualKeyCode: VK[k], text });
  await b.page('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code: k === '/' ? 'Slash' : k, windowsVirtualKeyCode: VK[k] });
  await b.eval(FRAMES);
}
const rowsDrawn = (id) => `Array.from(document.querySelectorAll('#${id} tbody tr[data-pos]')).map((tr) => Array.from(tr.cells).map((c) => c.textContent))`;
const focused = "(() => { const e = document.activeElement; return e ? (e.dataset.pos !== undefined ? 'row ' + e.dataset.pos : e.id || e.title || e.tagName) : null; })()";
const hashParam = (name) => `new URLSearchParams(location.hash.split('?')[1] || '').get('${name}')`;

// one browser, each page in turn in its tab; axe-core (pages.js)
const { withPage, close } = pages(dir, 1100, 560, false);

// ------------------------------------------------------------ a long flat profile
async function longPage(b) {
  const text = flatOf(fs.readFileSync(path.join(dir, 'long.txt'), 'utf8'));
  expectEq('html-keys.long.row-count', String(text.length + 1), await b.eval("document.getElementById('flat').getAttribute('aria-rowcount')"));
  const drawn = await b.eval("Array.from(document.querySelectorAll('#flat tbody tr[data-pos]')).map((tr) => Number(tr.dataset.pos))");
  expect('html-keys.long.only-rows-near-the-window', drawn.length > 0 && drawn.length < text.length && drawn.every((p, k) => p === drawn[0] + k),
    drawn.length + ' rows of ' + text.length + ' drawn: ' + drawn.join(','));
  expectEq('html-keys.long.every-row-by-scrolling', text, await allRows(b, 'flat'));
  // the keyboard: the first row, End, Home, Page Down, a row down, Enter
  await b.eval("document.querySelector('#flat tbody tr[data-pos=\"0\"]').focus()");
  await key(b, 'End');
  expectEq('html-keys.long.end', ['row ' + (text.length - 1), text[text.length - 1][6]],
    [await b.eval(focused), await b.eval("document.activeElement.querySelector('td.name a').textContent")]);
  await key(b, 'Home');
  expectEq('html-keys.long.home', 'row 0', await b.eval(focused));
  await key(b, 'PageDown');
  const page = Number((await b.eval(focused)).split(' ')[1]);
  expect('html-keys.long.page-down', page > 5, 'at row ' + page);
  await key(b, 'ArrowDown');
  expectEq('html-keys.long.arrow-down', 'row ' + (page + 1), await b.eval(focused));
  const scrolled = await b.eval('scrollY');
  await b.eval("document.getElementById('flat').dataset.mark = 'kept'");
  await key(b, 'Enter');
  await b.until("document.getElementById('entry-title')");
  expect('html-keys.long.enter-opens-entry', (await b.eval("document.getElementById('entry-title').textContent")).startsWith(text[page + 1][6] + ' '),
    await b.eval("document.getElementById('entry-title').textContent"));
  await b.back();
  await b.until("document.getElementById('flat')");
  await b.eval(FRAMES);
  expectEq('html-keys.long.back-keeps-table', ['kept', scrolled], await b.eval("[document.getElementById('flat').dataset.mark, scrollY]"));
  // headers: buttons that say the order; Enter sorts
  expectEq('html-keys.long.headers-unsorted', ['none', 'none', 'none', 'none', 'none', 'none', 'none'],
    await b.eval("Array.from(document.querySelectorAll('#flat th')).map((th) => th.getAttribute('aria-sort'))"));
  await b.eval("document.querySelector('#flat th[data-key=name] button').focus()");
  await key(b, 'Enter');
  const byName = text.map((r) => r[6]).sort();
  expectEq('html-keys.long.enter-sorts', ['ascending', byName.slice(0, 5)],
    await b.eval(`[document.querySelector('#flat th[data-key=name]').getAttribute('aria-sort'), ${rowsDrawn('flat')}.slice(0, 5).map((r) => r[6])]`));
  await key(b, 'Enter');
  expectEq('html-keys.long.enter-sorts-again', ['descending', byName.slice().reverse().slice(0, 5)],
    await b.eval(`[document.querySelector('#flat th[data-key=name]').getAttribute('aria-sort'), ${rowsDrawn('flat')}.slice(0, 5).map((r) => r[6])]`));
  // '/' to the filter; the count is a live region
  await b.eval('document.activeElement.blur()');
  await key(b, '/');
  expectEq('html-keys.slash-focuses-filter', 'flat-filter', await b.eval(focused));
  await b.page('Input.insertText', { text: 'f11' });
  const f11 = text.filter((r) => r[6].includes('f11')).length;
  expectEq('html-keys.filter-count-live', [f11 + ' of ' + text.length + ' functions', 'status', 'polite'],
    await b.eval("(() => { const s = document.getElementById('flat-count'); return [s.textContent, s.getAttribute('role'), s.getAttribute('aria-live')]; })()"));
}

// ------------------------------------------------------------ debug_g
async function profPage(b) {
  const text = flatOf(fs.readFileSync(path.join(dir, 'prof.txt'), 'utf8'));
  // a figure that reads 0.00 in the text, but is not zero
  // (in a unit of its own: its seconds a call from the page's data)
  const poly = text.find((r) => r[6] === 'polynomial');
  const [self, total] = await b.eval(`(() => { const p = JSON.parse(document.getElementById('gprof-data').textContent).profiles[0];
    const r = p.fn.find((f) => f[0] === 'polynomial'); return [r[7] / p.rate / r[8], (r[7] + r[10]) / p.rate / r[8]]; })()`);
  expectEq('html-keys.small-figures', [['0.00', '0.00'], [(self * 1e12).toPrecision(3) + ' ps', (total * 1e9).toPrecision(3) + ' ns']],
    [[poly[4], poly[5]], await b.eval(`${rowsDrawn('flat')}.find((r) => r[6] === 'polynomial').slice(4, 6)`)]);
  // the running sums follow the order and the filter
  await b.click('#flat th[data-key=calls]');
  expectEq('html-keys.cumulative-follows-sort', [['polynomial', '0.01'], ['evaluate', '0.04'], ['frame_dummy', '0.07']],
    await b.eval(`${rowsDrawn('flat')}.map((r) => [r[6], r[1]])`));
  await b.type('#flat-filter', 'frame');
  expectEq('html-keys.cumulative-follows-filter', [['frame_dummy', '0.03']], await b.eval(`${rowsDrawn('flat')}.map((r) => [r[6], r[1]])`));
  await b.type('#flat-filter', '');
  await axe(b, 'html-keys.axe.flat');
  // the entry and the source
  await b.eval("Array.from(document.querySelectorAll('#flat a.fn')).find((a) => a.textContent === 'evaluate').click()");
  await b.until("document.getElementById('entry-title')");
  await axe(b, 'html-keys.axe.entry');
  await b.click('#entry-title + p a[href^="#src/"]');
  await b.until("document.getElementById('source')");
  await axe(b, 'html-keys.axe.source');

  // the flame graph from the keyboard
  await b.eval("location.hash = '#flame'");
  await b.until("document.querySelectorAll('#flame-box .frame').length === 3");
  await key(b, '/');
  expectEq('html-keys.flame.slash-focuses-search', 'flame-search', await b.eval(focused));
  await b.eval("document.querySelector('#flame-box .frame[tabindex=\"0\"]').focus()");
  const at = async () => (await b.eval(focused)).split(' ')[0];
  const walk = [await at()];
  for (const k of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowDown']) { await key(b, k); walk.push(await at()); }
  expectEq('html-keys.flame.arrows', ['main', 'evaluate', 'polynomial', 'polynomial', 'evaluate'], walk);
  await key(b, 'Enter');
  expectEq('html-keys.flame.enter-zooms', [true, 'evaluate'], [/zoomed/.test(await b.eval("document.getElementById('flame-status').textContent")),
    await b.eval("document.querySelector('#flame-box .frame[data-node=\"' + " + hashParam('zoom') + " + '\"]').title.split(' ')[0]")]);
  await key(b, 'Escape');
  expectEq('html-keys.flame.escape-unzooms', [false, null], [/zoomed/.test(await b.eval("document.getElementById('flame-status').textContent")), await b.eval(hashParam('zoom'))]);
  expectEq('html-keys.flame.status-live', 'status', await b.eval("document.getElementById('flame-status').getAttribute('role')"));
  // zoom and search are history steps
  await b.click('#flame-box .frame[title^="polynomial"]');
  await b.until(`${hashParam('zoom')} !== null`);
  await b.back();
  await b.until(`${hashParam('zoom')} === null`);
  const wide = await b.eval("document.querySelector('#flame-box .frame[title^=\"polynomial\"]').getBoundingClientRect().width");
  await b.forward();
  await b.until(`${hashParam('zoom')} !== null`);
  const zoomed = await b.eval("document.querySelector('#flame-box .frame[title^=\"polynomial\"]').getBoundingClientRect().width");
  expect('html-keys.flame.zoom-back-forward', zoomed > 1.5 * wide, wide + ' -> ' + zoomed);
  await b.back();
  await b.until(`${hashParam('zoom')} === null`);
  // typed without a pause (four input events in one task, so that no
  // timer can run between them whatever the load), one search: one step
  // in the history
  await b.eval("(() => { const i = document.getElementById('flame-search'); i.focus(); i.value = ''; for (const c of 'poly') { i.value += c; i.dispatchEvent(new Event('input')); } })()");
  await b.until(`${hashParam('q')} === 'poly'`);
  expectEq('html-keys.flame.search', ['1 frames match, 57.14% of the samples', ['polynomial']],
    await b.eval("[document.getElementById('flame-status').textContent, Array.from(document.querySelectorAll('#flame-box .frame.match')).map((f) => f.title.split(' ')[0])]"));
  const steps = await b.eval('history.length');
  await b.back();
  await b.until(`${hashParam('q')} === null`);
  expectEq('html-keys.flame.search-one-step', [steps, 'flame'], await b.eval("[history.length, location.hash.slice(1)]"));
  expectEq('html-keys.flame.search-back', ['3 frames shown', 0, ''],
    await b.eval("[document.getElementById('flame-status').textContent, document.querySelectorAll('#flame-box .frame.match').length, document.getElementById('flame-search').value]"));
  await b.type('#flame-search', 'poly');
  await b.until("document.querySelectorAll('#flame-box .frame.match').length === 1");
  await axe(b, 'html-keys.axe.flame');
  await b.type('#flame-search', '');
  await b.until("document.querySelectorAll('#flame-box .frame.match').length === 0");
  // a narrower window: drawn again to the new width
  const before = await b.eval("document.querySelector('#flame-box .frame[title^=\"main\"]').getBoundingClientRect().width");
  await b.page('Emulation.setDeviceMetricsOverride', { width: 700, height: 560, deviceScaleFactor: 1, mobile: false });
  await b.until("document.querySelector('#flame-box .frame[title^=\"main\"]').getBoundingClientRect().width < 700");
  const fit = await b.eval("(() => { const box = document.getElementById('flame-box'), f = document.querySelector('#flame-box .frame[title^=\"main\"]'); return [box.clientWidth, f.getBoundingClientRect().width, f.getBoundingClientRect().right <= box.getBoundingClientRect().right]; })()");
  expect('html-keys.flame.resize-redraws', before > 1000 && fit[1] === fit[0] - 1 && fit[2], before + ' -> ' + JSON.stringify(fit));
  // dark: the same views, no contrast lost
  await b.page('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  await b.eval(FRAMES);
  expectEq('html-keys.dark-scheme', 'rgb(22, 22, 22)', await b.eval('getComputedStyle(document.body).backgroundColor'));
  // (with a search: the matching frames' colours too)
  await b.type('#flame-search', 'poly');
  await b.until("document.querySelectorAll('#flame-box .frame.match').length === 1");
  await axe(b, 'html-keys.axe.flame-dark');
  await b.eval("location.hash = '#flat'");
  await b.until("document.getElementById('flat')");
  await axe(b, 'html-keys.axe.flat-dark');
}

async function deepPage(b) {
  await b.eval("location.hash = '#flame'");
  await b.until("document.querySelectorAll('#flame-box .frame').length === 61");
  const root = "(() => { const f = document.querySelector('#flame-box .frame[title^=\"main\"]').getBoundingClientRect(), box = document.getElementById('flame-box'), r = box.getBoundingClientRect(); return [box.scrollHeight > box.clientHeight, f.top >= r.top && f.bottom <= r.bottom && f.bottom <= innerHeight]; })()";
  expectEq('html-keys.deep.opens-at-root', [true, true], await b.eval(root));
  await b.click('#flame-mode-icicle');
  expectEq('html-keys.deep.icicle-at-root', [true, true], await b.eval(root));
}

async function objsPage(b) {
  expectEq('html-keys.objects.no-empty-object', ['all objects', 'prog', 'libwork.so'],
    await b.eval("Array.from(document.getElementById('flat-object').options).map((o) => o.textContent)"));
  expectEq('html-keys.objects.select-labelled', 'object', await b.eval("document.getElementById('flat-object').labels[0].textContent.trim()"));
  await axe(b, 'html-keys.axe.objects');
}

async function threadsPage(b) {
  await b.eval("location.hash = '#threads'");
  await b.until("document.getElementById('threads')");
  expectEq('html-keys.threads.rows', 2, await b.eval("document.querySelectorAll('#threads tbody tr[data-pos]').length"));
  await axe(b, 'html-keys.axe.threads');
  await b.eval("document.querySelector('#threads a.thread').click()");
  await b.until("document.querySelectorAll('#flame-box .frame').length > 0");
  await axe(b, 'html-keys.axe.thread');
}

async function glibcPage(b) {
  expectEq('html-keys.glibc.no-threads-tab', null, await b.eval("document.getElementById('tab-threads')"));
  await b.eval("location.hash = '#threads'");
  await b.until("document.getElementById('threads-none')");
  expect('html-keys.glibc.threads-says-none', /names no threads/.test(await b.eval("document.getElementById('threads-none').textContent")) &&
    await b.eval("!document.getElementById('threads')"), await b.eval("document.querySelector('main').textContent"));
  await b.eval("location.hash = '#flame'");
  await b.until("document.getElementById('flame-none')");
  expectEq('html-keys.glibc.no-stacks-advice', 'No call stacks were recorded: glibc\u2019s -pg runtime records none. For a flame graph, run the program under gprof-run (gprof-run ./prog: no rebuild), which records them.',
    await b.eval("document.getElementById('flame-none').textContent"));
}

// C++ names: never broken inside a word; every row one line high
async function cxxPage(b) {
  const r = await b.eval("(() => { const c = getComputedStyle(document.querySelector('#flat td.name')); return [c.whiteSpace, c.wordBreak, new Set(Array.from(document.querySelectorAll('#flat tbody tr[data-pos]')).map((tr) => tr.getBoundingClientRect().height)).size]; })()");
  expectEq('html-keys.cxx.no-wrap', ['nowrap', 'normal', 1], r);
  // the longest name's entry, in a narrow window: its title's lines end
  // at a space or after '::', ',', '(' or '<', never inside a word
  await b.eval(`(() => { const a = Array.from(document.querySelectorAll('#flat a.fn')).sort((x, y) => y.textContent.length - x.textContent.length)[0]; a.click(); })()`);
  await b.until("document.getElementById('entry-title')");
  const lines = await b.eval(`(() => {
    const title = document.querySelector('#entry-title .fname'), ends = [];
    let top = null, last = '';
    for (const node of title.childNodes) {
      if (node.nodeType !== 3) continue;
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const t = range.getBoundingClientRect().top;
        if (top !== null && t > top + 2) ends.push(last);
        if (top === null || t > top + 2) top = t;
        last = node.data.slice(Math.max(0, i - 1), i + 1);
      }
    }
    return ends;
  })()`);
  expect('html-keys.cxx.title-breaks-between-words', lines.length > 0 && lines.every((e) => /(::|[ ,(<])$/.test(e)), JSON.stringify(lines));
}

(async () => {
  await withPage('html-keys.long', 'long.html', longPage);
  await withPage('html-keys.prof', 'prof.html', profPage);
  await withPage('html-keys.deep', 'deep.html', deepPage);
  await withPage('html-keys.objects', 'objs.html', objsPage);
  await withPage('html-keys.threads', 'threads.html', threadsPage);
  await withPage('html-keys.glibc', 'glibc.html', glibcPage);
  await withPage('html-keys.cxx', 'cxx.html', cxxPage, 700, 560);
  await close();
  process.exit(status());
})();
