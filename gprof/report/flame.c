/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flame.c: --flame, the call stacks as an SVG flame graph: one box per
 * function on a path from the outermost frame, as wide as the samples of
 * the stacks through that path, the callers below, the callees above.
 * The file stands alone: no script, style or font is loaded from
 * anywhere; a few lines of inline script zoom into a box when it is
 * clicked and out again when the background is, and each box's title
 * (shown when the pointer rests on it) gives its name, samples and
 * share.  Names are spelled as --folded spells them (report.c's
 * frame_name: "read [libc.so.6]" for a library's);
 * --strip shortens C++ names (labels.c) in the boxes and titles, --wrap
 * breaks the titles into lines.  --root draws only the stacks through a
 * function, from it inward; --leaf only those through a function, out
 * from it; --depth cuts them at N frames.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/view_pictures.h"
#include "report/labels.h"
#include "report/printers.h"
#include "core/util.h"

#define FLAME_WIDTH 1200.0 /* the picture, in pixels */
#define FLAME_PAD 10.0
#define FRAME_HEIGHT 16
#define CHAR_WIDTH 7.0 /* roughly, at 12px: how much of a name fits */
#define MIN_WIDTH 0.1  /* narrower boxes (and what is above them) are left out */

/* A node of the tree of paths: children in a list, made as met. */
struct flame_node {
	const struct symbol *sym; /* NULL: [unknown] */
	uint64_t samples;
	struct flame_node *parent, *first_child, *next_sibling;
	struct flame_node *kept; /* while the tree grows: the node a candidate became */
	const char *name;        /* filled when printed */
	char *to_free;
};

struct flame {
	const struct model *m;
	const struct picture_options *opt;
	struct report_out *out;
	FILE *f;
	uint64_t total;
	size_t max_depth;
};

/* Text as XML character data: markup characters escaped, bytes that are
 * not valid UTF-8 or characters XML forbids (xml_sequence_length) as
 * '?', one for each (a newline is allowed: --wrap's lines in a
 * title). */
static void put_xml(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		int n = xml_sequence_length(p);

		if (n == 0 || *p == '\r' || *p == '\t') { /* CR, tab: not in a name */
			int whole = utf8_sequence_length(p);

			putc('?', f);
			p += whole ? whole : 1;
			continue;
		}
		if (n > 1) {
			fwrite(p, 1, (size_t)n, f);
			p += n;
			continue;
		}
		switch (*p) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			putc(*p, f);
		}
		p++;
	}
}

static int compare_node_name(const void *lp, const void *rp)
{
	const struct flame_node *l = *(struct flame_node *const *)lp;
	const struct flame_node *r = *(struct flame_node *const *)rp;

	return strcmp(l->name, r->name);
}

/* A colour from the name, warm like flames, the same for the same name. */
static void fill_of(const char *name, int *r, int *g, int *b)
{
	unsigned h = 2166136261u;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	*r = 205 + (int)(h % 50);
	*g = (int)((h >> 8) % 200);
	*b = (int)((h >> 16) % 55);
}

/* One box (the root, depth 0, has none). */
static void print_box(struct flame *fl, const struct flame_node *node, size_t depth,
		      uint64_t before)
{
	FILE *f = fl->f;
	double scale = (FLAME_WIDTH - 2 * FLAME_PAD) / (double)fl->total;
	double x = FLAME_PAD + (double)before * scale, w = (double)node->samples * scale;
	int y = (int)(fl->max_depth - depth) * FRAME_HEIGHT + 2 * FRAME_HEIGHT;
	size_t fit;
	int r, g, b;

	if (depth == 0)
		return;
	fill_of(node->name, &r, &g, &b);
	fprintf(f,
		"<g class=\"frame\" data-depth=\"%zu\" data-samples=\"%llu\">"
		"<title>",
		depth, (unsigned long long)node->samples);
	if (fl->opt->wrap > 0) {
		char *wrapped = name_wrap(node->name, fl->opt->wrap);

		put_xml(f, wrapped);
		free(wrapped);
	} else {
		put_xml(f, node->name);
	}
	fprintf(f, " (%llu samples, %.2f%%)</title>", (unsigned long long)node->samples,
		100.0 * (double)node->samples / (double)fl->total);
	fprintf(f,
		"<rect x=\"%.4f\" y=\"%d\" width=\"%.4f\" height=\"%d\" "
		"fill=\"rgb(%d,%d,%d)\" rx=\"2\"/>",
		x, y, w, FRAME_HEIGHT - 1, r, g, b);
	fprintf(f, "<text x=\"%.4f\" y=\"%d\">", x + 3, y + FRAME_HEIGHT - 4);
	fit = w > 3 * CHAR_WIDTH ? (size_t)((w - 6) / CHAR_WIDTH) : 0;
	if (fit >= strlen(node->name)) {
		put_xml(f, node->name);
	} else if (fit > 2) {
		size_t k = fit - 2;
		char *cut;

		/* never cut inside a UTF-8 sequence */
		while (k > 0 && ((unsigned char)node->name[k] & 0xC0) == 0x80)
			k--;
		cut = xmalloc(k + 1);
		memcpy(cut, node->name, k);
		cut[k] = '\0';
		put_xml(f, cut);
		fputs("..", f);
		free(cut);
	}
	fputs("</text></g>\n", f);
}

