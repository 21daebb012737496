/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * processes.c: --processes, the processes of a profiled run (a tree of
 * them, gprof-run --follow or GMON_START=all), one line each, from their
 * process files alone: no program is opened.
 *
 * Each file names its process (the identity record: pid, parent, image,
 * start time, arguments; doc/format.md, tag 7), its program (the main
 * object's path) and its CPU time (the times record).  The tree puts
 * each process under its parent: the image of the parent pid that had
 * started when the child did (an exec chain in one pid is a chain of
 * images, each under the one before), siblings in the order they
 * started.  A file without an identity record (written before it
 * existed) is listed as a root with no pid.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon_out.h"
#include "gmon/process_file.h"
#include "gmon/whole_process.h"
#include "processes.h"
#include "report/formats.h"
#include "report/report.h"
#include "core/util.h"

/* The text's arguments are cut here (--json has them whole). */
#define ARGUMENTS_SHOWN 160

/* One process image, as its file says. */
struct proc {
	const char *file; /* as named on the command line */
	struct process_file pf;
	const char *program; /* the main object's path ("" when none) */
	uint64_t cpu_ns;     /* this image's: the process's less before it */
	int parent_index;    /* its parent's row, -1: a root */
	int first_child, next_sibling;
	int depth;
	int windows; /* window files summed in this row (GMON_INTERVAL); 0: none */
};

static bool host_big_endian(void)
{
	return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
}

/* The first 8 bytes of path, a regular file (never waited on: a FIFO
 * or a device is refused unopened for reading, util.c); false when it
 * is shorter.  Any other problem is fatal, in one line. */
static bool head_of(const char *path, unsigned char head[8])
{
	struct stat st;
	const char *why;
	ssize_t n;
	int fd = open_regular(path, &st, &why);

	if (fd < 0)
		fatal("%s: %s", path, why);
	do
		n = pread(fd, head, 8, 0);
	while (n < 0 && errno == EINTR);
	close(fd);
	return n == 8;
}

/* Is head a process file's?  *big: the byte order its version says. */
static bool is_process_head(const unsigned char head[8], bool *big)
{
	if (memcmp(head, GMON_PROCESS_MAGIC, 4) != 0)
		return false;
	*big = host_big_endian();
	if (head[4] == 0 && head[7] == GMON_PROCESS_VERSION)
		*big = true;
	else if (head[4] == GMON_PROCESS_VERSION && head[7] == 0)
		*big = false;
	return true;
}

/* Read one operand: a gmon.out our runtime wrote (its process file
 * beside it, of the same run) or a process file itself. */
static void read_one(struct proc *p, const char *file)
{
	unsigned char head[8];
	char err[1024];
	char *path;
	bool big = false;

	memset(p, 0, sizeof(*p));
	p->file = file;
	if (head_of(file, head) && is_process_head(head, &big)) {
		path = xstrdup(file);
	} else {
		path = objects_process_path(file);
		if (access(path, F_OK) != 0)
			fatal("%s: no process file beside it (%s): --processes lists what the "
			      "runtime's process files say",
			      file, path);
		if (!head_of(path, head) || !is_process_head(head, &big))
			fatal("%s: not a process file (bad magic)", path);
	}
	if (!process_read(path, big, &p->pf, err, sizeof(err)))
		fatal("%s", err);
	if (strcmp(path, file) != 0) {
		uint64_t id = process_run_id(file, big);

		if (id != p->pf.run_id)
			fatal("%s: from another run than %s (run id %016llx, not %016llx)", path,
			      file, (unsigned long long)p->pf.run_id, (unsigned long long)id);
	}
	free(path);
	p->program = "";
	for (size_t i = 0; i < p->pf.object_count; i++)
		if (p->pf.objects[i].flags & GMON_OBJECT_MAIN)
			p->program = p->pf.objects[i].path;
	if (p->pf.has_times) /* this image's (process_read takes off the ones before) */
		p->cpu_ns = p->pf.user_ns + p->pf.system_ns;
	p->parent_index = p->first_child = p->next_sibling = -1;
}

/*
 * The windows of one process image (GMON_INTERVAL: PREFIX.PID.N, each
 * with that window's CPU and samples) are one row: the first one's,
 * with the others' added; the rest are dropped.  One image: the same
 * pid, image number and start.  Returns the rows left.
 */
static int fold_windows(struct proc *procs, int n)
{
	int kept = 0;

	for (int i = 0; i < n; i++) {
		struct proc *p = &procs[i];
		int into = -1;

		if (p->pf.window.present && p->pf.identity.present) {
			for (int j = 0; j < kept && into < 0; j++) {
				const struct process_identity *a = &procs[j].pf.identity,
							      *b = &p->pf.identity;

				if (procs[j].windows && a->pid == b->pid && a->image == b->image &&
				    a->started_ns == b->started_ns &&
				    procs[j].pf.run_id == p->pf.run_id)
					into = j;
			}
		}
		if (into >= 0) {
			procs[into].cpu_ns += p->cpu_ns;
			procs[into].pf.samples_taken += p->pf.samples_taken;
			procs[into].windows++;
			process_file_free(&p->pf);
			continue;
		}
		p->windows = p->pf.window.present ? 1 : 0;
		if (kept != i)
			procs[kept] = *p;
		kept++;
	}
	return kept;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

/* Started before, as the tree orders siblings: by start time, then
 * pid, then image, then the command line's order. */
static int compare_start(const struct proc *a, const struct proc *b)
{
	const struct process_identity *x = &a->pf.identity, *y = &b->pf.identity;

	if (x->started_ns != y->started_ns)
		return x->started_ns < y->started_ns ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->image != y->image)
		return x->image < y->image ? -1 : 1;
	return 0;
}

/* More CPU first; then as the tree would order them. */
static int compare_cpu(const struct proc *a, const struct proc *b)
{
	if (a->cpu_ns != b->cpu_ns)
		return a->cpu_ns > b->cpu_ns ? -1 : 1;
	return compare_start(a, b);
}

static struct proc *sort_rows;
static int sort_by_cpu;

static int compare_rows(const void *lp, const void *rp)
{
	int l = *(const int *)lp, r = *(const int *)rp;
	int c = sort_by_cpu ? compare_cpu(&sort_rows[l], &sort_rows[r])
			    : compare_start(&sort_rows[l], &sort_rows[r]);

	return c ? c : (l > r) - (l < r);
}

static int compare_pid(const void *lp, const void *rp)
{
	const struct proc *l = &sort_rows[*(const int *)lp], *r = &sort_rows[*(const int *)rp];

	if (l->pf.identity.pid != r->pf.identity.pid)
		return l->pf.identity.pid < r->pf.identity.pid ? -1 : 1;
	return compare_start(l, r);
}

/* The first row of by_pid (sorted by pid) whose pid is pid, or -1. */
static int first_of_pid(const struct proc *procs, const int *by_pid, int n, uint32_t pid)
{
	int low = 0, high = n;

	while (low < high) {
		int mid = low + (high - low) / 2;

		if (procs[by_pid[mid]].pf.identity.pid < pid)
			low = mid + 1;
		else
			high = mid;
	}
	return low < n && procs[by_pid[low]].pf.identity.pid == pid ? low : -1;
}

/* Each image's parent: the previous image of its own pid, else the
 * latest image of its parent pid that started before it (or the first
 * that started after, when none did: clocks of another boot); none for
 * a file without identity.  Rows are found by pid in a sorted index, so
 * that a run of 100,000 processes costs a sort, not 10^10 comparisons. */
static void link_parents(struct proc *procs, int n)
{
	int *by_pid = xmalloc(((size_t)n + 1) * sizeof(*by_pid));
	int m = 0;

	for (int i = 0; i < n; i++)
		if (procs[i].pf.identity.present)
			by_pid[m++] = i;
	sort_rows = procs;
	qsort(by_pid, (size_t)m, sizeof(*by_pid), compare_pid);
	for (int i = 0; i < n; i++) {
		const struct process_identity *id = &procs[i].pf.identity;
		int before = -1, after = -1, chain = -1, k;

		if (!id->present)
			continue;
		k = first_of_pid(procs, by_pid, m, id->pid);
		for (; k >= 0 && k < m && procs[by_pid[k]].pf.identity.pid == id->pid; k++) {
			const struct process_identity *o = &procs[by_pid[k]].pf.identity;

			if (o->image < id->image &&
			    (chain < 0 || o->image > procs[chain].pf.identity.image))
				chain = by_pid[k];
		}
		k = id->parent == id->pid ? -1 : first_of_pid(procs, by_pid, m, id->parent);
		for (;
		     chain < 0 && k >= 0 && k < m && procs[by_pid[k]].pf.identity.pid == id->parent;
		     k++) {
			int j = by_pid[k];

			if (procs[j].pf.identity.started_ns <= id->started_ns) {
				if (before < 0 || compare_start(&procs[j], &procs[before]) > 0)
					before = j;
			} else if (after < 0 || compare_start(&procs[j], &procs[after]) < 0) {
				after = j;
			}
		}
		procs[i].parent_index = chain >= 0 ? chain : before >= 0 ? before : after;
	}
	free(by_pid);
}

/* order[] gets the rows below root (and root) depth first, each once:
 * an explicit stack (a chain of thousands of images must not run out
 * of ours), and a row already placed is not placed again (crafted
 * files may make parents a loop). */
static void walk(struct proc *procs, int root, int *order, int *count, int *stack, bool *placed)
{
	int top = 0;

	stack[top++] = root;
	procs[root].depth = 0;
	while (top > 0) {
		int i = stack[--top], c, k, first;

		if (placed[i])
			continue;
		placed[i] = true;
		order[(*count)++] = i;
		/* pushed in reverse, so that they come out in start order */
		first = top;
		for (c = procs[i].first_child; c >= 0; c = procs[c].next_sibling)
			if (!placed[c]) {
				procs[c].depth = procs[i].depth + 1;
				stack[top++] = c;
			}
		for (k = 0; first + k < top - 1 - k; k++) {
			int t = stack[first + k];

			stack[first + k] = stack[top - 1 - k];
			stack[top - 1 - k] = t;
		}
	}
}

static void tree_order(struct proc *procs, int n, int *order)
{
	int *sorted = xmalloc(((size_t)n + 1) * sizeof(*sorted));
	int *stack = xmalloc(((size_t)n + 1) * sizeof(*stack));
	bool *placed = xcalloc((size_t)n + 1, sizeof(*placed));
	int count = 0, i;

	for (i = 0; i < n; i++)
		sorted[i] = i;
	sort_rows = procs;
	sort_by_cpu = 0;
	qsort(sorted, (size_t)n, sizeof(*sorted), compare_rows);
	/* children listed in start order: link them in reverse */
	for (i = n - 1; i >= 0; i--) {
		struct proc *p = &procs[sorted[i]];

		if (p->parent_index >= 0) {
			p->next_sibling = procs[p->parent_index].first_child;
			procs[p->parent_index].first_child = sorted[i];
		}
	}
	for (i = 0; i < n; i++)
		if (procs[sorted[i]].parent_index < 0)
			walk(procs, sorted[i], order, &count, stack, placed);
	/* a loop of parents (pids reused) has no root: its first row is one */
	for (i = 0; i < n; i++)
		if (!placed[sorted[i]]) {
			procs[sorted[i]].parent_index = -1;
			walk(procs, sorted[i], order, &count, stack, placed);
		}
	free(sorted);
	free(stack);
	free(placed);
}

/* An argument as a shell would need it typed: bare when it is made of
 * safe characters, else in single quotes. */
static void put_argument(char *buf, size_t size, size_t *at, const char *arg)
{
	bool bare = *arg != '\0';
	const char *p;

	for (p = arg; *p && bare; p++)
		bare = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			      "-_./=:,+%@",
			      *p) != NULL;
#define PUT(ch) \
	do { \
		if (*at + 1 < size) \
			buf[(*at)++] = (ch); \
	} while (0)
	if (bare) {
		for (p = arg; *p; p++)
			PUT(*p);
	} else {
		PUT('\'');
		for (p = arg; *p; p++) {
			if (*p == '\'') {
				PUT('\'');
				PUT('\\');
				PUT('\'');
			}
			PUT(*p);
		}
		PUT('\'');
	}
#undef PUT
	buf[*at] = '\0';
}

