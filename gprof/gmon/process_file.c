/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * process.c: read a process file (doc/format.md, "The process file").
 * Every field is checked against the bytes that remain before it is
 * trusted, and every count against what the file could hold, so a
 * hostile file can neither make us read past its end nor allocate more
 * than its own size.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon_out.h"
#include "gmon/process_file.h"
#include "core/util.h"

/* A process file larger than this is refused before it is read: it would
 * describe more than any process maps. */
#define PROCESS_FILE_MAX ((size_t)1 << 32)

struct cursor {
	const char *name;
	const unsigned char *data;
	size_t size, pos;
	bool big_endian;
	char *err;
	size_t err_size;
};

static bool failf(struct cursor *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool failf(struct cursor *c, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(c->err, c->err_size, "%s: ", c->name);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < c->err_size)
		vsnprintf(c->err + n, c->err_size - (size_t)n, fmt, ap);
	va_end(ap);
	return false;
}

static uint64_t get(const unsigned char *p, int bytes, bool big_endian)
{
	uint64_t v = 0;
	int i;

	if (bytes == 8) { /* most of a stack record: one load, not eight */
		memcpy(&v, p, 8);
		if (big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__))
			v = __builtin_bswap64(v);
		return v;
	}
	if (big_endian)
		for (i = 0; i < bytes; i++)
			v = v << 8 | p[i];
	else
		for (i = bytes - 1; i >= 0; i--)
			v = v << 8 | p[i];
	return v;
}

/* Callers have checked that the bytes are there. */
static uint64_t take(struct cursor *c, int bytes)
{
	uint64_t v = get(c->data + c->pos, bytes, c->big_endian);

	c->pos += (size_t)bytes;
	return v;
}

static bool need(struct cursor *c, size_t end, size_t bytes, const char *what)
{
	if (end - c->pos < bytes)
		return failf(c, "truncated %s at offset %zu", what, c->pos);
	return true;
}

uint64_t process_run_id(const char *gmon_path, bool big_endian)
{
	unsigned char header[GMON_HEADER_SIZE];
	struct stat st;
	const char *why;
	ssize_t n;
	int fd;

	/* only a regular file can be read twice (a pipe's bytes are the
	 * reader's; a FIFO is not even opened, or we would wait for its
	 * writer); GNU gprof's own gmon.sum has stack bytes in the spare
	 * field, hence the mark */
	fd = open_regular(gmon_path, &st, &why);
	if (fd < 0)
		return 0;
	do
		n = pread(fd, header, sizeof(header), 0);
	while (n < 0 && errno == EINTR);
	close(fd);
	if (n != (ssize_t)sizeof(header) || memcmp(header, GMON_MAGIC, GMON_MAGIC_SIZE) != 0 ||
	    memcmp(header + GMON_RUN_MARK_OFFSET, GMON_PROCESS_MAGIC, 4) != 0)
		return 0;
	return get(header + GMON_RUN_ID_OFFSET, 8, big_endian);
}

static bool read_object(struct cursor *c, size_t end, struct process_file *pf)
{
	struct process_object *o;
	uint64_t count, size;
	uint32_t i;

	if (!need(c, end, 20, "object record"))
		return false;
	if (pf->object_count == pf->object_capacity) { /* doubled: linear in the records */
		pf->object_capacity = 2 * pf->object_capacity + 8;
		pf->objects = xrealloc(pf->objects, pf->object_capacity * sizeof(*pf->objects));
	}
	o = &pf->objects[pf->object_count++];
	memset(o, 0, sizeof(*o));
	o->number = (uint32_t)take(c, 4);
	o->flags = (uint32_t)take(c, 4);
	o->bias = take(c, 8);
	count = take(c, 4);
	if (count > (end - c->pos) / 16)
		return failf(c, "object %u: %llu segments do not fit its record", o->number,
			     (unsigned long long)count);
	o->segment_count = (uint32_t)count;
	o->segments = xcalloc(count + 1, sizeof(*o->segments));
	for (i = 0; i < o->segment_count; i++) {
		o->segments[i].start = take(c, 8);
		o->segments[i].end = take(c, 8);
		if (o->segments[i].start >= o->segments[i].end)
			return failf(c, "object %u: segment 0x%llx-0x%llx is empty or reversed",
				     o->number, (unsigned long long)o->segments[i].start,
				     (unsigned long long)o->segments[i].end);
	}
	if (!need(c, end, 4, "object record"))
		return false;
	size = take(c, 4);
	if (size > end - c->pos)
		return failf(c, "object %u: a build-id of %llu bytes does not fit its record",
			     o->number, (unsigned long long)size);
	o->build_id_size = (uint32_t)size;
	o->build_id = xmalloc(size + 1);
	memcpy(o->build_id, c->data + c->pos, size);
	c->pos += size;
	if (!need(c, end, 4, "object record"))
		return false;
	size = take(c, 4);
	if (size > end - c->pos)
		return failf(c, "object %u: a path of %llu bytes does not fit its record",
			     o->number, (unsigned long long)size);
	o->path = xmalloc(size + 1);
	memcpy(o->path, c->data + c->pos, size);
	o->path[size] = '\0';
	if (strlen(o->path) != size)
		return failf(c, "object %u: the path holds a NUL byte", o->number);
	c->pos += size;
	return true;
}

