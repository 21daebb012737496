// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/check.js: gprof --html's pages in a real browser, as a
// user reads and works them (t-html.sh makes the pages and the text
// reports they must agree with, in DIR).
//
// usage: node check.js DIR [SCREENSHOT.png]
//   DIR/prof.html prof.txt   a profile with call stacks and sources
//   DIR/cycle.html cycle.txt a profile with a cycle
//   DIR/hostile.html         functions named as markup and script
//   DIR/cxx.html cxx.txt     C++ names (templates)
//   DIR/objs.html objs.txt   a whole-process profile (a library's samples)
//   DIR/lines.html lines.txt -l (a row per source line)
//   DIR/diff.html old.txt new.txt   --diff of two runs with stacks
//   DIR/threads.html threads.txt   thread stacks (the text: -P -Q --threads)
// Prints "ok NAME" / "not ok NAME: why" for tests/run.
'use strict';
const path = require('path');
const fs = require('fs');
const { Browser } = require('./browser.js');
const { allRows } = require('./pages.js');
const { ok, notOk, expectEq, expect, status } = require('./verdicts.js');

const dir = process.argv[2];
const shot = process.argv[3];
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';


// ------------------------------------------------------------ the text reports
function flatOf(text) {
  const lines = text.split('\n');
  const rows = [];
  let i = lines.findIndex((l) => /^ time\s+seconds/.test(l));
  if (i < 0) return rows;
  for (i++; i < lines.length && lines[i].trim() !== ''; i++) {
    const m = /^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?\s*(\S.*)$/.exec(lines[i]);
    if (m) rows.push([m[1], m[2], m[3], m[4] || '', m[5] || '', m[6] || '', m[7]]);
  }
  return rows;
}
// each entry's own line: name -> [%time, self, children, called]
function entriesOf(text) {
  const entries = new Map();
  for (const l of text.split('\n')) {
    const m = /^\[(\d+)\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(.*)$/.exec(l);
    if (!m) continue;
    let rest = m[5], called = '';
    const c = /^(\d+(?:\+\d+)?)\s+(.*)$/.exec(rest);
    if (c && !/^\d+\]$/.test(c[2])) { called = c[1]; rest = c[2]; }
    const name = rest.replace(/ \[\d+\]$/, '').replace(/ <cycle \d+>$/, '');
    entries.set(name, ['[' + m[1] + ']', m[2], m[3], m[4], called]);
  }
  return entries;
}
// caller and callee lines of one entry: [self, children, called, name]
function arcsOf(text, entryName) {
  const blocks = text.split('-----------------------------------------------');
  for (const b of blocks) {
    const lines = b.split('\n').filter((l) => l.trim() !== '');
    const at = lines.findIndex((l) => /^\[\d+\]/.test(l) && l.replace(/ \[\d+\]$/, '').replace(/ <cycle \d+>$/, '').endsWith(' ' + entryName));
    if (at < 0) continue;
    const arc = (l) => {
      const m = /^\s+([\d.]+)\s+([\d.]+)\s+(\d+\/\d+)\s+(.*?)(?: <cycle \d+>)? \[\d+\]$/.exec(l);
      return m ? [m[1], m[2], m[3], m[4]] : null;
    };
    return { callers: lines.slice(0, at).map(arc).filter(Boolean), callees: lines.slice(at + 1).map(arc).filter(Boolean) };
  }
  return null;
}

// ------------------------------------------------------------ the page
const table = (id) => `Array.from(document.querySelectorAll('#${id} tbody tr:not(.spacer)')).map((tr) => Array.from(tr.cells).map((c) => c.textContent))`;
// the page's flat profile against the text's: a figure the text prints
// as 0.00 (or 0.0) may read more digits on the page, where it is not
// zero ("4.0e-7", "0.0033", "400 ps"): it must round to the text's
function sameFigures(text, page) {
  return page.map((row, r) => row.map((cell, c) => {
    const t = text[r] ? text[r][c] : undefined;
    if (t !== undefined && /^0\.0+$/.test(t) && cell !== t) {
      const m = /^(\d[\d.]*(?:e-\d+)?)(?: [munpf]?s)?$/.exec(cell);
      const unit = / ([munpf]?)s$/.exec(cell);
      // in the text's unit (the column's): a smaller unit than it only
      const v = m ? Number(m[1]) : NaN;
      if (m && v > 0 && (unit ? unit[1] !== '' : v < 0.5 * Math.pow(10, -(t.length - 2)))) return t;
    }
    return cell;
  }));
}

