// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/views.js: gprof --html's views of issue 41's second
// half (filters, sandwich, picture, short names, --diff's words), in
// chromium; t-html-views.sh makes the pages in DIR.
//
// usage: node views.js DIR
//   cxx.html cxx-graph.txt  the C++ fixture with call stacks
//   cycle.html cycle.txt    cycle3 (a cycle; no stacks)
//   diff.html diff.txt      --diff of two runs of the C++ fixture
// Prints "ok NAME" / "not ok NAME: why" for tests/run.
'use strict';
const path = require('path');
const fs = require('fs');
const { pages, axe, allRows } = require('./pages.js');
const { notOk, expectEq, expect, status } = require('./verdicts.js');

const dir = process.argv[2];
const FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';

// one browser, each page in turn in its tab; axe-core (pages.js)
const { withPage, close } = pages(dir, 1100, 700, true);
// go to a fragment and wait for what it shows
async function go(b, hash, ready) {
  await b.eval(`location.hash = ${JSON.stringify(hash)}`);
  await b.until(ready);
  await b.eval(FRAMES);
}
const texts = (sel) => `Array.from(document.querySelectorAll(${JSON.stringify(sel)})).map((e) => e.textContent)`;
const flatNames = texts('#flat tbody tr[data-pos] td.name a.fn');
const flameStatus = "document.getElementById('flame-status').textContent";
const frameNames = "Array.from(document.querySelectorAll('#flame-box .frame')).map((f) => f.getAttribute('aria-label').replace(/ \\(.*$/, '')).sort()";

// ------------------------------------------------------------ filters
async function filterPage(b) {
  const AREA = 'geo::Circle::area() const', RECT = 'geo::Rect::area() const';
  // focus on the two area() methods: the flat profile, the graph, the flame graph
  await go(b, '#flat?focus=' + encodeURIComponent('::area\\(\\)'), "document.getElementById('flat')");
  expectEq('html-views.focus.flat', [AREA, RECT], await b.eval(flatNames));
  expectEq('html-views.focus.fields', ['::area\\(\\)', '', '', ''],
    await b.eval("['focus', 'ignore', 'hide', 'show_from'].map((k) => document.getElementById('filter-' + k).value)"));
  await axe(b, 'html-views.axe.filtered-flat');
  // a link keeps the filters: the tab to the flame graph
  await b.click('#tab-flame');
  await b.until("document.getElementById('flame-status')");
  expectEq('html-views.focus.url-kept', '#flame?focus=%3A%3Aarea%5C%28%5C%29', await b.eval('location.hash'));
  expectEq('html-views.focus.flame', ['3 frames shown', [AREA, RECT, 'main']], [await b.eval(flameStatus), await b.eval(frameNames)]);
  await go(b, '#flame?ignore=area', "document.getElementById('flame-status').textContent === '12 frames shown'");
  expectEq('html-views.ignore.flame', 0, await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).filter((f) => /area/.test(f.getAttribute('aria-label'))).length"));
  // show_from: the stacks from push_back in, their frames above it gone
  await go(b, '#flame?show_from=push_back', "document.getElementById('flame-status').textContent === '6 frames shown'");
  expectEq('html-views.show-from.flame-root', 'std::vector<geo::Shape*, std::allocator<geo::Shape*> >::push_back(geo::Shape*&&) (3 samples, 100.00%)',
    await b.eval("document.querySelector('#flame-box .frame').getAttribute('aria-label')"));
  // hide: main's frames gone, its callees roots; every sample kept
  await go(b, '#flame?hide=' + encodeURIComponent('^main$'), "document.getElementById('flame-status').textContent === '13 frames shown'");
  expectEq('html-views.hide.flame', [false, 84], await b.eval("[Array.from(document.querySelectorAll('#flame-box .frame')).some((f) => f.getAttribute('aria-label').startsWith('main ')), filteredFlame(P).flameTotal]"));
  // nothing left: said so (not that no stacks were recorded)
  await go(b, '#flame?focus=nothing-has-this-name', "document.getElementById('flame-none')");
  expectEq('html-views.focus.nothing-left', 'The filters leave no call stack: see the fields above.', await b.eval("document.getElementById('flame-none').textContent"));
  // entry: callers and callees the filters drop are not listed
  await go(b, '#flat?hide=' + encodeURIComponent('operator!='), "document.getElementById('flat')");
  await b.eval(`Array.from(document.querySelectorAll('#flat a.fn')).find((a) => a.textContent.endsWith('::base() const') && a.textContent.includes('Shape**')).click()`);
  await b.until("document.getElementById('entry')");
  expectEq('html-views.hide.entry-callers', 2, await b.eval("document.querySelectorAll('#entry tr.caller').length"));
  await axe(b, 'html-views.axe.filtered-entry');
  // an invalid expression: said, not applied
  await b.type('#filter-focus', 'area(');
  await b.click('#filter-apply');
  await b.until("document.getElementById('filter-error').textContent !== ''");
  expectEq('html-views.invalid-regex', ['focus: Invalid regular expression: /area(/: Unterminated group', 'true', true],
    await b.eval("[document.getElementById('filter-error').textContent, document.getElementById('filter-focus').getAttribute('aria-invalid'), location.hash.indexOf('focus') < 0]"));
  await axe(b, 'html-views.axe.invalid-regex');
  // and from the URL
  await go(b, '#flat?focus=' + encodeURIComponent('['), "document.getElementById('filter-error').textContent !== ''");
  expectEq('html-views.invalid-regex-url', ['focus: Invalid regular expression: /[/: Unterminated character class', await b.eval("P.flat.length")],
    [await b.eval("document.getElementById('filter-error').textContent"), await b.eval("document.getElementById('flat').getAttribute('aria-rowcount') - 1")]);
  // Apply from the fields; Back undoes it
  await go(b, '#graph', "document.getElementById('graph')");
  const all = await b.eval("document.getElementById('graph').getAttribute('aria-rowcount') - 1");
  await b.type('#filter-show_from', 'accumulate<Vec2>');
  await b.click('#filter-apply');
  await b.until("location.hash === '#graph?show_from=accumulate%3CVec2%3E'");
  await b.eval(FRAMES);
  expectEq('html-views.show-from.graph', 9, await b.eval("document.querySelectorAll('#graph tbody tr').length"));
  await b.back();
  await b.until("location.hash === '#graph'");
  await b.eval(FRAMES);
  expectEq('html-views.filter-back', [all, ''], [await b.eval("document.getElementById('graph').getAttribute('aria-rowcount') - 1"), await b.eval("document.getElementById('filter-show_from').value")]);
}

