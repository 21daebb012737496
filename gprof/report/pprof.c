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
 *     is one sample, its frames as they were recorded: one location per
 *     address, the sampled pc for the innermost frame, the call's last
 *     byte (return address - 1) for the others.
 *   - Without them, the flat profile: one one-frame sample per function
 *     holding its self time, at the function's address; and a third
 *     sample type, calls (count), carried by two-frame samples (callee,
 *     caller), one per arc of the call graph.
 *
 * A comment in the profile says which.  Every location has its function
 * (name demangled as the reports show it, the symbol's own name as the
 * system name, its source file and first line) and, when the debug
 * information knows it, its line; every object is a mapping (path,
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
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "core/intern.h"
#include "symtab/object.h"
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
	const struct model *m;
	struct report_out *out;
	pb_profile profile;
	struct intern_table strings; /* the profile's string table */

	pb_mapping *mappings;     /* one per object, [0] the executable */
	pb_mapping **mapping_list;

	pb_function *functions;   /* [0] "[unknown]", then as first met */
	size_t function_count, function_capacity;
	uint64_t *function_of_symbol; /* by place in m->symbols: id, 0 if none yet */
	uint64_t unknown_function;    /* id of "[unknown]", 0 if none yet */

	pb_location *locations;
	pb_line *lines;           /* one per location */
	size_t location_count, location_capacity;
	size_t *location_slots;   /* by address: index + 1, 0: empty */
	size_t location_slot_count;

	pb_sample *samples;
	size_t sample_count;
	uint64_t *location_ids;   /* every sample's, one array */
	int64_t *values;          /* every sample's, value_count each */
	size_t value_count;
};

static uint64_t function_id(struct pprof *p, const struct symbol *sym)
{
	pb_function *fn;
	uint64_t *slot = sym ? &p->function_of_symbol[sym - p->m->symbols.base]
			     : &p->unknown_function;

	if (*slot)
		return *slot;
	if (p->function_count == p->function_capacity) {
		p->function_capacity = p->function_capacity ? 2 * p->function_capacity : 256;
		p->functions = xrealloc(p->functions,
					p->function_capacity * sizeof(*p->functions));
	}
	fn = &p->functions[p->function_count];
	perftools__profiles__function__init(fn);
	fn->id = ++p->function_count;
	if (sym) {
		char *to_free = NULL;

		fn->name = string_index(&p->strings, display_name(p->out, sym, &to_free));
		free(to_free);
		fn->system_name = string_index(&p->strings, sym->name);
		if (sym->file)
			fn->filename = string_index(&p->strings, sym->file->name);
		fn->start_line = sym->line;
	} else {
		fn->name = fn->system_name = string_index(&p->strings, "[unknown]");
	}
	*slot = fn->id;
	return fn->id;
}

/* The mapping of an object: its place in m->objects, plus 1. */
static uint64_t mapping_id(const struct model *m, const struct object *obj)
{
	size_t k;

	for (k = 0; k < m->object_count; k++)
		if (m->objects[k] == obj)
			return k + 1;
	return 0;
}

/* The location at a model address, made on first use.  precise: look
 * the line up in the debug information (stacks); otherwise the
 * function's first line (the flat profile's locations are functions). */