static bool too_narrow(const struct flame *fl, const struct flame_node *node)
{
	return (double)node->samples * (FLAME_WIDTH - 2 * FLAME_PAD) / (double)fl->total <
	       MIN_WIDTH;
}

/* A --root or --leaf that names no function is an error, as with --dot. */
static void check_picture_symspecs(const struct model *m, const struct picture_options *opt)
{
	const struct symspec_request *r;

	for (r = opt->symspecs; r; r = r->next)
		if ((r->table == PICTURE_ROOT || r->table == PICTURE_LEAF) &&
		    !view_picture_given(m, r->table))
			fatal("%s=%s: no function of the program matches",
			      r->table == PICTURE_ROOT ? "--root" : "--leaf", r->text);
}

/* A stack while the tree grows: the node its outer frames reached. */
struct growing_stack {
	const uint64_t *frames;
	size_t outer, levels; /* the outermost frame drawn, how many are */
	uint64_t samples;
	struct flame_node *node;
	size_t candidate;
};

static uint64_t add_samples(uint64_t a, uint64_t b)
{
	/* samples saturate: a total that wraps would divide by nonsense */
	return a + b < a ? UINT64_MAX : a + b;
}

/* The tree of the boxes to draw, grown a level (a depth) at a time: the
 * level's candidate nodes, by (parent, function), gather the samples of
 * the stacks still growing; those too narrow to see are dropped with the
 * stacks through them.  So the tree holds only what is drawn, and each
 * frame is visited once: a million distinct stacks never become ten
 * million nodes.  Returns how many paths were dropped (each counted at
 * the depth where it became too narrow). */
static size_t grow_tree(struct flame *fl, struct flame_node *root)
{
	const struct model_stacks *st = &fl->m->process.stacks;
	struct growing_stack *live = xmalloc((st->count + 1) * sizeof(*live));
	struct frame_cache *cache = frame_cache_new();
	struct flame_node *pool = NULL;
	const struct symbol **frames = NULL;
	bool picked = view_picture_given(fl->m, PICTURE_ROOT) ||
		      view_picture_given(fl->m, PICTURE_LEAF);
	size_t *slot = NULL, n = 0, w, i, narrow = 0, level, room = 0;

	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d, outer = depth - 1, inner = 0;

		w += 2 + depth;
		if (stack[0] == 0)
			continue;
		if (picked) { /* --root, --leaf: only the part between them */
			if (depth > room) {
				room = 2 * depth;
				frames = xrealloc(frames, room * sizeof(*frames));
			}
			for (d = 0; d < depth; d++)
				frames[d] = frame_cache_symbol(fl->m, cache, stack + 2, d);
			if (!picture_frames_kept(fl->m, fl->opt->depth, frames, depth, &outer,
						 &inner))
				continue;
		}
		fl->total = add_samples(fl->total, stack[0]);
		if (depth > 0)
			live[n++] = (struct growing_stack){ stack + 2, outer, outer + 1 - inner,
							    stack[0],  root,  0 };
	}
	free(frames);
	root->samples = fl->total;
	for (level = 0; n > 0; level++) {
		size_t size = 16, used = 0, out = 0, k;

		while (size < 2 * n)
			size *= 2;
		pool = xrealloc(pool, n * sizeof(*pool));
		slot = xrealloc(slot, size * sizeof(*slot));
		memset(slot, 0, size * sizeof(*slot)); /* pool index + 1; 0 = empty */
		for (i = 0; i < n; i++) {
			struct growing_stack *g = &live[i];
			const struct symbol *sym =
				frame_cache_symbol(fl->m, cache, g->frames, g->outer - level);
			uint64_t h = (uint64_t)(uintptr_t)g->node * 0x9E3779B97F4A7C15ull ^
				     (uint64_t)(uintptr_t)sym * 0xC2B2AE3D27D4EB4Full;

			for (k = (size_t)(h ^ (h >> 29)) & (size - 1); slot[k];
			     k = (k + 1) & (size - 1))
				if (pool[slot[k] - 1].parent == g->node &&
				    pool[slot[k] - 1].sym == sym)
					break;
			if (slot[k] == 0) {
				pool[used] = (struct flame_node){ .sym = sym, .parent = g->node };
				slot[k] = ++used;
			}
			g->candidate = slot[k] - 1;
			pool[g->candidate].samples =
				add_samples(pool[g->candidate].samples, g->samples);
		}
		for (k = 0; k < used; k++) {
			struct flame_node *c = &pool[k], *keep;

			if (too_narrow(fl, c)) {
				narrow++;
				continue;
			}
			keep = xcalloc(1, sizeof(*keep));
			keep->sym = c->sym;
			keep->samples = c->samples;
			keep->parent = c->parent;
			keep->next_sibling = c->parent->first_child;
			c->parent->first_child = keep;
			c->kept = keep;
			fl->max_depth = level + 1;
		}
		for (i = 0; i < n; i++) {
			struct growing_stack g = live[i];

			g.node = pool[g.candidate].kept;
			if (g.node && g.levels > level + 1)
				live[out++] = g;
		}
		n = out;
	}
	free(slot);
	free(pool);
	free(cache);
	free(live);
	return narrow;
}