// ------------------------------------------------------------ the sandwich
const BASE = '__gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > >::base() const';
const frames = (id) => `Array.from(document.querySelectorAll('#sandwich-${id} a.frame')).map((a) => a.getAttribute('aria-label'))`;
async function sandwichPage(b) {
  // from the function's entry
  await go(b, '#flat', "document.getElementById('flat')");
  await b.eval(`Array.from(document.querySelectorAll('#flat a.fn')).find((a) => a.textContent === ${JSON.stringify(BASE)}).click()`);
  await b.until("document.getElementById('entry')");
  await b.click('#entry-title + p a[href^="#sandwich/"]');
  await b.until("document.getElementById('sandwich-callers')");
  expectEq('html-views.sandwich.facts', '6 samples in stacks through it (6.98% of the samples): its callers above it, merged, and its callees below it.',
    await b.eval("document.getElementById('sandwich-facts').textContent"));
  const callers = await b.eval(frames('callers'));
  expectEq('html-views.sandwich.callers', [12, BASE + ' (6 samples, 100.00%)', [
    'bool __gnu_cxx::operator!=<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > >(__gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > > const&, __gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > > const&) (3 samples, 50.00%)',
    'void std::vector<geo::Shape*, std::allocator<geo::Shape*> >::_M_realloc_insert<geo::Shape*>(__gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > >, geo::Shape*&&) (1 samples, 16.67%)',
    '__gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > >::difference_type __gnu_cxx::operator-<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > >(__gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > > const&, __gnu_cxx::__normal_iterator<geo::Shape**, std::vector<geo::Shape*, std::allocator<geo::Shape*> > > const&) (2 samples, 33.33%)'].sort(),
  ['main (1 samples, 16.67%)', 'main (2 samples, 33.33%)', 'main (3 samples, 50.00%)']], [callers.length, callers[0],
    await b.eval("Array.from(document.querySelectorAll('#sandwich-callers a.frame')).filter((a) => a.style.top === (5 - 1) * 18 + 'px').map((a) => a.getAttribute('aria-label')).sort()"),
    callers.filter((l) => l.startsWith('main ')).sort()]);
  expectEq('html-views.sandwich.callees', [BASE + ' (6 samples, 100.00%)'], await b.eval(frames('callees')));
  await axe(b, 'html-views.axe.sandwich');
  // a frame opens its own sandwich: main's callees are every stack
  await b.eval("Array.from(document.querySelectorAll('#sandwich-callers a.frame')).find((a) => a.getAttribute('aria-label').startsWith('main ')).click()");
  await b.until("document.getElementById('sandwich-callees') && document.getElementById('sandwich-title').textContent === 'Sandwich: main'");
  expectEq('html-views.sandwich.main', [['main (86 samples, 100.00%)'], 14],
    [await b.eval(frames('callers')), (await b.eval(frames('callees'))).length]);
  // the filters apply: only the stacks from push_back in
  const id = await b.eval("location.hash.split('/')[1]");
  await go(b, '#sandwich/' + BASE_ID + '?show_from=push_back', "document.getElementById('sandwich-callers')");
  expectEq('html-views.sandwich.filtered', ['3 samples in stacks through it (100.00% of the samples): its callers above it, merged, and its callees below it.', 8],
    [await b.eval("document.getElementById('sandwich-facts').textContent"), (await b.eval(frames('callers'))).length]);
  // and from the flame graph's zoomed frame
  await go(b, '#flame', "document.querySelectorAll('#flame-box .frame').length > 0");
  await b.click('#flame-box .frame[title^="geo::Circle::area"]');
  await b.until("document.querySelector('#flame-info a[href^=\"#sandwich/\"]')");
  await b.click('#flame-info a[href^="#sandwich/"]');
  await b.until("document.getElementById('sandwich-callers')");
  expectEq('html-views.sandwich.from-flame', [['geo::Circle::area() const (40 samples, 100.00%)', 'main (40 samples, 100.00%)'], 'flame'],
    [await b.eval(frames('callers')), await b.eval("document.querySelector('nav a.on').id.slice(4)")]);
  expect('html-views.sandwich.main-id', id === '3', id);
}
let BASE_ID = -1;