// one browser, each page in turn in its tab (a browser per page cost
// three times the CPU)
let browser = null;
async function withPage(name, file, fn) {
  const url = 'file://' + path.resolve(dir, file) + '#';
  try {
    if (!browser) {
      browser = new Browser(CHROMIUM, 1100, 560);
      await browser.open(url, 1100, 560);
    } else {
      await browser.navigate(url, 1100, 560);
    }
    const b = browser;
    await fn(b);
    expectEq(name + '.no-console-error', [], b.problems);
    expectEq(name + '.no-request', [], b.requests);
    expectEq(name + '.no-dialog', [], b.dialogs);
  } catch (e) {
    notOk(name + '.run', e.stack || e);
    // a page that failed may have left the tab in any state
    const b = browser;
    browser = null;
    if (b) await b.close();
  }
}

async function profilePage(b) {
  const text = fs.readFileSync(path.join(dir, 'prof.txt'), 'utf8');
  const flat = flatOf(text);
  // the flat profile: every figure as the text report prints it, in its order
  const rows = await b.eval(table('flat'));
  expectEq('html.flat.numbers-equal-text', flat, sameFigures(flat, rows));
  const header = await b.eval("document.querySelector('header').textContent");
  expect('html.header.facts', /samples\s*7/.test(header) && /call stacks\s*recorded \(3 stacks/.test(header) &&
    /measured from the stacks/.test(header) && /prog/.test(header), header);

  // sort by calls: largest first, then smallest first
  await b.click('#flat th[data-key=calls]');
  let names = await b.eval(`${table('flat')}.map((r) => r[6] + ':' + r[3])`);
  const byCalls = flat.slice().sort((x, y) => Number(y[3] || -1) - Number(x[3] || -1)).map((r) => r[6] + ':' + r[3]);
  expectEq('html.flat.sort-by-calls', byCalls, names);
  await b.click('#flat th[data-key=calls]');
  names = await b.eval(`${table('flat')}.map((r) => r[6] + ':' + r[3])`);
  expectEq('html.flat.sort-by-calls-again-reverses', byCalls.slice().reverse(), names);
  await b.click('#flat th[data-key=name]');
  names = await b.eval(`${table('flat')}.map((r) => r[6])`);
  expectEq('html.flat.sort-by-name', flat.map((r) => r[6]).sort(), names);

  // filter as one types
  await b.type('#flat-filter', 'poly');
  names = await b.eval(`${table('flat')}.map((r) => r[6])`);
  expectEq('html.flat.filter', ['polynomial'], names);
  expectEq('html.flat.filter-count', '1 of 3 functions', await b.eval("document.getElementById('flat-count').textContent"));

  // the call graph: from the flat profile to polynomial, up to its caller, back and forward
  await b.click('#flat a.fn');
  await b.until("document.getElementById('entry-title')");
  expectEq('html.graph.click-opens-entry', 'polynomial [3]', await b.eval("document.getElementById('entry-title').textContent"));
  const entries = entriesOf(text);
  const row = async () => b.eval(`Array.from(document.querySelector('#entry tr.entry').cells).slice(0, 5).map((c) => c.textContent)`);
  expectEq('html.graph.entry-equals-text', entries.get('polynomial'), await row());
  const arcs = arcsOf(text, 'polynomial');
  expectEq('html.graph.callers-equal-text', arcs.callers,
    await b.eval(`Array.from(document.querySelectorAll('#entry tr.caller')).map((tr) => [tr.cells[2].textContent, tr.cells[3].textContent, tr.cells[4].textContent, tr.cells[5].querySelector('a').textContent])`));
  await b.click('#entry tr.caller a.fn');
  await b.until("/^evaluate/.test(document.getElementById('entry-title').textContent)");
  expectEq('html.graph.walk-up', entries.get('evaluate'), await row());
  expectEq('html.graph.callees-equal-text', arcsOf(text, 'evaluate').callees,
    await b.eval(`Array.from(document.querySelectorAll('#entry tr.callee')).map((tr) => [tr.cells[2].textContent, tr.cells[3].textContent, tr.cells[4].textContent, tr.cells[5].querySelector('a').textContent])`));
  await b.back();
  await b.until("/^polynomial/.test(document.getElementById('entry-title').textContent)");
  ok('html.graph.back');
  await b.forward();
  await b.until("/^evaluate/.test(document.getElementById('entry-title').textContent)");
  ok('html.graph.forward');
  await b.click('#entry tr.callee a.fn');
  await b.until("/^polynomial/.test(document.getElementById('entry-title').textContent)");
  ok('html.graph.walk-down');

  // the source of evaluate: its lines, their samples, the calls at the call site
  await b.back();
  await b.until("/^evaluate/.test(document.getElementById('entry-title').textContent)");
  await b.click('#entry-title + p a[href^="#src/"]');
  await b.until("document.getElementById('source')");
  const src = fs.readFileSync(path.join(dir, 'lines.c'), 'utf8').split('\n');
  const lines = await b.eval(`Array.from(document.querySelectorAll('#source tbody tr')).map((tr) => [Number(tr.cells[0].textContent), tr.cells[1].textContent, tr.cells[3].textContent, tr.cells[4].textContent])`);
  expect('html.source.lines-are-the-file', lines.length > 3 && lines.every((l) => l[3] === src[l[0] - 1]), JSON.stringify(lines.slice(0, 3)));
  const hot = lines.filter((l) => Number(l[1]) > 0);
  expect('html.source.samples-on-lines', hot.length > 0, 'no line with samples');
  expect('html.source.calls-at-definition', lines.some((l) => l[2] === 'called 250 times'), JSON.stringify(lines.map((l) => l[2])));
  expect('html.source.calls-at-call-site', lines.some((l) => l[2] === 'polynomial \u00d725000000' && /polynomial\s*\(/.test(l[3])),
    JSON.stringify(lines.map((l) => l[2])));

  // the flame graph: present, searched, zoomed, turned into an icicle
  await b.click('#tab-flame');
  await b.until("document.querySelectorAll('#flame-box .frame').length > 0");
  const frames = await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).map((f) => f.title)");
  expectEq('html.flame.frames', ['evaluate (65 samples, 92.86%)', 'main (70 samples, 100.00%)', 'polynomial (40 samples, 57.14%)'], frames.slice().sort());
  await b.type('#flame-search', 'poly');
  await b.until("document.querySelectorAll('#flame-box .frame.match').length > 0");
  expectEq('html.flame.search-highlights', ['polynomial (40 samples, 57.14%)'],
    await b.eval("Array.from(document.querySelectorAll('#flame-box .frame.match')).map((f) => f.title)"));
  expectEq('html.flame.search-share', '1 frames match, 57.14% of the samples', await b.eval("document.getElementById('flame-status').textContent"));
  const widthBefore = await b.eval("document.querySelector('#flame-box .frame.match').getBoundingClientRect().width");
  await b.click('#flame-box .frame.match');
  const widthAfter = await b.eval("document.querySelector('#flame-box .frame.match').getBoundingClientRect().width");
  expect('html.flame.click-zooms', widthAfter > 1.5 * widthBefore, widthBefore + ' -> ' + widthAfter);
  await b.click('#flame-reset');
  const top = async (name) => b.eval(`Array.from(document.querySelectorAll('#flame-box .frame')).find((f) => f.title.startsWith('${name} ')).offsetTop`);
  const flameMain = await top('main');
  await b.click('#flame-mode-icicle');
  const icicleMain = await top('main');
  expect('html.flame.icicle', flameMain > 0 && icicleMain === 0, flameMain + ', ' + icicleMain);
  if (shot) { // for README: the flame graph, a search highlighted
    await b.click('#flame-mode-flame');
    await b.type('#flame-search', 'poly');
    await b.until("document.querySelectorAll('#flame-box .frame.match').length > 0");
    await b.screenshot(shot);
  }
}

async function cyclePage(b) {
  const text = fs.readFileSync(path.join(dir, 'cycle.txt'), 'utf8');
  expectEq('html.cycle.flat-equals-text', flatOf(text),
    await b.eval(`${table('flat')}.map((r) => r.slice(0, 6).concat(r[6].replace(/ <cycle \\d+>$/, '')))`));
  await b.click('#tab-graph');
  await b.until("document.getElementById('graph')");
  const entries = entriesOf(text);
  const shown = await b.eval(`${table('graph')}.map((r) => [r[5].replace(/ <cycle \\d+>$/, ''), r[0], r[1], r[2], r[3], r[4]])`);
  const expected = shown.map((r) => [r[0]].concat(entries.get(r[0]) || ['missing']));
  expectEq('html.cycle.every-entry-equals-text', expected, shown);
  await b.type('#graph-filter', 'beta');
  await b.click('#graph a.fn');
  await b.until("/^beta/.test(document.getElementById('entry-title').textContent)");
  const inside = await b.eval(`Array.from(document.querySelectorAll('#entry tr.caller')).map((tr) => [tr.cells[4].textContent, tr.cells[5].querySelector('a').textContent])`);
  expectEq('html.cycle.call-within-cycle', [['19443', 'alpha']], inside);
  await b.click('#entry-title + p a.cycle');
  await b.until("/cycle 1 as a whole/.test(document.getElementById('entry-title').textContent)");
  const members = await b.eval(`${table('cycle-members')}.map((r) => r[5].replace(/ <cycle \\d+>$/, ''))`);
  expectEq('html.cycle.members', ['alpha', 'beta', 'delta', 'gamma_'], members.slice().sort());
}

async function hostilePage(b) {
  const names = await b.eval(`${table('flat')}.map((r) => r[6])`);
  expect('html.hostile.names-shown-as-text', names.includes('<img src=x onerror=alert(1)>') && names.includes('</script><script>alert(2)</script>'),
    JSON.stringify(names));
  expectEq('html.hostile.no-element-made', 0, await b.eval("document.querySelectorAll('img, main script, iframe, b').length"));
  expectEq('html.hostile.nothing-ran', undefined, await b.eval('window.hostileRan'));
  await b.click('#flat a.fn');
  await b.until("document.getElementById('entry-title')");
  expectEq('html.hostile.entry-title-is-text', 0, await b.eval("document.querySelectorAll('#entry-title *:not(span):not(wbr)').length"));
}

// a whole-process profile: its objects are a filter
async function objectsPage(b) {
  const flat = flatOf(fs.readFileSync(path.join(dir, 'objs.txt'), 'utf8'));
  expectEq('html.objects.flat-equals-text', flat, sameFigures(flat, await b.eval(table('flat'))));
  const pick = async (label) => {
    await b.eval(`(() => { const s = document.getElementById('flat-object');
      s.value = Array.from(s.options).find((o) => o.textContent === '${label}').value;
      s.dispatchEvent(new Event('change')); })()`);
    return b.eval(`${table('flat')}.map((r) => r[6])`);
  };
  expectEq('html.objects.filter-library', ['hot [libwork.so]', 'warm [libwork.so]'], await pick('libwork.so'));
  expectEq('html.objects.filter-program', ['evaluate', 'frame_dummy', 'polynomial'], await pick('prog'));
}

// -l: one row per source line, named as the text names them
async function linesPage(b) {
  const flat = flatOf(fs.readFileSync(path.join(dir, 'lines.txt'), 'utf8'));
  expectEq('html.lines.flat-equals-text', flat, sameFigures(flat, await allRows(b, 'flat')));
}

// C++ names: templates' '<' and '>' shown as they are, figures as the text's
async function cxxPage(b) {
  const flat = flatOf(fs.readFileSync(path.join(dir, 'cxx.txt'), 'utf8'));
  expectEq('html.cxx.flat-equals-text', flat, sameFigures(flat, await allRows(b, 'flat')));
  expect('html.cxx.template-names', flat.some((r) => /<.*>/.test(r[6])), 'no template in the fixture');
  await b.type('#flat-filter', 'accumulate<double>');
  expectEq('html.cxx.filter-by-template', flat.filter((r) => r[6].includes('accumulate<double>')).map((r) => r[6]),
    await b.eval(`${table('flat')}.map((r) => r[6])`));
}

async function diffPage(b) {
  const oldFlat = flatOf(fs.readFileSync(path.join(dir, 'old.txt'), 'utf8'));
  const newFlat = flatOf(fs.readFileSync(path.join(dir, 'new.txt'), 'utf8'));
  // (the page's seconds have the three decimals of gprof --diff's
  // text, t-html-views checks them against it; each run's flat profile
  // has two: the samples are whole hundredths, so the two agree)
  const rows = await b.eval(`${table('diff')}.map((r) => [r[11].replace(/ \\((appeared|vanished)\\)$/, ''), Number(r[0]).toFixed(2), Number(r[1]).toFixed(2), r[2], r[8], r[9]])`);
  const self = (flat, n) => { const r = flat.find((x) => x[6] === n); return r ? r[2] : '0.00'; };
  const calls = (flat, n) => { const r = flat.find((x) => x[6] === n); return r && r[3] ? r[3] : '0'; };
  const expected = rows.map((r) => [r[0], self(oldFlat, r[0]), self(newFlat, r[0]), r[3], calls(oldFlat, r[0]), calls(newFlat, r[0])]);
  expect('html.diff.rows', rows.length > 0, 'no rows');
  expectEq('html.diff.figures-equal-each-run', expected, rows);
  await b.click('#diff a[href^="#dfn/"]');
  await b.until("document.getElementById('entry-title')");
  expect('html.diff.entry-callers-and-callees', await b.eval("!!document.getElementById('dentry-callers') && !!document.getElementById('dentry-callees')"), 'no tables');
  await b.click('#tab-dflame');
  await b.until("document.querySelectorAll('#flame-box .frame').length > 0");
  const colours = await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).map((f) => f.title.split(' ')[0] + ':' + f.style.background)");
  const red = colours.filter((c) => /rgb\(255, (\d+), \1\)/.test(c)).map((c) => c.split(':')[0]);
  const blue = colours.filter((c) => /rgb\((\d+), \1, 255\)/.test(c)).map((c) => c.split(':')[0]);
  expectEq('html.diff.flame-red-slower', ['polynomial'], red);
  expectEq('html.diff.flame-blue-faster', ['evaluate'], blue);
}

