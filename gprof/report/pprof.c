/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pprof.c: --pprof, the profile in pprof's format: a gzip-compressed
 * protocol buffer of the message perftools.profiles.Profile
 * (proto/profile.proto, as the pprof project publishes it), which
 * `go tool pprof`, Pyroscope, Parca and other continuous profilers read.
 * protobuf-c encodes it (from the code protoc-c generates at build time)
 * and zlib compresses it.
 *
 * Sample types: samples (count) and cpu (nanoseconds, the default).
 *
 *   - With call stacks (the process file's tag 5), every distinct stack
 *     is one sample, its frames as they were recorded: the sampled pc
 *     for the innermost frame, the call's last byte (return address - 1)
 *     for the others.
 *   - Without them, the flat profile: each function's self time in
 *     one-frame samples, one per line of its code (the histogram's bins
 *     shared among the lines they cover by bytes, as -l shares them,
 *     then scaled to the function's self time); and a third sample type,
 *     calls (count), carried by two-frame samples (callee, caller), one
 *     per arc of the call graph, whose locations are the functions (at
 *     their address, on their first line).
 *
 * A comment in the profile says which.  A location is a source line:
 * the addresses with the same line and the same chain of inlined calls
 * (the view's view_line_chain, from the DWARF inline tree) share one;
 * without a line, an address is a location of its own.  Its lines are
 * pprof's frames, innermost first: the line of the code, in the
 * innermost inlined function, then each inlined call's line in the
 * function it was inlined into, the last in the symbol's function.  Every function has its name
 * (demangled as the reports show it, the symbol's own name as the system
 * name), its source file and its start line: the line that declares it,
 * lowered to its lowest line with code if need be, since `go tool pprof
 * -list` shows no line above it.  Every object is a mapping (path,
 * build-id), the executable first.  Addresses are the model's (object k's
 * own addresses plus k << 48: model.h), so that objects never overlap.
 *
 * Self times are fractions of samples where a histogram bin straddles
 * two functions; they are rounded so that the rounded values add up to
 * the rounded total (each off by less than one sample).
 *
 * The whole file is made in memory and written at once: an error leaves
 * nothing half-written on the output.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <demangle.h>
#include <zlib.h>

#include "core/intern.h"
#include "analysis/view_lines.h"
#include "analysis/views.h"
#include "report/printers.h"
#include "report/proto/profile.pb-c.h"
#include "core/util.h"

typedef Perftools__Profiles__Profile pb_profile;
typedef Perftools__Profiles__ValueType pb_value_type;
typedef Perftools__Profiles__Sample pb_sample;
typedef Perftools__Profiles__Mapping pb_mapping;
typedef Perftools__Profiles__Location pb_location;
typedef Perftools__Profiles__Line pb_line;
typedef Perftools__Profiles__Function pb_function;
typedef Perftools__Profiles__Label pb_label;

/* ---------------------------------------------------------------- strings */

/* The index of s in the profile's string table ([0] is ""), added if
 * new: a copy, kept as a terminal may show it (text_printable: pprof's
 * strings must be UTF-8, and its reports are read on terminals). */
static int64_t string_index(struct intern_table *t, const char *raw)
{
	char *copy;
	const char *s = text_printable(raw, &copy);
	bool added;
	size_t index = intern_string(t, s, &added);

	if (added)
		t->strings[index] = copy ? copy : xstrdup(s);
	else
		free(copy);
	return (int64_t)index;
}

/* ---------------------------------------------------------------- the profile being made */

struct pprof {
	const struct view *v;
	const struct model *m;
	struct report_out *out;
	pb_profile profile;
	struct intern_table strings; /* the profile's string table */

	pb_mapping *mappings; /* one per object, [0] the executable */
	pb_mapping **mapping_list;

	pb_function *functions; /* [0] "[unknown]", then as first met */
	size_t function_count, function_capacity;
	uint64_t *function_of_symbol;     /* by place in m->symbols: id, 0 if none yet */
	uint64_t unknown_function;        /* id of "[unknown]", 0 if none yet */
	struct intern_table inline_names; /* inlined functions: "name\nfile\nline" */
	uint64_t *function_of_inline;     /* ... their ids, by number */

	pb_location *locations;
	size_t location_count, location_capacity;
	size_t *first_line; /* by location: its lines' place in lines */
	pb_line *lines;     /* every location's, innermost first */
	size_t line_count, line_capacity;
	struct intern_table location_keys; /* a location's mapping and lines, as text */
	uint64_t *location_of_key;         /* ... its id, by number */
	uint64_t *location_of_symbol;      /* function-level locations (flat arcs) */
	uint64_t unknown_location;
	struct address_slot *address_slots; /* address -> location, open addressing */
	size_t address_count, address_slot_count;

	pb_sample *samples;
	size_t sample_count;
	pb_label *thread_labels; /* 2 per thread: "thread" "NAME TID", "thread_id" TID */
	pb_label **thread_label_list;
	uint64_t *location_ids; /* every sample's, one array */
	int64_t *values;        /* every sample's, value_count each */
	size_t value_count;
};

struct address_slot {
	uint64_t address;
	uint64_t location; /* id, 0: empty */
};

/* A model address as its object's own. */
static uint64_t own_address(const struct view_object *obj, uint64_t address)
{
	if (obj == NULL || address == MODEL_UNKNOWN_ADDRESS)
		return address;
	return address - obj->model_base;
}

static pb_function *new_function(struct pprof *p)
{
	pb_function *fn;

	if (p->function_count == p->function_capacity) {
		p->function_capacity = p->function_capacity ? 2 * p->function_capacity : 256;
		p->functions = xrealloc(p->functions, p->function_capacity * sizeof(*p->functions));
	}
	fn = &p->functions[p->function_count];
	perftools__profiles__function__init(fn);
	fn->id = ++p->function_count;
	return fn;
}

/* A PLT stub ("sin@plt", BFD's synthetic symbol): code with no source,
 * outside the .text that `go tool pprof` disassembles (its -weblist
 * fails on an address below .text), so a location of no mapping, a
 * function of no file: pprof names it and lists nothing for it. */
static bool is_plt_stub(const struct symbol *sym)
{
	size_t n = sym && sym->name ? strlen(sym->name) : 0;

	return n > 4 && strcmp(sym->name + n - 4, "@plt") == 0;
}

static uint64_t function_id(struct pprof *p, const struct symbol *sym)
{
	pb_function *fn;
	uint64_t *slot = sym ? &p->function_of_symbol[sym - p->m->symbols.base]
			     : &p->unknown_function;

	if (*slot)
		return *slot;
	fn = new_function(p);
	if (sym) {
		char *to_free = NULL;
		const char *file = NULL;
		int line = 0, declared;

		fn->name = string_index(&p->strings, display_name(p->out, sym, &to_free));
		free(to_free);
		fn->system_name = string_index(&p->strings, sym->name);
		fn->start_line = sym->line;
		if (sym->file)
			fn->filename = string_index(&p->strings, sym->file->name);
		else if (sym->object && !is_plt_stub(sym) &&
			 view_line_of(sym, sym->address, &file, &line))
			/* a library's function: its file from the line table */
			fn->filename = string_index(&p->strings, file);
		/* the line that declares it, when in its file (pprof -list
		 * shows no line above it); add_line lowers it to the lowest
		 * line of its code if need be */
		declared = view_decl_line(p->v->dwarf, sym);
		if (declared > 0)
			fn->start_line = declared;
	} else {
		fn->name = fn->system_name = string_index(&p->strings, "[unknown]");
	}
	*slot = fn->id;
	return fn->id;
}

/* An inlined function, by its name and where it is declared. */
static uint64_t inline_function_id(struct pprof *p, const struct view_line_level *f)
{
	const char *name = f->function ? f->function : "[inlined]";
	char *key = xmalloc(strlen(name) + (f->decl_file ? strlen(f->decl_file) : 0) + 16);
	bool added;
	size_t index;
	pb_function *fn;

	sprintf(key, "%s\n%s\n%d", name, f->decl_file ? f->decl_file : "", f->decl_line);
	index = intern_string(&p->inline_names, key, &added);
	if (!added) {
		free(key);
		return p->function_of_inline[index];
	}
	p->function_of_inline = xrealloc(p->function_of_inline,
					 p->inline_names.count * sizeof(*p->function_of_inline));
	fn = new_function(p);
	if (p->out->names->demangle) {
		char *demangled = cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI);

		fn->name = string_index(&p->strings, demangled ? demangled : name);
		free(demangled);
	} else {
		fn->name = string_index(&p->strings, name);
	}
	fn->system_name = string_index(&p->strings, f->raw_name ? f->raw_name : name);
	if (f->decl_file)
		fn->filename = string_index(&p->strings, f->decl_file);
	fn->start_line = f->decl_line;
	p->function_of_inline[index] = fn->id;
	return fn->id;
}

/* The mapping of an object: its place in the view's objects, plus 1. */
static uint64_t mapping_id(const struct view *v, const struct object *obj)
{
	size_t k;

	for (k = 0; k < v->object_count; k++)
		if (v->objects[k].object == obj)
			return k + 1;
	return 0;
}

static void add_line(struct pprof *p, uint64_t function, int line)
{
	pb_line *l;
	pb_function *fn = &p->functions[function - 1];

	if (p->line_count == p->line_capacity) {
		p->line_capacity = p->line_capacity ? 2 * p->line_capacity : 1024;
		p->lines = xrealloc(p->lines, p->line_capacity * sizeof(*p->lines));
	}
	l = &p->lines[p->line_count++];
	perftools__profiles__line__init(l);
	l->function_id = function;
	l->line = line;
	if (line > 0 && (fn->start_line <= 0 || line < fn->start_line))
		fn->start_line = line;
}

/* A location whose lines are those now at the end of p->lines (from
 * first on), at address; or the one made before with the same mapping
 * and lines (key), whose lines are then dropped. */
static uint64_t add_location(struct pprof *p, uint64_t address, uint64_t mapping, size_t first,
			     const char *key)
{
	pb_location *loc;
	size_t index = 0;
	bool added = true;

	if (key) {
		char *copy = xstrdup(key);

		index = intern_string(&p->location_keys, copy, &added);
		if (!added) {
			free(copy);
			p->line_count = first;
			return p->location_of_key[index];
		}
		p->location_of_key = xrealloc(p->location_of_key,
					      p->location_keys.count * sizeof(*p->location_of_key));
	}
	if (p->location_count == p->location_capacity) {
		p->location_capacity = p->location_capacity ? 2 * p->location_capacity : 1024;
		p->locations = xrealloc(p->locations, p->location_capacity * sizeof(*p->locations));
		p->first_line =
			xrealloc(p->first_line, p->location_capacity * sizeof(*p->first_line));
	}
	loc = &p->locations[p->location_count];
	perftools__profiles__location__init(loc);
	loc->id = ++p->location_count;
	loc->address = own_address(mapping ? &p->v->objects[mapping - 1] : NULL, address);
	loc->mapping_id = mapping;
	loc->n_line = p->line_count - first;
	p->first_line[p->location_count - 1] = first;
	if (key)
		p->location_of_key[index] = loc->id;
	return loc->id;
}

/* A function's location (the flat profile's calls): at its address, its
 * first line. */
static uint64_t function_location_id(struct pprof *p, const struct symbol *sym)
{
	uint64_t *slot = sym ? &p->location_of_symbol[sym - p->m->symbols.base]
			     : &p->unknown_location;
	size_t first = p->line_count;

	if (*slot == 0) {
		add_line(p, function_id(p, sym), sym ? sym->line : 0);
		*slot = add_location(p, sym ? sym->address : MODEL_UNKNOWN_ADDRESS,
				     sym && sym->object && !is_plt_stub(sym)
					     ? mapping_id(p->v, sym->object)
					     : 0,
				     first, NULL);
	}
	return *slot;
}

/* The location of the code at a model address, in sym: one per
 * distinct line and chain of inlined calls (one per address where the
 * debug information gives no line).  Its lines, innermost first: the
 * line's, in the innermost inlined function, then each call's, in the
 * function it was inlined into, the last in sym. */
static uint64_t line_location_id(struct pprof *p, uint64_t address, const struct symbol *sym)
{
	const struct object *obj = sym ? sym->object : NULL;
	struct view_line_level levels[VIEW_LINE_LEVELS_MAX];
	struct address_slot *slot;
	size_t mask, n, i, first = p->line_count, used;
	uint64_t mapping = obj && !is_plt_stub(sym) ? mapping_id(p->v, obj) : 0, id;
	char *key;

	if (2 * (p->address_count + 1) > p->address_slot_count) {
		struct address_slot *old = p->address_slots;
		size_t k, old_count = p->address_slot_count;

		p->address_slot_count = old_count ? 2 * old_count : 1024;
		p->address_slots = xcalloc(p->address_slot_count, sizeof(*p->address_slots));
		for (k = 0; k < old_count; k++) {
			if (old[k].location == 0)
				continue;
			mask = p->address_slot_count - 1;
			i = (size_t)((old[k].address * 0x9E3779B97F4A7C15ull) >> 20) & mask;
			while (p->address_slots[i].location)
				i = (i + 1) & mask;
			p->address_slots[i] = old[k];
		}
		free(old);
	}
	mask = p->address_slot_count - 1;
	i = (size_t)((address * 0x9E3779B97F4A7C15ull) >> 20) & mask;
	while (p->address_slots[i].location) {
		if (p->address_slots[i].address == address)
			return p->address_slots[i].location;
		i = (i + 1) & mask;
	}
	slot = &p->address_slots[i];

	n = view_line_chain(p->v->dwarf, sym, address, levels, VIEW_LINE_LEVELS_MAX);
	key = xmalloc(48 + 48 * (n + 1));
	used = (size_t)sprintf(key, "%" PRIu64, mapping);
	if (n == 0) /* no line: a location of its own */
		used += (size_t)sprintf(key + used, "@%" PRIx64, address);
	for (i = 0; i + 1 < n; i++) {
		uint64_t fid = inline_function_id(p, &levels[i]);

		add_line(p, fid, levels[i].line);
		used += (size_t)sprintf(key + used, ";%" PRIu64 ":%d", fid, levels[i].line);
	}
	id = function_id(p, sym);
	add_line(p, id, n ? levels[n - 1].line : sym ? sym->line : 0);
	sprintf(key + used, ";%" PRIu64 ":%" PRId64, id, p->lines[p->line_count - 1].line);
	id = add_location(p, address, mapping, first, key);
	free(key);
	slot->address = address;
	slot->location = id;
	p->address_count++;
	return id;
}

static void add_sample(struct pprof *p, size_t *location_used, const int64_t *values)
{
	pb_sample *s = &p->samples[p->sample_count++];
	size_t v;

	perftools__profiles__sample__init(s);
	s->location_id = p->location_ids + *location_used;
	s->value = p->values + (p->sample_count - 1) * p->value_count;
	s->n_value = p->value_count;
	for (v = 0; v < p->value_count; v++)
		s->value[v] = values[v];
}

/* ---------------------------------------------------------------- samples */

/* A value as the profile holds it: whole, 0 to INT64_MAX (a hostile
 * file's counts times the period can pass it). */
static int64_t whole(double x)
{
	if (!(x > 0.0))
		return 0;
	return x >= 9.2e18 ? INT64_MAX : (int64_t)llround(x);
}

/* Each thread's labels (doc/manual.md, "One flat profile per thread"):
 * "thread", its name and id as one string ("worker 4242":
 * -tagfocus=thread=worker picks by name, -tagroot=thread gives each
 * thread a root), and "thread_id", the id as a number. */
static void add_thread_labels(struct pprof *p)
{
	const struct model *m = p->m;
	size_t t, n = m->process.thread_count;
	int64_t thread_key, id_key;

	if (n == 0)
		return;
	thread_key = string_index(&p->strings, "thread");
	id_key = string_index(&p->strings, "thread_id");
	p->thread_labels = xcalloc(2 * n, sizeof(*p->thread_labels));
	p->thread_label_list = xcalloc(2 * n, sizeof(*p->thread_label_list));
	for (t = 0; t < n; t++) {
		const struct model_thread *th = &m->process.threads[t];
		size_t size = strlen(th->name) + 16;
		char *value = xmalloc(size);

		snprintf(value, size, "%s %u", th->name, th->tid);
		perftools__profiles__label__init(&p->thread_labels[2 * t]);
		p->thread_labels[2 * t].key = thread_key;
		p->thread_labels[2 * t].str = string_index(&p->strings, value);
		perftools__profiles__label__init(&p->thread_labels[2 * t + 1]);
		p->thread_labels[2 * t + 1].key = id_key;
		p->thread_labels[2 * t + 1].num = th->tid;
		p->thread_label_list[2 * t] = &p->thread_labels[2 * t];
		p->thread_label_list[2 * t + 1] = &p->thread_labels[2 * t + 1];
		free(value);
	}
}

/* Every distinct call stack, one sample each. */
static void add_stacks(struct pprof *p, double period)
{
	const struct model_stacks *st = &p->m->process.stacks;
	size_t w, used = 0;

	add_thread_labels(p);
	p->samples = xcalloc(st->count ? st->count : 1, sizeof(*p->samples));
	p->location_ids = xmalloc((st->word_count ? st->word_count : 1) * sizeof(uint64_t));
	p->values = xmalloc((st->count ? st->count : 1) * p->value_count * sizeof(int64_t));
	for (w = 0; w < st->word_count;) {
		const uint64_t *stack = st->words + w;
		size_t depth = (size_t)(stack[1] >> 32), d;
		int64_t values[2];
		pb_sample *s;

		w += 2 + depth;
		if (stack[0] == 0 || depth == 0)
			continue;
		values[0] = stack[0] > INT64_MAX ? INT64_MAX : (int64_t)stack[0];
		values[1] = whole((double)values[0] * period);
		add_sample(p, &used, values);
		s = &p->samples[p->sample_count - 1];
		if (MODEL_STACK_THREAD(stack[1]) && p->thread_labels) {
			s->n_label = 2;
			s->label = &p->thread_label_list[2 * (MODEL_STACK_THREAD(stack[1]) - 1)];
		}
		for (d = 0; d < depth; d++) {
			uint64_t a = stack[2 + d];

			/* a return address: the call is its previous byte */
			if (d > 0 && a != MODEL_UNKNOWN_ADDRESS)
				a--;
			p->location_ids[used++] =
				line_location_id(p, a, stack_frame_symbol(p->m, stack + 2, d));
		}
		s->n_location_id = depth;
	}
}

/* Rounded so that the values add up to the rounded sum: each is the
 * rounded running sum less the previous one. */
struct rounding {
	double sum;
	int64_t given;
};

static int64_t rounded_share(struct rounding *r, double x)
{
	int64_t next, share;

	r->sum += x;
	next = whole(r->sum);
	share = next - r->given;
	r->given = next;
	return share;
}

/* A function's self time on one location (a line of its code). */
struct line_share {
	uint64_t location;
	double ticks;
};

struct line_shares {
	struct line_share *shares;
	size_t count, capacity;
	double *ticks_of_location; /* by location id - 1, while one function is split */
	size_t ticks_size;
};

static void share_add(struct pprof *p, struct line_shares *ls, uint64_t location, double ticks)
{
	if (location > ls->ticks_size) {
		size_t n = 2 * p->location_count + 64;

		ls->ticks_of_location =
			xrealloc(ls->ticks_of_location, n * sizeof(*ls->ticks_of_location));
		memset(ls->ticks_of_location + ls->ticks_size, 0,
		       (n - ls->ticks_size) * sizeof(*ls->ticks_of_location));
		ls->ticks_size = n;
	}
	if (ls->ticks_of_location[location - 1] == 0.0) {
		if (ls->count == ls->capacity) {
			ls->capacity = ls->capacity ? 2 * ls->capacity : 256;
			ls->shares = xrealloc(ls->shares, ls->capacity * sizeof(*ls->shares));
		}
		ls->shares[ls->count++] = (struct line_share){ location, 0.0 };
	}
	ls->ticks_of_location[location - 1] += ticks;
}

/* view_ticks_by_line's pieces as shares of the symbol at place i */
struct line_pieces {
	struct pprof *p;
	struct line_shares *ls;
	const struct symbol *sym;
};

static void add_piece(void *ctx, uint64_t at, double ticks)
{
	struct line_pieces *lp = ctx;

	share_add(lp->p, lp->ls, line_location_id(lp->p, at, lp->sym), ticks);
}

/* The symbol at place i's self time by the lines of its code: each
 * histogram bin over its range (from its address to the next symbol's)
 * shared among the lines it covers by their bytes, as -l shares it among
 * line symbols; then scaled to the flat profile's self time. */
static void split_by_lines(struct pprof *p, struct line_shares *ls, size_t i)
{
	const struct symbol *sym = &p->m->symbols.base[i];
	struct line_pieces lp = { p, ls, sym };
	size_t first = ls->count, k;
	double raw = view_ticks_by_line(p->m, i, add_piece, &lp);

	for (k = first; k < ls->count; k++) {
		struct line_share *s = &ls->shares[k];

		s->ticks = raw > 0.0
				   ? sym->self_ticks * ls->ticks_of_location[s->location - 1] / raw
				   : 0.0;
		ls->ticks_of_location[s->location - 1] = 0.0;
	}
	if (!(raw > 0.0)) { /* its samples are outside its code (a bin it shares) */
		ls->count = first;
		share_add(p, ls, line_location_id(p, sym->address, sym), sym->self_ticks);
		ls->shares[ls->count - 1].ticks = sym->self_ticks;
		ls->ticks_of_location[ls->shares[ls->count - 1].location - 1] = 0.0;
	}
}

/* The flat profile's self times, by line, and the arcs' counts. */
static void add_flat(struct pprof *p, double period)
{
	const struct model *m = p->m;
	const struct symbol_table *symtab = &m->symbols;
	struct rounding samples = { 0, 0 }, cpu = { 0, 0 };
	struct line_shares ls = { NULL, 0, 0, NULL, 0 };
	size_t i, used = 0, room;
	double credited = 0.0;
	int64_t values[3];

	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];

		if (sym->hidden || sym->alias_of || !(sym->self_ticks > 0.0))
			continue;
		credited += sym->self_ticks;
		split_by_lines(p, &ls, i);
	}
	room = ls.count + m->arcs.all_count + m->arcs.self_count + 1;
	p->samples = xcalloc(room, sizeof(*p->samples));
	p->location_ids = xmalloc(2 * room * sizeof(uint64_t));
	p->values = xmalloc(room * p->value_count * sizeof(int64_t));
	for (i = 0; i < ls.count; i++) {
		values[0] = rounded_share(&samples, ls.shares[i].ticks);
		values[1] = rounded_share(&cpu, ls.shares[i].ticks * period);
		values[2] = 0;
		if (values[0] == 0 && values[1] == 0)
			continue;
		add_sample(p, &used, values);
		p->location_ids[used++] = ls.shares[i].location;
		p->samples[p->sample_count - 1].n_location_id = 1;
	}
	free(ls.shares);
	free(ls.ticks_of_location);
	/* samples in no function's range count in the total all the same */
	if (m->total_ticks - credited >= 0.5) {
		values[0] = rounded_share(&samples, m->total_ticks - credited);
		values[1] = rounded_share(&cpu, (m->total_ticks - credited) * period);
		values[2] = 0;
		add_sample(p, &used, values);
		p->location_ids[used++] = function_location_id(p, NULL);
		p->samples[p->sample_count - 1].n_location_id = 1;
	}
	for (i = 0; i < m->arcs.all_count + m->arcs.self_count; i++) {
		const struct arc *arc = i < m->arcs.all_count ? m->arcs.all[i]
							      : m->arcs.self[i - m->arcs.all_count];

		if (arc->count == 0 || arc->parent->hidden || arc->child->hidden)
			continue;
		values[0] = values[1] = 0;
		values[2] = arc->count > INT64_MAX ? INT64_MAX : (int64_t)arc->count;
		add_sample(p, &used, values);
		p->location_ids[used++] = function_location_id(p, arc->child);
		p->location_ids[used++] = function_location_id(p, arc->parent);
		p->samples[p->sample_count - 1].n_location_id = 2;
	}
}