static uint64_t location_id(struct pprof *p, uint64_t address, const struct symbol *sym,
			    bool precise)
{
	pb_location *loc;
	pb_line *line;
	size_t slot, mask;

	if (2 * (p->location_count + 1) > p->location_slot_count) {
		size_t i, n = p->location_slot_count ? 2 * p->location_slot_count : 1024;

		free(p->location_slots);
		p->location_slots = xcalloc(n, sizeof(*p->location_slots));
		p->location_slot_count = n;
		for (i = 0; i < p->location_count; i++) {
			uint64_t a = p->locations[i].address;

			slot = (size_t)((a * 0x9E3779B97F4A7C15ull) >> 20) & (n - 1);
			while (p->location_slots[slot])
				slot = (slot + 1) & (n - 1);
			p->location_slots[slot] = i + 1;
		}
	}
	mask = p->location_slot_count - 1;
	slot = (size_t)((address * 0x9E3779B97F4A7C15ull) >> 20) & mask;
	while (p->location_slots[slot]) {
		if (p->locations[p->location_slots[slot] - 1].address == address)
			return p->locations[p->location_slots[slot] - 1].id;
		slot = (slot + 1) & mask;
	}
	if (p->location_count == p->location_capacity) {
		p->location_capacity = p->location_capacity ? 2 * p->location_capacity : 1024;
		p->locations = xrealloc(p->locations, p->location_capacity * sizeof(*p->locations));
		p->lines = xrealloc(p->lines, p->location_capacity * sizeof(*p->lines));
	}
	loc = &p->locations[p->location_count];
	line = &p->lines[p->location_count];
	perftools__profiles__location__init(loc);
	perftools__profiles__line__init(line);
	loc->id = ++p->location_count;
	loc->address = address;
	p->location_slots[slot] = p->location_count;
	line->function_id = function_id(p, sym);
	if (sym && sym->object) {
		const struct object *obj = sym->object;
		const char *file, *function;
		int number;

		loc->mapping_id = mapping_id(p->m, obj);
		line->line = sym->line;
		if (precise && obj->abfd && obj->text &&
		    object_find_line(obj, address - obj->model_base, &file, &function, &number))
			line->line = number;
	}
	return loc->id;
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

/* Every distinct call stack, one sample each. */
static void add_stacks(struct pprof *p, double period)
{
	const struct model_stacks *st = &p->m->process.stacks;
	size_t w, used = 0;

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
		for (d = 0; d < depth; d++) {
			uint64_t a = stack[2 + d];

			/* a return address: the call is its previous byte */
			if (d > 0 && a != MODEL_UNKNOWN_ADDRESS)
				a--;
			p->location_ids[used++] =
				location_id(p, a, stack_frame_symbol(p->m, stack + 2, d), true);
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

/* The flat profile's self times, and the arcs' counts. */
static void add_flat(struct pprof *p, double period)
{
	const struct model *m = p->m;
	const struct symbol_table *symtab = &m->symbols;
	struct rounding samples = { 0, 0 }, cpu = { 0, 0 };
	size_t i, used = 0, room = symtab->count + m->arcs.all_count + m->arcs.self_count + 1;
	double credited = 0.0;
	int64_t values[3];

	p->samples = xcalloc(room, sizeof(*p->samples));
	p->location_ids = xmalloc(2 * room * sizeof(uint64_t));
	p->values = xmalloc(room * p->value_count * sizeof(int64_t));
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];

		if (sym->hidden || sym->alias_of || !(sym->self_ticks > 0.0))
			continue;
		credited += sym->self_ticks;
		values[0] = rounded_share(&samples, sym->self_ticks);
		values[1] = rounded_share(&cpu, sym->self_ticks * period);
		values[2] = 0;
		if (values[0] == 0 && values[1] == 0)
			continue;
		add_sample(p, &used, values);
		p->location_ids[used++] = location_id(p, sym->address, sym, false);
		p->samples[p->sample_count - 1].n_location_id = 1;
	}
	/* samples in no function's range count in the total all the same */
	if (m->total_ticks - credited >= 0.5) {
		values[0] = rounded_share(&samples, m->total_ticks - credited);
		values[1] = rounded_share(&cpu, (m->total_ticks - credited) * period);
		values[2] = 0;
		add_sample(p, &used, values);
		p->location_ids[used++] = location_id(p, MODEL_UNKNOWN_ADDRESS, NULL, false);
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
		p->location_ids[used++] = location_id(p, arc->child->address, arc->child, false);
		p->location_ids[used++] = location_id(p, arc->parent->address, arc->parent, false);
		p->samples[p->sample_count - 1].n_location_id = 2;
	}
}

/* ---------------------------------------------------------------- mappings */

static void add_mappings(struct pprof *p)
{
	const struct model *m = p->m;
	const struct symbol_table *symtab = &m->symbols;
	size_t k, i;

	p->mappings = xcalloc(m->object_count ? m->object_count : 1, sizeof(*p->mappings));
	p->mapping_list = xcalloc(m->object_count ? m->object_count : 1,
				  sizeof(*p->mapping_list));
	for (k = 0; k < m->object_count; k++) {
		const struct object *obj = m->objects[k];
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
	}
	/* each object's range: that of its symbols (in model addresses) */
	for (i = 0; i < symtab->count; i++) {
		const struct symbol *sym = &symtab->base[i];
		uint64_t id = sym->object ? mapping_id(m, sym->object) : 0;
		pb_mapping *map = id ? &p->mappings[id - 1] : NULL;

		if (map == NULL || sym->end_address == UINT64_MAX)
			continue;
		if (sym->address < map->memory_start)
			map->memory_start = sym->address;
		if (sym->end_address + 1 > map->memory_limit)
			map->memory_limit = sym->end_address + 1;
	}
	for (k = 0; k < m->object_count; k++)
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
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
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

void print_pprof(const struct model *m, const struct options *opt, struct report_out *out)
{
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

	(void)opt;
	if (isatty(fileno(out->file)))
		fatal("--pprof writes a compressed binary file: redirect the standard output "
		      "(gprof --pprof prog gmon.out > prog.pb.gz)");
	memset(&p, 0, sizeof(p));
	p.m = m;
	p.out = out;
	perftools__profiles__profile__init(&p.profile);
	string_index(&p.strings, "");
	p.function_of_symbol = xcalloc(m->symbols.count + 1, sizeof(*p.function_of_symbol));
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
		snprintf(text, sizeof(text),
			 "gprof: %zu recorded call stacks, each one sample", st->count);
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
	line_list = xcalloc(p.location_count + 1, sizeof(*line_list));
	for (i = 0; i < p.location_count; i++) {
		location_list[i] = &p.locations[i];
		line_list[i] = &p.lines[i];
		p.locations[i].line = &line_list[i];
		p.locations[i].n_line = 1;
	}
	sample_list = xcalloc(p.sample_count + 1, sizeof(*sample_list));
	for (i = 0; i < p.sample_count; i++)
		sample_list[i] = &p.samples[i];

	p.profile.n_sample_type = p.value_count;
	p.profile.sample_type = type_list;
	p.profile.n_sample = p.sample_count;
	p.profile.sample = sample_list;
	p.profile.n_mapping = m->object_count;
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
	free(p.location_slots);
	free(p.samples);
	free(p.location_ids);
	free(p.values);
	free(function_list);
	free(location_list);
	free(line_list);
	free(sample_list);
}