// the threads: the list and each thread as gprof --threads prints them,
// each thread's flame graph its stacks alone
function threadsOf(text) {
  return text.split(/\n(?=Flat profile of )/).filter((b) => b.startsWith('Flat profile of ')).map((b) => {
    const lines = b.split('\n');
    const head = /^Flat profile of (.*):$/.exec(lines[0])[1];
    const m = /^(\d+) samples, ([\d.]+) seconds \(([\d.]+)% of all/.exec(lines[1]);
    return { head, facts: lines[1], samples: m[1], seconds: m[2], percent: m[3], rows: flatOf(b) };
  });
}
async function threadsPage(b) {
  const threads = threadsOf(fs.readFileSync(path.join(dir, 'threads.txt'), 'utf8'));
  await b.click('#tab-threads');
  await b.until("document.getElementById('threads')");
  expectEq('html.threads.list-equals-text', threads.map((t) => [t.head, t.samples, t.seconds, t.percent]),
    await b.eval(`${table('threads')}.map((r) => [r[0], r[2], r[3], r[4]])`));
  expectEq('html.threads.hottest', ['polynomial', 'polynomial', 'main', 'polynomial'],
    await b.eval(`${table('threads')}.map((r) => r[5])`));
  await b.click('#threads th[data-key=thread]');
  // threads without samples are counted, as the text counts them
  expect('html.threads.without-samples', await b.eval("/2 threads without samples are not shown\\./.test(document.querySelector('main').textContent)"),
    'no line counting the threads without samples');
  expectEq('html.threads.sort-by-name', ['thread 4242 "prog" (main thread)',
    'thread 4243 "worker-1"', 'thread 4244 "worker-2"', 'the samples of no known thread'],
    await b.eval(`${table('threads')}.map((r) => r[0])`));
  // worker-2: its figures and functions as the text's, its stacks alone
  await b.eval("Array.from(document.querySelectorAll('#threads a.thread')).find((a) => /worker-2/.test(a.textContent)).click()");
  await b.until("document.getElementById('thread-facts')");
  const w2 = threads.find((t) => /worker-2/.test(t.head));
  expectEq('html.threads.thread-facts', w2.facts, await b.eval("document.getElementById('thread-facts').textContent"));
  expectEq('html.threads.thread-functions', w2.rows.map((r) => [r[0], r[2], r[6]]),
    await b.eval(`${table('thread-functions')}.map((r) => [r[0], r[1], r[3]])`));
  await b.until("document.querySelectorAll('#flame-box .frame').length > 0");
  expectEq('html.threads.thread-flame', ['evaluate (40 samples, 100.00% of the thread\u2019s)', 'main (40 samples, 100.00% of the thread\u2019s)',
    'polynomial (30 samples, 75.00% of the thread\u2019s)'],
  (await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).map((f) => f.title)")).sort());
  await b.click('#flame-box .frame');
  await b.back(); // the zoom undone
  await b.until("document.getElementById('flame-box') && !/zoomed/.test(document.getElementById('flame-status').textContent)");
  await b.back();
  await b.until("document.getElementById('threads')");
  // the whole flame graph is every thread's, unzoomed by a thread's zoom
  await b.click('#tab-flame');
  await b.until("document.querySelectorAll('#flame-box .frame').length > 0");
  expectEq('html.threads.all-flame', ['evaluate (132 samples, 97.78%)', 'main (135 samples, 100.00%)', 'polynomial (122 samples, 90.37%)'],
    (await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).map((f) => f.title)")).sort());
}

(async () => {
  await withPage('html.profile', 'prof.html', profilePage);
  await withPage('html.cycle', 'cycle.html', cyclePage);
  await withPage('html.hostile', 'hostile.html', hostilePage);
  await withPage('html.cxx', 'cxx.html', cxxPage);
  await withPage('html.objects', 'objs.html', objectsPage);
  await withPage('html.lines', 'lines.html', linesPage);
  await withPage('html.diff', 'diff.html', diffPage);
  await withPage('html.threads', 'threads.html', threadsPage);
  if (browser) await browser.close();
  process.exit(status());
})();
