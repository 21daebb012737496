// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/html/screenshot.js: a picture of a gprof --html page, taken by
// the browser the tests drive (browser.js), for the documents.
// usage: node screenshot.js PAGE.html OUT.png [FRAGMENT [WIDTH HEIGHT [SEARCH]]]
//   SEARCH: typed into the view's search field first (the flame graph's)
'use strict';
const path = require('path');
const { Browser } = require('./browser.js');

const [page, out, fragment, width, height, search] = process.argv.slice(2);
(async () => {
  const w = Number(width || 1100), h = Number(height || 700);
  const b = new Browser(process.env.CHROMIUM || '/usr/bin/chromium', w, h);
  try {
    await b.open('file://' + path.resolve(page) + '#' + (fragment || ''), w, h);
    if (search) {
      await b.type('input[type=search]', search);
      // the flame graph's search waits for a pause in the typing
      await new Promise((r) => setTimeout(r, 400));
    }
    await b.screenshot(out);
    if (b.problems.length || b.requests.length || b.dialogs.length) {
      console.error('screenshot.js: ' + b.problems.concat(b.requests, b.dialogs).join(' | '));
      process.exitCode = 1;
    }
  } finally {
    await b.close();
  }
})();