static int compare_number(const void *lp, const void *rp)
{
	uint32_t l = *(const uint32_t *)lp, r = *(const uint32_t *)rp;

	return (l > r) - (l < r);
}

/* Each object number once: sorted, so that 100,000 records cost a sort,
 * not the 5 * 10^9 comparisons of each against all before it. */
static bool check_numbers(struct cursor *c, const struct process_file *pf)
{
	uint32_t *numbers = xmalloc((pf->object_count + 1) * sizeof(*numbers));
	size_t i;

	for (i = 0; i < pf->object_count; i++)
		numbers[i] = pf->objects[i].number;
	qsort(numbers, pf->object_count, sizeof(*numbers), compare_number);
	for (i = 1; i < pf->object_count; i++)
		if (numbers[i] == numbers[i - 1]) {
			uint32_t twice = numbers[i];

			free(numbers);
			return failf(c, "object %u is recorded twice", twice);
		}
	free(numbers);
	return true;
}

static bool read_samples(struct cursor *c, size_t end, struct process_file *pf)
{
	uint64_t count, rate, total = pf->samples_total;
	size_t i;

	if (!need(c, end, 8, "samples record"))
		return false;
	rate = take(c, 4);
	count = take(c, 4);
	if (count > (end - c->pos) / GMON_SAMPLE_ENTRY_SIZE)
		return failf(c, "%llu samples do not fit their record", (unsigned long long)count);
	if (rate == 0 && count > 0)
		return failf(c, "samples with a sampling rate of 0");
	if (pf->rate && rate != pf->rate)
		return failf(c, "samples at %llu Hz after samples at %u Hz",
			     (unsigned long long)rate, pf->rate);
	pf->rate = (unsigned)rate;
	pf->samples = xrealloc(pf->samples, (pf->sample_count + count + 1) * sizeof(*pf->samples));
	for (i = 0; i < count; i++) {
		struct process_sample *s = &pf->samples[pf->sample_count++];

		s->address = take(c, 8);
		s->count = take(c, 8);
		/* no run takes 2^64 samples: counts that add up past it are
		 * a damaged file, not a sum to saturate */
		if (total + s->count < total)
			return failf(c,
				     "the samples' counts add up to more than 2^64-1 (entry %zu)",
				     i);
		total += s->count;
	}
	pf->samples_total = total;
	return true;
}

static bool read_arcs(struct cursor *c, size_t end, struct process_file *pf)
{
	uint64_t count;
	size_t i;

	if (!need(c, end, 4, "arcs record"))
		return false;
	count = take(c, 4);
	if (count > (end - c->pos) / GMON_PROCESS_ARC_ENTRY_SIZE)
		return failf(c, "%llu arcs do not fit their record", (unsigned long long)count);
	pf->arcs = xrealloc(pf->arcs, (pf->arc_count + count + 1) * sizeof(*pf->arcs));
	for (i = 0; i < count; i++) {
		struct process_arc *a = &pf->arcs[pf->arc_count++];

		a->from_pc = take(c, 8);
		a->self_pc = take(c, 8);
		a->count = take(c, 8);
	}
	return true;
}