/* The boxes in pre-order, each node's children by name, left to right.
 * A loop with its own stack, not recursion: a hostile file's stack may
 * be millions of frames deep. */
struct walk_item {
	struct flame_node *node;
	size_t depth;
	uint64_t before;
};

static void print_tree(struct flame *fl, struct flame_node *root)
{
	struct walk_item *todo = xmalloc(sizeof(*todo));
	struct flame_node **kids = NULL;
	size_t count = 0, room = 1, kid_room = 0;

	todo[count++] = (struct walk_item){ root, 0, 0 };
	while (count) {
		struct walk_item item = todo[--count];
		struct flame_node *c;
		uint64_t before = item.before;
		size_t n = 0, i;

		print_box(fl, item.node, item.depth, item.before);
		for (c = item.node->first_child; c; c = c->next_sibling)
			n++;
		if (n > kid_room) {
			kid_room = 2 * n;
			kids = xrealloc(kids, kid_room * sizeof(*kids));
		}
		n = 0;
		for (c = item.node->first_child; c; c = c->next_sibling) {
			if (c->sym == NULL) {
				c->name = "[unknown]";
			} else if (fl->opt->strip) {
				char *to_free, *stripped = name_strip(
						       display_name(fl->out, c->sym, &to_free));

				c->name = c->to_free = frame_name_as(c->sym, stripped);
				free(stripped);
				free(to_free);
			} else {
				c->name = c->to_free = frame_name(fl->out, c->sym);
			}
			kids[n++] = c;
		}
		/* by the name the box shows (--strip is this format's own
		 * option): the order of the picture's text */
		qsort(kids, n, sizeof(*kids), compare_node_name);
		if (count + n > room) {
			room = 2 * (count + n);
			todo = xrealloc(todo, room * sizeof(*todo));
		}
		/* pushed right to left, so that the leftmost is printed first;
		 * boxes too narrow to see are not drawn */
		for (i = n; i-- > 0;)
			before += kids[i]->samples;
		for (i = n; i-- > 0;) {
			before -= kids[i]->samples;
			if (too_narrow(fl, kids[i]))
				continue;
			todo[count++] = (struct walk_item){ kids[i], item.depth + 1, before };
		}
	}
	free(kids);
	free(todo);
}

static void free_tree(struct flame_node *root)
{
	struct flame_node **todo = xmalloc(sizeof(*todo)), *c;
	size_t count = 0, room = 1;

	todo[count++] = root;
	while (count) {
		struct flame_node *node = todo[--count];

		for (c = node->first_child; c; c = c->next_sibling) {
			if (count == room) {
				room *= 2;
				todo = xrealloc(todo, room * sizeof(*todo));
			}
			todo[count++] = c;
		}
		free(node->to_free);
		free(node);
	}
	free(todo);
}

/* Zoom: a click on a box makes it the whole width (its callers too),
 * hiding what is beside it; a click elsewhere shows everything again. */