/* The program's name and its arguments (argv[1]...), cut at
 * ARGUMENTS_SHOWN bytes with "...". */
static void command_line(const struct proc *p, char *buf, size_t size)
{
	const struct process_identity *id = &p->pf.identity;
	size_t at = 0;

	buf[0] = '\0';
	put_argument(buf, size, &at, *p->program ? base_name(p->program) : "?");
	for (uint32_t i = 1; i < id->argc; i++) {
		if (at + 1 < size)
			buf[at++] = ' ';
		buf[at] = '\0';
		put_argument(buf, size, &at, id->argv[i]);
	}
	if (at > ARGUMENTS_SHOWN + 3 || (id->flags & GMON_IDENTITY_ARGS_CUT)) {
		size_t cut = at > ARGUMENTS_SHOWN ? ARGUMENTS_SHOWN : at;

		strcpy(buf + cut, "...");
	}
}

static void number_or_dash(char *buf, size_t size, bool known, uint32_t v)
{
	if (known)
		snprintf(buf, size, "%u", v);
	else
		snprintf(buf, size, "-");
}

static void print_row(const struct proc *p, bool indent)
{
	const struct process_identity *id = &p->pf.identity;
	char pid[16], parent[16], line[ARGUMENTS_SHOWN + 512];
	char *copy = NULL;

	number_or_dash(pid, sizeof(pid), id->present, id->pid);
	number_or_dash(parent, sizeof(parent), id->present, id->parent);
	command_line(p, line, sizeof(line));
	printf("%8s %8s %8.2f %8llu  %*s%s\n", pid, parent, (double)p->cpu_ns / 1e9,
	       (unsigned long long)p->pf.samples_taken, indent ? 2 * p->depth : 0, "",
	       text_printable(line, &copy));
	free(copy);
}