// ------------------------------------------------------------ the picture
const nodeNames = "Array.from(document.querySelectorAll('#picture a.node')).map((a) => a.querySelector('title').textContent)";
const pictureStatus = "document.getElementById('picture-status').textContent";
async function picturePage(b) {
  const ACC = 'Vec2 geo::detail::accumulate<Vec2>(std::vector<Vec2, std::allocator<Vec2> > const&)';
  await go(b, '#flat', "document.getElementById('flat')");
  await b.eval(`Array.from(document.querySelectorAll('#flat a.fn')).find((a) => a.textContent === ${JSON.stringify(ACC)}).click()`);
  await b.until("document.getElementById('entry')");
  await b.click('#entry-title + p a[href^="#picture/"]');
  await b.until("document.getElementById('picture')");
  const id = await b.eval("location.hash.split('/')[1]");
  expectEq('html-views.picture.depth-2', ['10 functions, 10 arcs', 'depth=2'], [await b.eval(pictureStatus), await b.eval("location.hash.split('?')[1] || 'depth=2'")]);
  // ranks: main above, the function, its callees, theirs
  expectEq('html-views.picture.ranks', [['main'], [ACC], 6, 2], await b.eval(`(() => {
    const rows = new Map();
    for (const a of document.querySelectorAll('#picture a.node')) { const y = a.querySelector('rect').getAttribute('y'); if (!rows.has(y)) rows.set(y, []); rows.get(y).push(a.querySelector('title').textContent); }
    const r = [...rows.keys()].sort((x, y) => x - y).map((y) => rows.get(y));
    return [r[0], r[1], r[2].length, r[3].length]; })()`));
  await b.eval("(() => { const s = document.getElementById('picture-depth'); s.value = '1'; s.dispatchEvent(new Event('change')); })()");
  await b.until(`location.hash === '#picture/${id}?depth=1'`);
  await b.until("document.getElementById('picture')");
  expectEq('html-views.picture.depth-1', '8 functions, 7 arcs', await b.eval(pictureStatus));
  await axe(b, 'html-views.axe.picture');
  // the filters apply to it
  await go(b, '#picture/' + id + '?depth=1&hide=' + encodeURIComponent('operator'), "document.getElementById('picture-status').textContent.startsWith('4 ')");
  expectEq('html-views.picture.filtered', ['4 functions, 3 arcs', [ACC, 'main', 'std::vector<Vec2, std::allocator<Vec2> >::begin() const', 'std::vector<Vec2, std::allocator<Vec2> >::end() const'].sort()],
    [await b.eval(pictureStatus), (await b.eval(nodeNames)).sort()]);
  // from the keyboard: a node takes the focus, Enter opens its entry
  await go(b, '#picture/' + id + '?depth=1', "document.getElementById('picture')");
  await b.eval("document.querySelector('#picture a.node[data-fn=\"3\"]').focus()");
  await b.page('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' });
  await b.page('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  await b.until("document.getElementById('entry-title')");
  expectEq('html-views.picture.enter-opens-entry', 'main [1]', await b.eval("document.getElementById('entry-title').textContent"));
  await go(b, '#picture/' + id + '?depth=1&hide=operator', "document.getElementById('picture')");
  // a click on a node opens its entry
  await b.click('#picture a.node[data-fn="3"] rect');
  await b.until("document.getElementById('entry-title')");
  expectEq('html-views.picture.click-opens-entry', ['main [1]', '#fn/3?hide=operator'], [await b.eval("document.getElementById('entry-title').textContent"), await b.eval('location.hash')]);
}
async function cyclePicture(b) {
  await go(b, '#picture/2?depth=3', "document.getElementById('picture')");
  expectEq('html-views.picture.cycle', ['6 functions, 9 arcs, 1 cycle', ['<cycle 1>'], 4, ['alpha', 'beta', 'delta', 'gamma_']], [await b.eval(pictureStatus),
    await b.eval("Array.from(document.querySelectorAll('#picture g.cycle-box')).map((g) => g.dataset.cycle)"),
    await b.eval("document.querySelectorAll('#picture g.cycle-box rect').length"),
    // the boxes hold the members and nothing else
    await b.eval(`(() => { const boxes = Array.from(document.querySelectorAll('#picture g.cycle-box rect')).map((r) => r.getBBox());
      return Array.from(document.querySelectorAll('#picture a.node')).filter((a) => { const n = a.querySelector('rect').getBBox();
        return boxes.some((x) => n.x >= x.x && n.x + n.width <= x.x + x.width && n.y >= x.y && n.y + n.height <= x.y + x.height); })
        .map((a) => a.querySelector('title').textContent).sort(); })()`)]);
  // delta (two rows up) to leaf: through a point of its own in each row
  // between, none crossing a function's box there
  expectEq('html-views.picture.long-arc', 2, await b.eval("(document.querySelector('#picture path[data-from=\"4\"][data-to=\"0\"]').getAttribute('d').match(/ L/g) || []).length"));
  // gamma_ back up to delta (a call within the cycle): through the rows
  // between too, ending on delta's bottom
  expectEq('html-views.picture.back-arc', [2, true], await b.eval(`(() => {
    const d = document.querySelector('#picture path[data-from="3"][data-to="4"]').getAttribute('d');
    const delta = document.querySelector('#picture a.node[data-fn="4"] rect').getBBox();
    const start = d.slice(1).split(' ')[0].split(',').map(Number);
    return [(d.match(/ L/g) || []).length, Math.abs(start[1] - 6 - (delta.y + delta.height)) < 1 && start[0] > delta.x && start[0] < delta.x + delta.width];
  })()`));
  await axe(b, 'html-views.axe.picture-cycle');
}

