/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline_page.c: gprof --timeline --html: the windows of a run as one
 * page: a strip of the windows (one bar each, as tall as the self time
 * in it, its start under it), a range of windows chosen on the strip
 * (a click picks one window, a shift-click or the two sliders a range),
 * and the functions' self seconds over that range, re-added by the
 * page's script from the per-window series it carries.
 *
 * The page stands alone, as --html's does: its data is the --json
 * document in a <script type="application/json"> block ('<', '>' and
 * '&' written as \u escapes, so that no name can close it), read with
 * textContent only; a Content-Security-Policy forbids every load and
 * every inline script but the page's own (by its SHA-256).
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sha256.h"
#include "core/util.h"
#include "timeline_page.h"

static const char style[] =
	"body{font:14px sans-serif;margin:1em 2em;color:#222}\n"
	"#strip{display:flex;align-items:flex-end;gap:2px;height:120px;border-bottom:1px solid #888;"
	"margin:1em 0 0}\n"
	"#strip div{flex:1;background:#bcd;cursor:pointer;min-height:1px}\n"
	"#strip div.on{background:#358}\n"
	"#starts{display:flex;gap:2px;font-size:11px;color:#555}\n"
	"#starts span{flex:1;text-align:center;overflow:hidden}\n"
	"table{border-collapse:collapse;margin-top:1em}\n"
	"td,th{padding:2px 10px;text-align:right}td:last-child,th:last-child{text-align:left}\n"
	"tbody tr:nth-child(odd){background:#f4f4f4}\n";

/* The script: it builds the strip, the sliders' range and the table
 * from the data block, with textContent only. */
static const char script[] =
	"\n'use strict';\n"
	"const data = JSON.parse(document.getElementById('timeline-data').textContent).timeline;\n"
	"const wins = data.windows, fns = data.functions, n = wins.length;\n"
	"const strip = document.getElementById('strip'), starts = document.getElementById('starts');\n"
	"const from = document.getElementById('from'), to = document.getElementById('to');\n"
	"const fmt = (x) => x.toFixed(2);\n"
	"const totals = wins.map((w, k) => fns.reduce((s, f) => s + f.seconds[k], 0));\n"
	"const highest = Math.max(1e-9, ...totals);\n"
	"let first = 0, last = n - 1;\n"
	"wins.forEach((w, k) => {\n"
	"  const bar = document.createElement('div');\n"
	"  bar.style.height = (100 * totals[k] / highest) + '%';\n"
	"  bar.title = w.file + ': ' + fmt(totals[k]) + ' s';\n"
	"  bar.addEventListener('click', (e) => {\n"
	"    if (e.shiftKey) { first = Math.min(first, k); last = Math.max(last, k); }\n"
	"    else { first = k; last = k; }\n"
	"    show();\n"
	"  });\n"
	"  strip.appendChild(bar);\n"
	"  const s = document.createElement('span');\n"
	"  s.textContent = w.start === null ? 'whole' : fmt(w.start);\n"
	"  starts.appendChild(s);\n"
	"});\n"
	"for (const r of [from, to]) { r.min = 0; r.max = Math.max(0, n - 1); }\n"
	"from.addEventListener('input', () => { first = +from.value; last = Math.max(first, last); show(); });\n"
	"to.addEventListener('input', () => { last = +to.value; first = Math.min(first, last); show(); });\n"
	"function show() {\n"
	"  from.value = first; to.value = last;\n"
	"  Array.from(strip.children).forEach((b, k) => b.classList.toggle('on', k >= first && k <= last));\n"
	"  const w0 = wins[first], w1 = wins[last];\n"
	"  document.getElementById('range').textContent = 'windows ' + (first + 1) + ' to ' + (last + 1) +\n"
	"    ' of ' + n + (w0.start === null || w1.end === null ? '' : ' (' + fmt(w0.start) + ' s to ' + fmt(w1.end) + ' s)');\n"
	"  const rows = fns.map((f) => [f.name, f.seconds.slice(first, last + 1).reduce((s, x) => s + x, 0)])\n"
	"    .filter((r) => r[1] > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0]));\n"
	"  const sum = rows.reduce((s, r) => s + r[1], 0);\n"
	"  const body = document.querySelector('#functions tbody');\n"
	"  body.textContent = '';\n"
	"  for (const [name, s] of rows) {\n"
	"    const tr = body.insertRow();\n"
	"    for (const t of [fmt(s), (sum > 0 ? 100 * s / sum : 0).toFixed(1), name]) tr.insertCell().textContent = t;\n"
	"  }\n"
	"}\n"
	"show();\n"
	"document.body.dataset.ready = '1';\n";

/* json's bytes, with '<', '>' and '&' as JSON's \u escapes (the
 * document has them only inside strings) */
static void put_escaped(FILE *out, const char *json, size_t size)
{
	for (size_t i = 0; i < size; i++) {
		if (json[i] == '<')
			fputs("\\u003c", out);
		else if (json[i] == '>')
			fputs("\\u003e", out);
		else if (json[i] == '&')
			fputs("\\u0026", out);
		else
			putc(json[i], out);
	}
}

void print_timeline_page(FILE *out, const char *json, size_t size)
{
	char hash[45];

	sha256_base64(script, strlen(script), hash);
	fprintf(out,
		"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"script-src 'sha256-%s'; style-src 'unsafe-inline'\">\n"
		"<meta name=\"generator\" content=\"gprof --timeline --html\">\n"
		"<title>gprof timeline</title>\n<style>\n%s</style>\n</head>\n<body>\n"
		"<noscript>This report needs JavaScript.</noscript>\n"
		"<h1>Timeline</h1>\n"
		"<p>Each window's self time; click a window, shift-click to extend the range.</p>\n"
		"<div id=\"strip\"></div>\n<div id=\"starts\"></div>\n"
		"<p><label>from <input type=\"range\" id=\"from\"></label> "
		"<label>to <input type=\"range\" id=\"to\"></label> <span id=\"range\"></span></p>\n"
		"<table id=\"functions\"><thead><tr><th>seconds</th><th>%%</th><th>name</th></tr>"
		"</thead><tbody></tbody></table>\n"
		"<script type=\"application/json\" id=\"timeline-data\">",
		hash, style);
	put_escaped(out, json, size);
	fputs("</script>\n<script>", out);
	fputs(script, out);
	fputs("</script>\n</body>\n</html>\n", out);
}