/* The programs, each with its CPU and its processes (images). */
struct program_total {
	const char *program;
	uint64_t cpu_ns;
	unsigned processes;
};

static int compare_totals(const void *lp, const void *rp)
{
	const struct program_total *l = lp, *r = rp;

	if (l->cpu_ns != r->cpu_ns)
		return l->cpu_ns > r->cpu_ns ? -1 : 1;
	return strcmp(l->program, r->program);
}

static struct program_total *program_totals(const struct proc *procs, int n, int *count)
{
	struct program_total *t = xcalloc((size_t)n + 1, sizeof(*t));
	int k = 0;

	for (int i = 0; i < n; i++) {
		int j;

		for (j = 0; j < k && strcmp(t[j].program, procs[i].program) != 0; j++)
			;
		if (j == k)
			t[k++].program = procs[i].program;
		t[j].cpu_ns += procs[i].cpu_ns;
		t[j].processes++;
	}
	qsort(t, (size_t)k, sizeof(*t), compare_totals);
	*count = k;
	return t;
}

static void print_text(const struct proc *procs, int n, const int *order, bool tree)
{
	struct program_total *t;
	uint64_t cpu = 0;
	int count;

	for (int i = 0; i < n; i++)
		cpu += procs[i].cpu_ns;
	printf("%d process%s, %.2f seconds of CPU\n\n", n, n == 1 ? "" : "es", (double)cpu / 1e9);
	printf("%8s %8s %8s %8s  %s\n", "pid", "parent", "cpu s", "samples", "program");
	for (int i = 0; i < n; i++)
		print_row(&procs[order[i]], tree);
	t = program_totals(procs, n, &count);
	printf("\n%8s %9s  %s\n", "cpu s", "processes", "program");
	for (int i = 0; i < count; i++) {
		char *copy = NULL;

		printf("%8.2f %9u  %s\n", (double)t[i].cpu_ns / 1e9, t[i].processes,
		       text_printable(*t[i].program ? t[i].program : "?", &copy));
		free(copy);
	}
	free(t);
}