// ------------------------------------------------------------ short names
async function shortPage(b) {
  const ACC = 'double geo::detail::accumulate<double>(std::vector<double, std::allocator<double> > const&)';
  await go(b, '#flat', "document.getElementById('flat')");
  const full = await b.eval(flatNames);
  // (the table before is marked: the one after is a new one)
  await b.eval("document.getElementById('flat').dataset.old = '1'");
  await b.click('#short-names');
  await b.until("location.hash === '#flat?short=1'");
  await b.until("document.getElementById('flat') && !document.getElementById('flat').dataset.old");
  const short = await b.eval(flatNames);
  expectEq('html-views.short.flat', ['geo::Circle::area() const', 'double geo::detail::accumulate<\u2026>(\u2026)',
    '__gnu_cxx::__normal_iterator<\u2026>::base() const', 'bool __gnu_cxx::operator!=<\u2026>(\u2026)', 'Vec2::operator+(\u2026) const'],
    [short[0], short[1], short[2], short[5], short[full.indexOf('Vec2::operator+(Vec2 const&) const')]]);
  // the whole name on hover
  expectEq('html-views.short.title', [ACC, full.length], [await b.eval("document.querySelectorAll('#flat a.fn')[1].title"), short.length]);
  // a filter still reads the whole name; links keep both
  await go(b, '#flat?short=1&focus=' + encodeURIComponent('accumulate<double>'), "document.getElementById('flat-count').textContent.startsWith('8 of')");
  const kept = await b.eval(flatNames);
  expectEq('html-views.short.filter-full-name', [true, false], [kept.includes('double geo::detail::accumulate<\u2026>(\u2026)'), kept.includes('geo::Circle::area() const')]);
  await b.eval("Array.from(document.querySelectorAll('#flat a.fn')).find((a) => a.textContent === 'double geo::detail::accumulate<\u2026>(\u2026)').click()");
  await b.until("document.getElementById('entry-title')");
  expectEq('html-views.short.entry', ['double geo::detail::accumulate<\u2026>(\u2026) [' + (await b.eval("P.fn[Number(location.hash.split(/[/?]/)[1])][5]")) + ']', ACC, true],
    [await b.eval("document.getElementById('entry-title').textContent"), await b.eval("document.getElementById('entry-title').title"),
      await b.eval("/short=1/.test(location.hash) && /focus=/.test(location.hash)")]);
  await axe(b, 'html-views.axe.short-entry');
  // the flame graph's frames, and the picture's nodes
  await go(b, '#flame?short=1', "document.querySelectorAll('#flame-box .frame').length > 0");
  expectEq('html-views.short.flame', ['double geo::detail::accumulate<\u2026>(\u2026)', ACC + ' (20 samples, 23.26%)'],
    await b.eval("(() => { const f = Array.from(document.querySelectorAll('#flame-box .frame')).find((d) => d.title.startsWith('double geo::detail::accumulate<double>')); return [f.textContent, f.title]; })()"));
  // unticked: the whole names again, and the URL without it
  await go(b, '#flat?short=1', "document.getElementById('flat')");
  await b.eval("document.getElementById('flat').dataset.old = '1'");
  await b.click('#short-names');
  await b.until("location.hash === '#flat'");
  await b.until("document.getElementById('flat') && !document.getElementById('flat').dataset.old");
  expectEq('html-views.short.off', full, await b.eval(flatNames));
}