/* ---------------------------------------------------------------- mappings */

/* Every object of the view, as mapped (view_object: from the first run
 * that recorded it, else its code sections).  Locations and mappings are
 * in each object's own (link-time) addresses, with the file offset of
 * its code: `go tool pprof` (Go's) does not relocate a location's
 * address into its file (its ObjAddr is the identity), so that -disasm
 * and -weblist find the code only at the file's own addresses; pprof's
 * own tool computes the same from the mapping's start and offset.  Two
 * objects' ranges may then overlap: each location names its mapping. */
static void add_mappings(struct pprof *p)
{
	const struct view *v = p->v;
	const struct symbol_table *symtab = &p->m->symbols;
	size_t k, i;

	p->mappings = xcalloc(v->object_count ? v->object_count : 1, sizeof(*p->mappings));
	p->mapping_list = xcalloc(v->object_count ? v->object_count : 1, sizeof(*p->mapping_list));
	for (k = 0; k < v->object_count; k++) {
		const struct view_object *obj = &v->objects[k];
		pb_mapping *map = &p->mappings[k];

		perftools__profiles__mapping__init(map);
		map->id = k + 1;
		map->memory_start = UINT64_MAX;
		map->filename = string_index(&p->strings, obj->path ? obj->path : "");
		if (obj->build_id_size) {
			char *hex = xmalloc(2 * obj->build_id_size + 1);
			size_t b;

			for (b = 0; b < obj->build_id_size; b++)
				sprintf(hex + 2 * b, "%02x", obj->build_id[b]);
			map->build_id = string_index(&p->strings, hex);
			free(hex);
		}
		map->has_functions = map->has_filenames = map->has_line_numbers = true;
		p->mapping_list[k] = map;
		/* the code as mapped: from a page boundary, as the process's
		 * maps list it, and the file offset there */
		if (obj->has_text && obj->mapped_high > obj->mapped_low) {
			uint64_t low = obj->mapped_low & ~(uint64_t)4095;

			map->memory_start = low;
			map->memory_limit = obj->mapped_high;
			map->file_offset = (low - obj->text_vma + obj->text_filepos) &
					   ~(uint64_t)4095;
		}
	}
	/* an object without its file: the range of its symbols */
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		uint64_t id = sym->object ? mapping_id(v, sym->object) : 0;
		pb_mapping *map = id ? &p->mappings[id - 1] : NULL;
		const struct view_object *obj = id ? &v->objects[id - 1] : NULL;
		uint64_t start, end;

		if (map == NULL || sym->end_address == UINT64_MAX || obj->has_text)
			continue;
		start = own_address(obj, sym->address);
		end = own_address(obj, sym->end_address) + 1;
		if (start < map->memory_start)
			map->memory_start = start;
		if (end > map->memory_limit)
			map->memory_limit = end;
	}
	for (k = 0; k < v->object_count; k++)
		if (p->mappings[k].memory_start > p->mappings[k].memory_limit)
			p->mappings[k].memory_start = p->mappings[k].memory_limit = 0;
}