static bool read_times(struct cursor *c, size_t end, struct process_file *pf)
{
	if (!need(c, end, GMON_TIMES_BODY_SIZE, "process times record"))
		return false;
	pf->has_times = true;
	pf->user_ns = take(c, 8);
	pf->system_ns = take(c, 8);
	pf->samples_taken = take(c, 8);
	pf->samples_lost = take(c, 8);
	pf->calls_lost = take(c, 8);
	if (end - c->pos >= GMON_TIMES_BODY_SIZE_CLOCK - GMON_TIMES_BODY_SIZE) {
		pf->elapsed_ns = take(c, 8);
		pf->clock = (uint32_t)take(c, 4);
		pf->missing = (uint32_t)take(c, 4);
	}
	return true;
}

/* Tag 7: pid, parent, image, flags, start, CPU before, then the
 * arguments, each ending in a NUL, as many as the count says. */
/* Tag 8: which window of its run the file is (doc/format.md). */
static bool read_window(struct cursor *c, size_t end, struct process_file *pf)
{
	struct process_window *w = &pf->window;

	if (w->present)
		return failf(c, "a second window record at offset %zu", c->pos - 8);
	if (!need(c, end, GMON_WINDOW_BODY_SIZE, "window record"))
		return false;
	w->present = true;
	w->index = (uint32_t)take(c, 4);
	w->flags = (uint32_t)take(c, 4);
	w->start_ns = take(c, 8);
	w->end_ns = take(c, 8);
	w->interval_ns = take(c, 8);
	if (w->index == 0)
		return failf(c, "window record: window 0 (they are numbered from 1)");
	if (w->end_ns < w->start_ns)
		return failf(c, "window record: window %u ends before it starts", w->index);
	return true;
}

static bool read_identity(struct cursor *c, size_t end, struct process_file *pf)
{
	struct process_identity *id = &pf->identity;
	uint64_t argc, size, i;
	const char *p;

	if (id->present)
		return failf(c, "a second identity record at offset %zu", c->pos - 8);
	if (!need(c, end, GMON_IDENTITY_BODY_SIZE, "identity record"))
		return false;
	id->present = true;
	id->pid = (uint32_t)take(c, 4);
	id->parent = (uint32_t)take(c, 4);
	id->image = (uint32_t)take(c, 4);
	id->flags = (uint32_t)take(c, 4);
	id->started_ns = take(c, 8);
	id->user_before_ns = take(c, 8);
	id->system_before_ns = take(c, 8);
	argc = take(c, 4);
	size = take(c, 4);
	if (size != end - c->pos)
		return failf(c, "identity record: %llu bytes of arguments in a record that has %zu",
			     (unsigned long long)size, end - c->pos);
	if (argc > size)
		return failf(c, "identity record: %llu arguments do not fit their %llu bytes",
			     (unsigned long long)argc, (unsigned long long)size);
	id->argv = xcalloc(argc + 1, sizeof(*id->argv));
	p = (const char *)c->data + c->pos;
	for (i = 0; i < argc; i++) {
		size_t left = (size_t)(end - c->pos), n;
		const char *nul = memchr(p, '\0', left);

		if (nul == NULL)
			return failf(c, "identity record: argument %llu does not end",
				     (unsigned long long)i);
		n = (size_t)(nul - p);
		id->argv[i] = xmalloc(n + 1);
		memcpy(id->argv[i], p, n + 1);
		id->argc++;
		c->pos += n + 1;
		p = nul + 1;
	}
	if (c->pos != end)
		return failf(c, "identity record: %zu bytes after its %u arguments", end - c->pos,
			     id->argc);
	return true;
}

/* Tag 5 and tag 6 (threads: each stack names its thread, and the
 * threads follow the stacks). */