// ------------------------------------------------------------ --diff
async function diffPage(b) {
  const text = fs.readFileSync(path.join(dir, 'diff.txt'), 'utf8').split('\n');
  expectEq('html-views.diff.runs', text.slice(0, 2), await b.eval("[0, 1].map((s) => document.getElementById('diff-run-' + s).textContent)"));
  expectEq('html-views.diff.summary', 'functions: 0 slower, 2 faster, 1 appeared, 1 vanished, 207 unchanged', text[2]);
  expectEq('html-views.diff.summary-as-text', text[2], await b.eval("document.getElementById('diff-summary').textContent"));
  // every row as the text prints it: three decimals, shares, ratios, marks
  const rows = [];
  for (const l of text.slice(6)) {
    if (l.trim() === '') break;
    const f = l.trim().split(/\s+/);
    rows.push([...f.slice(0, 11), f.slice(11).join(' ')]);
  }
  expectEq('html-views.diff.rows', rows, await allRows(b, 'diff'));
  expectEq('html-views.diff.marks', [['frame_dummy (appeared)'], ['deregister_tm_clones (vanished)'], 0],
    [rows.filter((r) => r[11].endsWith('(appeared)')).map((r) => r[11]), rows.filter((r) => r[11].endsWith('(vanished)')).map((r) => r[11]),
      await b.eval("(document.querySelector('main').textContent.match(/new only|old only/g) || []).length")]);
  await axe(b, 'html-views.axe.diff');
  // an entry, in the text's figures
  await b.click('#diff a[href^="#dfn/"]');
  await b.until("document.getElementById('dentry-facts')");
  expectEq('html-views.diff.entry', ['geo::Circle::area() const', 'self 0.120 \u2192 0.120 s (+0.000; 92.35% \u2192 92.35%); total 0.400 \u2192 0.100 s (-0.300); calls 20000 \u2192 20000; ratio 1.00; faster'],
    await b.eval("[document.getElementById('entry-title').textContent, document.getElementById('dentry-facts').textContent]"));
  await axe(b, 'html-views.axe.diff-entry');
  // the call-graph tab: a differential picture, not the table again
  await b.click('#tab-dgraph');
  await b.until("document.getElementById('picture')");
  expectEq('html-views.diff.picture', [null, '2 functions, 1 arc: 0 slower, 2 faster', ['faster', 'faster']],
    [await b.eval("document.getElementById('diff')"), await b.eval(pictureStatus),
      await b.eval("Array.from(document.querySelectorAll('#picture a.node')).map((a) => a.classList.contains('slower') ? 'slower' : a.classList.contains('faster') ? 'faster' : '')")]);
  await go(b, '#dgraph/' + encodeURIComponent('main\u0000prog') + '?depth=1', "document.getElementById('picture-status').textContent.startsWith('main') || document.getElementById('picture-title').textContent.endsWith(' main')");
  const status = await b.eval(pictureStatus);
  expectEq('html-views.diff.picture-main', ['35 functions, 34 arcs: 0 slower, 2 faster', 35], [status, await b.eval("document.querySelectorAll('#picture a.node').length")]);
  await axe(b, 'html-views.axe.diff-picture');
  // a node opens the function's entry in both runs
  await b.click('#picture a.node.chosen rect');
  await b.until("document.getElementById('dentry-facts')");
  expectEq('html-views.diff.picture-click', 'main', await b.eval("document.getElementById('entry-title').textContent"));
  await go(b, '#dflame', "document.querySelectorAll('#flame-box .frame').length > 0");
  await axe(b, 'html-views.axe.diff-flame');
  // the filters apply to --diff's views too
  await go(b, '#diff?hide=' + encodeURIComponent('::area\\(\\)'), "document.getElementById('diff')");
  expectEq('html-views.diff.filtered', rows.length - 2, await b.eval("document.getElementById('diff').getAttribute('aria-rowcount') - 1"));
  await go(b, '#dflame?hide=' + encodeURIComponent('::area\\(\\)'), "document.querySelectorAll('#flame-box .frame').length > 0");
  expectEq('html-views.diff.flame-filtered', 0, await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).filter((f) => /::area\\(\\)/.test(f.title)).length"));
}