static const char flame_script[] =
	"var W = %.1f, P = %.1f, C = %.1f;\n"
	"function boxes() { return document.querySelectorAll('g.frame'); }\n"
	"function label(g, w) {\n"
	"  var t = g.querySelector('text'), n = g.getAttribute('data-name');\n"
	"  var fit = w > 3 * C ? Math.floor((w - 6) / C) : 0;\n"
	"  t.textContent = fit >= n.length ? n : fit > 2 ? n.slice(0, fit - 2) + '..' : '';\n"
	"}\n"
	"function place(g, x, w) {\n"
	"  var r = g.querySelector('rect');\n"
	"  r.setAttribute('x', x); r.setAttribute('width', w);\n"
	"  g.querySelector('text').setAttribute('x', x + 3); label(g, w);\n"
	"}\n"
	"function zoom(z) {\n"
	"  var zx = +z.getAttribute('data-x'), zw = +z.getAttribute('data-w');\n"
	"  var zd = +z.getAttribute('data-depth');\n"
	"  boxes().forEach(function (g) {\n"
	"    var x = +g.getAttribute('data-x'), w = +g.getAttribute('data-w');\n"
	"    var d = +g.getAttribute('data-depth'), s = (W - 2 * P) / zw;\n"
	"    if (x + w <= zx + 1e-9 || x >= zx + zw - 1e-9) { g.style.display = 'none'; return; }\n"
	"    g.style.display = '';\n"
	"    if (d <= zd) place(g, P, W - 2 * P);\n"
	"    else place(g, P + (x - zx) * s, w * s);\n"
	"  });\n"
	"}\n"
	"function reset() {\n"
	"  boxes().forEach(function (g) {\n"
	"    g.style.display = '';\n"
	"    place(g, +g.getAttribute('data-x'), +g.getAttribute('data-w'));\n"
	"  });\n"
	"}\n"
	"boxes().forEach(function (g) {\n"
	"  var r = g.querySelector('rect');\n"
	"  g.setAttribute('data-x', r.getAttribute('x'));\n"
	"  g.setAttribute('data-w', r.getAttribute('width'));\n"
	"  g.setAttribute('data-name', g.querySelector('title').textContent.replace(/ \\([0-9]+ samples, [0-9.]+%%\\)$/, '').replace(/\\n/g, ''));\n"
	"  g.addEventListener('click', function (e) { e.stopPropagation(); zoom(g); });\n"
	"});\n"
	"document.querySelector('rect.background').addEventListener('click', reset);\n";

void print_flame(const struct view *v, const struct picture_options *opt, struct report_out *out)
{
	const struct model *m = v->model;
	const struct model_stacks *st = &m->process.stacks;
	struct flame fl = { m, opt, out, out->file, 0, 0 };
	struct flame_node *root = xcalloc(1, sizeof(*root));
	size_t height, narrow;
	FILE *f = out->file;
	char sentence[256];

	if (!st->present || st->samples == 0)
		fatal("the profile has no call stacks: record them with libgmon's stack sampling "
		      "(GMON_STACK_DEPTH, doc/runtime.md) to get --flame");
	check_picture_symspecs(m, opt);
	narrow = grow_tree(&fl, root);
	if (fl.total == 0)
		fatal("--flame: no call stack goes through the functions --root and --leaf name");
	height = (fl.max_depth + 3) * FRAME_HEIGHT;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
		"height=\"%zu\" viewBox=\"0 0 %.0f %zu\" font-family=\"monospace\" "
		"font-size=\"12\">\n",
		FLAME_WIDTH, height, FLAME_WIDTH, height);
	fprintf(f,
		"<style>g.frame { cursor: pointer; } g.frame:hover rect { stroke: #000; "
		"stroke-width: 0.5; }</style>\n");
	if (report_overhead_sentence(m, sentence, sizeof(sentence))) {
		fprintf(f, "<desc>");
		put_xml(f, sentence);
		fprintf(f, "</desc>\n");
	}
	fprintf(f,
		"<rect class=\"background\" x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" "
		"fill=\"#fdfaf4\"/>\n");
	fprintf(f,
		"<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\" font-size=\"14\">Flame graph: ",
		FLAME_WIDTH / 2, FRAME_HEIGHT + 2);
	put_xml(f, m->objects[0]->name ? m->objects[0]->name : m->objects[0]->path);
	fprintf(f, ", %llu samples in %zu stacks", (unsigned long long)fl.total, st->count);
	if (narrow)
		fprintf(f, ", %zu %s narrower than %.1f px not drawn", narrow,
			narrow == 1 ? "path" : "paths", MIN_WIDTH);
	fprintf(f, " (click a box to zoom, the background to reset)</text>\n");
	print_tree(&fl, root);
	fprintf(f, "<script type=\"text/ecmascript\"><![CDATA[\n");
	fprintf(f, flame_script, FLAME_WIDTH, FLAME_PAD, CHAR_WIDTH);
	fprintf(f, "]]></script>\n</svg>\n");
	free_tree(root);
}