static bool read_stacks(struct cursor *c, size_t end, struct process_file *pf, bool threads)
{
	struct process_stacks *st = &pf->stacks;
	size_t entry_header = threads ? GMON_THREAD_STACK_ENTRY_HEADER_SIZE
				      : GMON_STACK_ENTRY_HEADER_SIZE;
	uint64_t limit, count, i, thread_count, w, highest = 0;

	if (st->present)
		return failf(c, "a second stack record at offset %zu", c->pos - 8);
	if (!need(c, end, GMON_STACKS_HEADER_SIZE, "stack record"))
		return false;
	st->present = true;
	st->has_threads = threads;
	limit = take(c, 4);
	count = take(c, 4);
	st->lost = take(c, 8);
	st->at_limit = take(c, 8);
	st->cut_short = take(c, 8);
	if (count > (end - c->pos) / entry_header)
		return failf(c, "%llu stacks do not fit their record", (unsigned long long)count);
	st->depth_limit = (uint32_t)limit;
	/* each entry takes at least 16 bytes and one word per frame: the
	 * words never outnumber the record's bytes / 4 */
	st->words = xmalloc(((end - c->pos) / 4 + 2) * sizeof(*st->words));
	for (i = 0; i < count; i++) {
		uint64_t samples, depth, flags, thread = 0, d;

		if (!need(c, end, entry_header, "stack record"))
			return false;
		samples = take(c, 8);
		depth = take(c, 4);
		flags = take(c, 4);
		if (threads) {
			thread = take(c, 4);
			/* 1 + the number, below 2^24 (struct model_stacks) */
			thread = thread == GMON_THREAD_NONE ? 0 : thread + 1;
			if (thread > MODEL_THREADS_MAX)
				return failf(c,
					     "stack %llu names thread %llu, beyond the %u a "
					     "record may hold",
					     (unsigned long long)i, (unsigned long long)thread - 1,
					     MODEL_THREADS_MAX);
			if (thread > highest)
				highest = thread;
		}
		if (depth == 0)
			return failf(c, "stack %llu has no frames", (unsigned long long)i);
		if (depth > limit)
			return failf(c, "stack %llu has %llu frames, over the depth limit of %llu",
				     (unsigned long long)i, (unsigned long long)depth,
				     (unsigned long long)limit);
		if (flags & ~(uint64_t)(GMON_STACK_AT_LIMIT | GMON_STACK_CUT_SHORT))
			return failf(c, "stack %llu has unknown flags 0x%llx",
				     (unsigned long long)i, (unsigned long long)flags);
		if (depth > (end - c->pos) / 8)
			return failf(c, "stack %llu: %llu frames do not fit its record",
				     (unsigned long long)i, (unsigned long long)depth);
		st->words[st->word_count++] = samples;
		st->words[st->word_count++] = depth << 32 | thread << 8 | flags;
		for (d = 0; d < depth; d++)
			st->words[st->word_count++] = take(c, 8);
		st->count++;
	}
	if (threads) {
		if (!need(c, end, 4, "thread stack record's thread count"))
			return false;
		thread_count = take(c, 4);
		if (thread_count > (end - c->pos) / GMON_THREAD_ENTRY_SIZE)
			return failf(c, "%llu threads do not fit their record",
				     (unsigned long long)thread_count);
		if (thread_count > MODEL_THREADS_MAX)
			return failf(c, "%llu threads, more than the %u a record may hold",
				     (unsigned long long)thread_count, MODEL_THREADS_MAX);
		if (highest > thread_count)
			return failf(c,
				     "a stack names thread %llu, but the record lists %llu threads",
				     (unsigned long long)highest - 1,
				     (unsigned long long)thread_count);
		st->threads = xcalloc(thread_count + 1, sizeof(*st->threads));
		st->thread_count = (size_t)thread_count;
		for (w = 0; w < thread_count; w++) {
			struct process_thread *t = &st->threads[w];

			t->tid = (uint32_t)take(c, 4);
			t->flags = (uint32_t)take(c, 4);
			memcpy(t->name, c->data + c->pos, GMON_THREAD_NAME_BYTES);
			t->name[GMON_THREAD_NAME_BYTES] = '\0';
			c->pos += GMON_THREAD_NAME_BYTES;
			if (t->flags & ~(uint32_t)GMON_THREAD_FLAG_MAIN)
				return failf(c, "thread %llu has unknown flags 0x%x",
					     (unsigned long long)w, t->flags);
		}
	}
	if (c->pos != end)
		return failf(c, "%zu bytes after the last %s of the stack record", end - c->pos,
			     threads ? "thread" : "stack");
	return true;
}