// ------------------------------------------------------------ dark
async function darkPage(b) {
  await b.page('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  await go(b, '#flat?focus=' + encodeURIComponent('['), "document.getElementById('filter-error').textContent !== ''");
  await axe(b, 'html-views.axe.dark-filters');
  await go(b, '#sandwich/' + BASE_ID + '?hide=xyz', "document.getElementById('sandwich-callers')");
  await axe(b, 'html-views.axe.dark-sandwich');
  await go(b, '#picture/' + BASE_ID + '?depth=3&short=1', "document.getElementById('picture')");
  await axe(b, 'html-views.axe.dark-picture');
}

// ------------------------------------------------------------ a thread
async function threadPage(b) {
  await go(b, '#thread/1', "document.getElementById('thread-functions')");
  const names = texts('#thread-functions tbody td.name a.fn');
  const all = await b.eval(names);
  await go(b, '#thread/1?hide=' + encodeURIComponent('accumulate'), "document.getElementById('flame-status')");
  expectEq('html-views.thread.filtered', [all.filter((n) => !/accumulate/.test(n)), 0],
    [await b.eval(names), await b.eval("Array.from(document.querySelectorAll('#flame-box .frame')).filter((f) => /accumulate/.test(f.title)).length")]);
  await axe(b, 'html-views.axe.thread-filtered');
}

(async () => {
  await withPage('html-views.filters', 'cxx.html', filterPage);
  await withPage('html-views.sandwich', 'cxx.html', async (b) => { BASE_ID = await b.eval(`P.fn.findIndex((r, i) => P.name(i) === ${JSON.stringify(BASE)})`); await sandwichPage(b); });
  await withPage('html-views.picture', 'cxx.html', picturePage);
  await withPage('html-views.cycle', 'cycle.html', cyclePicture);
  await withPage('html-views.short', 'cxx.html', shortPage);
  await withPage('html-views.diff', 'diff.html', diffPage);
  await withPage('html-views.thread', 'threads.html', threadPage);
  await withPage('html-views.dark', 'cxx.html', darkPage);
  await close();
  process.exit(status());
})();