static void print_json(const struct proc *procs, int n, const int *order)
{
	struct program_total *t;
	int count;

	printf("{\n  \"format_version\": 1,\n  \"processes\": [");
	for (int i = 0; i < n; i++) {
		const struct proc *p = &procs[order[i]];
		const struct process_identity *id = &p->pf.identity;

		printf("%s\n    {", i ? "," : "");
		if (id->present)
			printf("\"pid\": %u, \"parent\": %u, \"image\": %u, ", id->pid, id->parent,
			       id->image);
		else
			printf("\"pid\": null, \"parent\": null, \"image\": null, ");
		printf("\"depth\": %d, \"cpu_seconds\": %.9f, \"samples\": %llu, \"program\": ",
		       p->depth, (double)p->cpu_ns / 1e9, (unsigned long long)p->pf.samples_taken);
		put_json_string(stdout, p->program);
		printf(", \"arguments\": [");
		for (uint32_t a = 0; a < id->argc; a++) {
			if (a)
				printf(", ");
			put_json_string(stdout, id->argv[a]);
		}
		printf("], \"arguments_cut\": %s, \"file\": ",
		       id->flags & GMON_IDENTITY_ARGS_CUT ? "true" : "false");
		put_json_string(stdout, p->file);
		if (p->windows) /* only then: files of whole runs read as before */
			printf(", \"windows\": %d", p->windows);
		printf("}");
	}
	printf("\n  ],\n  \"programs\": [");
	t = program_totals(procs, n, &count);
	for (int i = 0; i < count; i++) {
		printf("%s\n    {\"program\": ", i ? "," : "");
		put_json_string(stdout, t[i].program);
		printf(", \"cpu_seconds\": %.9f, \"processes\": %u}", (double)t[i].cpu_ns / 1e9,
		       t[i].processes);
	}
	printf("\n  ]\n}\n");
	free(t);
}

int print_processes(const struct mode_options *opt)
{
	int n = opt->operand_count, *order;
	struct proc *procs;

	if (n <= 0)
		fatal("--processes lists the processes of profile files: name them "
		      "(gprof --processes gmon.out.*)");
	procs = xcalloc((size_t)n, sizeof(*procs));
	order = xcalloc((size_t)n, sizeof(*order));
	for (int i = 0; i < n; i++)
		read_one(&procs[i], opt->operands[i]);
	n = fold_windows(procs, n);
	link_parents(procs, n);
	tree_order(procs, n, order);
	if (opt->processes == PROCESSES_BY_CPU) {
		for (int i = 0; i < n; i++)
			order[i] = i;
		sort_rows = procs;
		sort_by_cpu = 1;
		qsort(order, (size_t)n, sizeof(*order), compare_rows);
	}
	if (opt->output)
		print_json(procs, n, order);
	else
		print_text(procs, n, order, opt->processes == PROCESSES_TREE);
	if (fflush(stdout) != 0 || ferror(stdout))
		fatal("error writing the report: %s", strerror(errno));
	for (int i = 0; i < n; i++)
		process_file_free(&procs[i].pf);
	free(procs);
	free(order);
	return 0;
}