static bool parse(struct cursor *c, struct process_file *pf)
{
	uint64_t version;

	if (c->size < GMON_PROCESS_HEADER_SIZE)
		return failf(c, "too short for a process file (%zu bytes)", c->size);
	if (memcmp(c->data, GMON_PROCESS_MAGIC, 4) != 0)
		return failf(c, "not a process file (bad magic)");
	c->pos = 4;
	version = take(c, 4);
	if (version != GMON_PROCESS_VERSION)
		return failf(c, "process file version %llu (this gprof reads version %d)",
			     (unsigned long long)version, GMON_PROCESS_VERSION);
	pf->run_id = take(c, 8);
	pf->numbered = (take(c, 4) & GMON_PROCESS_FLAG_NUMBERED) != 0;
	c->pos = GMON_PROCESS_HEADER_SIZE;
	while (c->pos < c->size) {
		uint64_t tag, length;
		size_t end;
		bool ok = true;

		if (!need(c, c->size, GMON_PROCESS_RECORD_HEADER_SIZE, "record header"))
			return false;
		tag = take(c, 4);
		length = take(c, 4);
		if (length > c->size - c->pos)
			return failf(c, "record of %llu bytes at offset %zu runs past the end",
				     (unsigned long long)length, c->pos - 8);
		end = c->pos + length;
		switch (tag) {
		case GMON_PROCESS_TAG_OBJECT:
			ok = read_object(c, end, pf);
			break;
		case GMON_PROCESS_TAG_SAMPLES:
			ok = read_samples(c, end, pf);
			break;
		case GMON_PROCESS_TAG_ARCS:
			ok = read_arcs(c, end, pf);
			break;
		case GMON_PROCESS_TAG_TIMES:
			ok = read_times(c, end, pf);
			break;
		case GMON_PROCESS_TAG_STACKS:
		case GMON_PROCESS_TAG_THREAD_STACKS:
			ok = read_stacks(c, end, pf, tag == GMON_PROCESS_TAG_THREAD_STACKS);
			break;
		case GMON_PROCESS_TAG_IDENTITY:
			ok = read_identity(c, end, pf);
			break;
		case GMON_PROCESS_TAG_WINDOW:
			ok = read_window(c, end, pf);
			break;
		default: /* a later version's record: skipped */
			break;
		}
		if (!ok)
			return false;
		c->pos = end;
	}
	/* an image after exec: the times record has the process's CPU
	 * time, this image's is what it used since it started (a window's
	 * times are the window's already) */
	if (pf->identity.present && pf->has_times && !pf->window.present) {
		pf->user_ns -= pf->identity.user_before_ns < pf->user_ns
				       ? pf->identity.user_before_ns
				       : pf->user_ns;
		pf->system_ns -= pf->identity.system_before_ns < pf->system_ns
					 ? pf->identity.system_before_ns
					 : pf->system_ns;
	}
	return check_numbers(c, pf);
}

bool process_read(const char *path, bool big_endian, struct process_file *pf, char *err,
		  size_t err_size)
{
	struct cursor c = {
		.name = path, .big_endian = big_endian, .err = err, .err_size = err_size
	};
	struct stat st;
	unsigned char *data;
	const char *why;
	int fd;
	bool ok;

	memset(pf, 0, sizeof(*pf));
	/* never blocks: a FIFO or a device in its place is refused unopened
	 * for reading (open_regular) */
	fd = open_regular(path, &st, &why);
	if (fd < 0)
		return failf(&c, "%s", why);
	if ((uint64_t)st.st_size > PROCESS_FILE_MAX) {
		close(fd);
		return failf(&c, "%lld bytes: too large for a process file", (long long)st.st_size);
	}
	data = xmalloc((size_t)st.st_size + 1);
	c.size = 0;
	while (c.size < (size_t)st.st_size) {
		ssize_t n = read(fd, data + c.size, (size_t)st.st_size - c.size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		c.size += (size_t)n;
	}
	close(fd);
	if (c.size != (size_t)st.st_size) {
		free(data);
		return failf(&c, "read error");
	}
	ok = process_read_buffer(path, data, c.size, big_endian, pf, err, err_size);
	free(data);
	return ok;
}

bool process_read_buffer(const char *name, const unsigned char *data, size_t size, bool big_endian,
			 struct process_file *pf, char *err, size_t err_size)
{
	struct cursor c = { .name = name,
			    .data = data,
			    .size = size,
			    .big_endian = big_endian,
			    .err = err,
			    .err_size = err_size };

	memset(pf, 0, sizeof(*pf));
	return parse(&c, pf);
}

void process_file_free(struct process_file *pf)
{
	size_t i;

	for (i = 0; i < pf->object_count; i++) {
		free(pf->objects[i].segments);
		free(pf->objects[i].build_id);
		free(pf->objects[i].path);
	}
	free(pf->objects);
	free(pf->samples);
	free(pf->arcs);
	free(pf->stacks.words);
	free(pf->stacks.threads);
	for (i = 0; i < pf->identity.argc; i++)
		free(pf->identity.argv[i]);
	free(pf->identity.argv);
	memset(pf, 0, sizeof(*pf));
}
