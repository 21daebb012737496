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
const { Browser } = require('./browser.js');
const { notOk, expectEq, expect, status } = require('./verdicts.js');

const dir = process.argv[2];
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const AXE = fs.readFileSync(path.join(__dirname, 'node_modules/axe-core/axe.min.js'), 'utf8');
const FRAMES = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))';

let browser = null;
async function withPage(name, file, fn, width, height) {
  const url = 'file://' + path.resolve(dir, file) + '#';
  try {
    if (!browser) {
      browser = new Browser(CHROMIUM, 1100, 700);
      await browser.open(url, width || 1100, height || 700);
    } else {
      await browser.navigate(url, width || 1100, height || 700);
    }
    await fn(browser);
    expectEq(name + '.no-console-error', [], browser.problems);
    expectEq(name + '.no-request', [], browser.requests);
  } catch (e) {
    notOk(name + '.run', e.stack || e);
    const b = browser;
    browser = null;
    if (b) await b.close();
  }
}
async function axe(b, name) {
  if (!(await b.eval('!!window.axe'))) await b.eval(AXE);
  const v = await b.eval("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))");
  expectEq(name, [], v);
}
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

(async () => {
  await withPage('html-views.filters', 'cxx.html', filterPage);
  if (browser) await browser.close();
  process.exit(status());
})();