/* ---------------------------------------------------------------- writing */

/* The message, packed and gzip-compressed, in one block of memory. */
static unsigned char *pack_gzip(const pb_profile *profile, size_t *size)
{
	size_t packed_size = perftools__profiles__profile__get_packed_size(profile);
	unsigned char *packed = xmalloc(packed_size ? packed_size : 1), *gz;
	z_stream z;
	size_t bound;

	if (perftools__profiles__profile__pack(profile, packed) != packed_size)
		fatal("--pprof: the profile could not be encoded");
	memset(&z, 0, sizeof(z));
	/* 15 + 16: a gzip header and trailer around the deflate stream */
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
	    Z_OK)
		fatal("--pprof: zlib: %s", z.msg ? z.msg : "cannot start compressing");
	bound = deflateBound(&z, (uLong)packed_size);
	gz = xmalloc(bound);
	z.next_in = packed;
	z.avail_in = (uInt)packed_size;
	z.next_out = gz;
	z.avail_out = (uInt)bound;
	if (packed_size > UINT32_MAX || deflate(&z, Z_FINISH) != Z_STREAM_END)
		fatal("--pprof: zlib: %s", z.msg ? z.msg : "cannot compress the profile");
	*size = bound - z.avail_out;
	deflateEnd(&z);
	free(packed);
	return gz;
}

void print_pprof(const struct view *v, struct report_out *out)
{
	const struct model *m = v->model;
	const struct model_stacks *st = &m->process.stacks;
	bool stacks = st->present && st->samples > 0;
	unsigned rate = m->histograms.rate ? m->histograms.rate : m->process.rate;
	double period = 1e9 / (rate ? rate : 100);
	struct pprof p;
	pb_value_type types[3], period_type;
	pb_value_type *type_list[3] = { &types[0], &types[1], &types[2] };
	pb_function **function_list;
	pb_location **location_list;
	pb_sample **sample_list;
	pb_line **line_list;
	unsigned char *gz;
	size_t size, i;
	int64_t comments[2];
	char text[200], sentence[256];

	if (isatty(fileno(out->file)))
		fatal("--pprof writes a compressed binary file: redirect the standard output "
		      "(gprof --pprof prog gmon.out > prog.pb.gz)");
	memset(&p, 0, sizeof(p));
	p.v = v;
	p.m = m;
	p.out = out;
	perftools__profiles__profile__init(&p.profile);
	string_index(&p.strings, "");
	p.function_of_symbol = xcalloc(m->symbols.count + 1, sizeof(*p.function_of_symbol));
	p.location_of_symbol = xcalloc(m->symbols.count + 1, sizeof(*p.location_of_symbol));
	p.value_count = stacks ? 2 : 3;
	for (i = 0; i < 3; i++)
		perftools__profiles__value_type__init(&types[i]);
	types[0].type = string_index(&p.strings, "samples");
	types[0].unit = string_index(&p.strings, "count");
	types[1].type = string_index(&p.strings, "cpu");
	types[1].unit = string_index(&p.strings, "nanoseconds");
	types[2].type = string_index(&p.strings, "calls");
	types[2].unit = types[0].unit;
	perftools__profiles__value_type__init(&period_type);
	period_type = types[1];

	add_mappings(&p);
	if (stacks) {
		add_stacks(&p, period);
		snprintf(text, sizeof(text), "gprof: %zu recorded call stacks, each one sample",
			 st->count);
	} else {
		add_flat(&p, period);
		snprintf(text, sizeof(text),
			 "gprof: no call stacks recorded: one-frame samples hold the flat "
			 "profile's self time, two-frame samples (callee, caller) the calls of "
			 "the call graph's arcs (sample type calls)");
	}
	comments[0] = string_index(&p.strings, text);
	/* the profiler's own time: stated, and in the samples or not */
	if (report_overhead_sentence(m, sentence, sizeof(sentence)))
		comments[1] = string_index(&p.strings, sentence);

	function_list = xcalloc(p.function_count + 1, sizeof(*function_list));
	for (i = 0; i < p.function_count; i++)
		function_list[i] = &p.functions[i];
	location_list = xcalloc(p.location_count + 1, sizeof(*location_list));
	line_list = xcalloc(p.line_count + 1, sizeof(*line_list));
	for (i = 0; i < p.line_count; i++)
		line_list[i] = &p.lines[i];
	for (i = 0; i < p.location_count; i++) {
		location_list[i] = &p.locations[i];
		p.locations[i].line = &line_list[p.first_line[i]];
	}
	sample_list = xcalloc(p.sample_count + 1, sizeof(*sample_list));
	for (i = 0; i < p.sample_count; i++)
		sample_list[i] = &p.samples[i];

	p.profile.n_sample_type = p.value_count;
	p.profile.sample_type = type_list;
	p.profile.n_sample = p.sample_count;
	p.profile.sample = sample_list;
	p.profile.n_mapping = v->object_count;
	p.profile.mapping = p.mapping_list;
	p.profile.n_location = p.location_count;
	p.profile.location = location_list;
	p.profile.n_function = p.function_count;
	p.profile.function = function_list;
	p.profile.period_type = &period_type;
	p.profile.period = (int64_t)llround(period);
	p.profile.n_comment = sentence[0] ? 2 : 1;
	p.profile.comment = comments;
	p.profile.default_sample_type = types[1].type;
	/* the last: every string is in the table by now */
	p.profile.n_string_table = p.strings.count;
	p.profile.string_table = (char **)p.strings.strings;

	gz = pack_gzip(&p.profile, &size);
	if (fwrite(gz, 1, size, out->file) != size)
		fatal("error writing the profile: %s", strerror(errno));
	free(gz);
	for (i = 0; i < p.strings.count; i++)
		free((char *)p.strings.strings[i]);
	intern_free(&p.strings);
	free(p.mappings);
	free(p.mapping_list);
	free(p.functions);
	free(p.function_of_symbol);
	free(p.locations);
	free(p.lines);
	free(p.first_line);
	free(p.address_slots);
	free(p.location_of_symbol);
	for (i = 0; i < p.location_keys.count; i++)
		free((char *)p.location_keys.strings[i]);
	intern_free(&p.location_keys);
	free(p.location_of_key);
	for (i = 0; i < p.inline_names.count; i++)
		free((char *)p.inline_names.strings[i]);
	intern_free(&p.inline_names);
	free(p.function_of_inline);
	free(p.samples);
	free(p.thread_labels);
	free(p.thread_label_list);
	free(p.location_ids);
	free(p.values);
	free(function_list);
	free(location_list);
	free(line_list);
	free(sample_list);
}
