/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * program.c: which file is the profiled program (see program.h).
 *
 * GNU gprof reads whatever executable it is given (a.out when none is)
 * and, given another program's gmon.out, prints a profile of nothing.
 * A whole-process profile knows better: its process file names the
 * program that ran, by path and build-id.  So with no program named,
 * that is the one read; a program named that is not the one that ran
 * is refused with both names (GPROF_GNU_QUIRKS=other-program reads on,
 * as GNU does).  A gmon.out without a process file (GNU's, glibc's)
 * changes nothing: a.out, as GNU.
 *
 * A script ("#!") is not a program: the profile is of its interpreter
 * (python3 for a Python script), which is read instead, as the kernel
 * would have run it, "#!/usr/bin/env NAME" by NAME's place on PATH.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bfd.h>

#include "gmon_out.h"
#include "gmon/process_file.h"
#include "gmon/program.h"
#include "gmon/whole_process.h"
#include "symtab/debuginfo.h"
#include "symtab/object.h"
#include "core/util.h"

/* Scripts whose interpreter is a script: the kernel follows 4 levels. */
#define SCRIPT_DEPTH 4
/* The kernel reads this much of a "#!" line. */
#define SCRIPT_LINE 256
/* An object record longer than this is not read here (objects_read
 * will say what is wrong with the file). */
#define OBJECT_RECORD_MAX (1u << 20)

/* "gprof: MESSAGE", one line, as the messages of util.c are made
 * printable. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	char text[3 * PATH_MAX];
	char *copy = NULL;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", program_name, text_printable(text, &copy));
	free(copy);
}

static uint64_t get(const unsigned char *b, int bytes, bool big_endian)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)b[big_endian ? bytes - 1 - i : i] << (8 * i);
	return v;
}

static bool read_at(int fd, void *buffer, size_t size, uint64_t offset)
{
	ssize_t n;

	do
		n = pread(fd, buffer, size, (off_t)offset);
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)size;
}

/* The main program's object record of body[0..size), if it is one. */
static bool take_main_record(struct program *p, const unsigned char *body, size_t size,
			     bool big_endian)
{
	uint64_t bias, count, at = 20, length, i;

	if (size < 20 || !(get(body + 4, 4, big_endian) & GMON_OBJECT_MAIN))
		return false;
	bias = get(body + 8, 8, big_endian);
	count = get(body + 16, 4, big_endian);
	if (count > (size - at) / 16)
		return false;
	p->segments = xmalloc((count + 1) * 2 * sizeof(*p->segments));
	for (i = 0; i < count; i++, at += 16) {
		p->segments[2 * i] = get(body + at, 8, big_endian) - bias;
		p->segments[2 * i + 1] = get(body + at + 8, 8, big_endian) - bias;
	}
	p->segment_count = (size_t)count;
	if (size - at < 4 || (length = get(body + at, 4, big_endian)) > size - at - 4 ||
	    length > sizeof(p->build_id))
		return false;
	memcpy(p->build_id, body + at + 4, (size_t)length);
	p->build_id_size = (size_t)length;
	at += 4 + length;
	if (size - at < 4 || (length = get(body + at, 4, big_endian)) > size - at - 4 ||
	    length == 0)
		return false;
	p->recorded_path = xmalloc((size_t)length + 1);
	memcpy(p->recorded_path, body + at + 4, (size_t)length);
	p->recorded_path[length] = '\0';
	return strlen(p->recorded_path) == length; /* no NUL inside */
}

/* The main program's record in the process file beside the profile,
 * when the two are of one run.  Anything amiss: none (objects_read,
 * which reads the whole file, says what). */
static void read_main_record(struct program *p)
{
	unsigned char header[GMON_PROCESS_HEADER_SIZE], record[8];
	uint64_t run_id, offset = GMON_PROCESS_HEADER_SIZE;
	bool big_endian;
	struct stat st;
	const char *why;
	int fd;

	p->process_path = objects_process_path(p->profile);
	fd = open_regular(p->process_path, &st, &why);
	if (fd < 0)
		return;
	if (!read_at(fd, header, sizeof(header), 0) || memcmp(header, GMON_PROCESS_MAGIC, 4) != 0)
		goto done;
	/* the version says the byte order */
	if (get(header + 4, 4, false) == GMON_PROCESS_VERSION)
		big_endian = false;
	else if (get(header + 4, 4, true) == GMON_PROCESS_VERSION)
		big_endian = true;
	else
		goto done;
	run_id = process_run_id(p->profile, big_endian);
	if (run_id == 0 || run_id != get(header + 8, 8, big_endian))
		goto done;
	while (offset + 8 <= (uint64_t)st.st_size && read_at(fd, record, 8, offset)) {
		uint64_t tag = get(record, 4, big_endian), length = get(record + 4, 4, big_endian);

		offset += 8;
		if (length > (uint64_t)st.st_size - offset)
			break;
		if (tag == GMON_PROCESS_TAG_OBJECT && length <= OBJECT_RECORD_MAX) {
			unsigned char *body = xmalloc((size_t)length + 1);
			bool found = read_at(fd, body, (size_t)length, offset) &&
				     take_main_record(p, body, (size_t)length, big_endian);

			free(body);
			if (found) {
				p->recorded = true;
				break;
			}
			free(p->segments);
			free(p->recorded_path);
			p->segments = NULL;
			p->recorded_path = NULL;
			p->segment_count = 0;
			p->build_id_size = 0;
		}
		offset += length;
	}
done:
	close(fd);
}

bool program_is_marked_profile(const char *path)
{
	return process_run_id(path, false) != 0;
}

/* ------------------------------------------------------------ scripts */

/* name's place on PATH, as env(1) finds it, or NULL. */
static char *search_path(const char *name)
{
	const char *path = getenv("PATH");
	const char *dir, *end;

	if (path == NULL || *path == '\0')
		path = "/usr/local/bin:/usr/bin:/bin";
	for (dir = path; dir; dir = *end ? end + 1 : NULL) {
		size_t length;
		char *candidate;
		struct stat st;

		end = strchr(dir, ':');
		if (end == NULL)
			end = dir + strlen(dir);
		length = (size_t)(end - dir);
		candidate = xmalloc(length + strlen(name) + 3);
		/* an empty entry is the current directory */
		sprintf(candidate, "%.*s/%s", (int)(length ? length : 1), length ? dir : ".", name);
		if (stat(candidate, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(candidate, X_OK) == 0)
			return candidate;
		free(candidate);
	}
	return NULL;
}

/* The interpreter of the script at path, or NULL when path is no
 * script (or cannot be read: opening it will say why). */
static char *interpreter_of(const char *path)
{
	char line[SCRIPT_LINE + 1], *word, *save = NULL, *found = NULL;
	struct stat st;
	const char *why;
	ssize_t n;
	int fd = open_regular(path, &st, &why);

	if (fd < 0)
		return NULL;
	do
		n = pread(fd, line, SCRIPT_LINE, 0);
	while (n < 0 && errno == EINTR);
	close(fd);
	if (n < 3 || line[0] != '#' || line[1] != '!')
		return NULL;
	line[n] = '\0';
	line[strcspn(line, "\r\n")] = '\0';
	word = strtok_r(line + 2, " \t", &save);
	if (word == NULL)
		fatal("%s: a script without an interpreter (an empty #! line)", path);
	if (strcmp(strrchr(word, '/') ? strrchr(word, '/') + 1 : word, "env") != 0)
		return xstrdup(word);
	/* env [-S] [-i] [-u NAME] [NAME=VALUE]... COMMAND: the command */
	while ((word = strtok_r(NULL, " \t", &save)) != NULL) {
		if (strcmp(word, "-u") == 0 || strcmp(word, "-C") == 0)
			word = strtok_r(NULL, " \t", &save); /* and its argument */
		else if (word[0] != '-' && strchr(word, '=') == NULL)
			break;
		if (word == NULL)
			break;
	}
	if (word == NULL)
		fatal("%s: its #! line names env but no command", path);
	if (strchr(word, '/'))
		return xstrdup(word);
	found = search_path(word);
	if (found == NULL)
		fatal("%s: its interpreter, %s (#!/usr/bin/env %s), is not on PATH", path, word,
		      word);
	return found;
}

/* ------------------------------------------------------------ the choice */

void program_find(struct program *p, struct model *m, const struct read_options *opt)
{
	int depth;

	memset(p, 0, sizeof(*p));
	p->profile = opt->profile_file_count > 0 ? opt->profile_files[0] : "gmon.out";
	if (!opt->main_only && opt->profile_file_count > 0)
		read_main_record(p);
	if (!opt->executable_given && p->recorded) {
		struct stat st;

		p->path = model_strdup(m, p->recorded_path);
		if (stat(p->path, &st) != 0)
			fatal("%s: its program, %s, as its process file names it: %s (name the "
			      "program: gprof PROGRAM %s)",
			      p->profile, p->path, strerror(errno), p->profile);
		return;
	}
	p->path = opt->executable;
	p->named = opt->executable;
	for (depth = 0; depth < SCRIPT_DEPTH; depth++) {
		char *interpreter = interpreter_of(p->path);

		if (interpreter == NULL)
			break;
		say("%s: a script: reading its interpreter, %s", p->path, interpreter);
		p->script = p->script ? p->script : p->named;
		p->path = model_strdup(m, interpreter);
		free(interpreter);
	}
	if (depth == SCRIPT_DEPTH)
		fatal("%s: scripts whose interpreters are scripts, more than %d deep", p->named,
		      SCRIPT_DEPTH);
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

void program_check(const struct program *p, const struct object *obj,
		   const struct read_options *opt)
{
	unsigned char id[64];
	size_t id_size;
	bool same;

	if (!p->recorded)
		return;
	id_size = object_build_id(obj, id, sizeof(id));
	if (p->build_id_size)
		same = id_size == p->build_id_size && memcmp(id, p->build_id, id_size) == 0;
	else
		same = object_holds_segments(obj->abfd, p->segments, p->segment_count);
	if (same && p->named == NULL)
		say("%s: no program named: reading %s, the program its process file names",
		    p->profile, p->path);
	if (same)
		return;
	if (p->named == NULL)
		fatal("%s: not the program that wrote %s (its %s: rebuilt since the run?)", p->path,
		      p->profile,
		      p->build_id_size ? "build-id differs" : "code is not where it ran");
	if (opt->gnu_quirks & QUIRK_OTHER_PROGRAM)
		return;
	if (same_file(p->path, p->recorded_path))
		fatal("%s: not the build that wrote %s (its %s: rebuilt since the run?)", p->path,
		      p->profile,
		      p->build_id_size ? "build-id differs" : "code is not where it ran");
	if (p->script)
		fatal("%s: a profile of %s, not of %s (the interpreter of %s)", p->profile,
		      p->recorded_path, p->path, p->script);
	fatal("%s: a profile of %s, not of %s", p->profile, p->recorded_path, p->path);
}

/* ------------------------------------------------- several programs' files */

/* Is the run q's process file names the program abfd (with build-id
 * id)?  program_check's rule: the build-ids, else the code's place. */
static bool is_program(const struct program *q, bfd *abfd, const unsigned char *id, size_t id_size)
{
	if (q->build_id_size)
		return id_size == q->build_id_size && memcmp(id, q->build_id, id_size) == 0;
	return object_holds_segments(abfd, q->segments, q->segment_count);
}

const char *const *program_select(const struct read_options *opt, int *count)
{
	const char **kept, *path = opt->executable, *named = opt->executable;
	char *interpreter = NULL, *next, *others = NULL;
	struct {
		const char *path;
		int files;
	} * skipped;
	size_t others_size = 0;
	int i, k, kept_count = 0, skipped_count = 0, programs = 0;
	unsigned char id[64];
	size_t id_size;
	struct stat st;
	const char *why;
	bfd *abfd;
	int fd, depth;

	*count = opt->profile_file_count;
	if (opt->profile_file_count < 2 || (opt->gnu_quirks & QUIRK_OTHER_PROGRAM))
		return opt->profile_files;
	/* no program named: the one the first file's process file names
	 * (program_find reads that one) */
	if (!opt->executable_given) {
		struct program first;

		memset(&first, 0, sizeof(first));
		first.profile = opt->profile_files[0];
		read_main_record(&first);
		if (!first.recorded) {
			program_free(&first);
			return opt->profile_files;
		}
		path = named = interpreter = xstrdup(first.recorded_path);
		program_free(&first);
	}
	/* a script's profile is its interpreter's (program_find says so) */
	for (depth = 0;
	     depth < SCRIPT_DEPTH && opt->executable_given && (next = interpreter_of(path)) != NULL;
	     depth++) {
		free(interpreter);
		path = interpreter = next;
	}
	fd = open_regular(path, &st, &why);
	abfd = fd < 0 ? NULL : bfd_fdopenr(path, NULL, fd);
	if (abfd == NULL || !bfd_check_format(abfd, bfd_object)) {
		/* opening it as the program will say what is wrong */
		if (abfd)
			bfd_close(abfd);
		else if (fd >= 0)
			close(fd);
		free(interpreter);
		return opt->profile_files;
	}
	id_size = debuginfo_build_id(abfd, id, sizeof(id));
	kept = xcalloc((size_t)opt->profile_file_count + 1, sizeof(*kept));
	skipped = xcalloc((size_t)opt->profile_file_count + 1, sizeof(*skipped));
	for (i = 0; i < opt->profile_file_count; i++) {
		struct program q;

		memset(&q, 0, sizeof(q));
		q.profile = opt->profile_files[i];
		read_main_record(&q);
		if (!q.recorded || is_program(&q, abfd, id, id_size)) {
			kept[kept_count++] = opt->profile_files[i];
		} else {
			for (k = 0; k < programs && strcmp(skipped[k].path, q.recorded_path) != 0;
			     k++)
				;
			if (k == programs)
				skipped[programs++].path = xstrdup(q.recorded_path);
			skipped[k].files++;
			skipped_count++;
		}
		program_free(&q);
	}
	bfd_close(abfd);
	if (kept_count > 0 && skipped_count > 0) {
		for (k = 0; k < programs; k++) {
			size_t n = strlen(skipped[k].path) + 32;

			others = xrealloc(others, others_size + n);
			others_size += (size_t)snprintf(others + others_size, n, "%s%s (%d)",
							k ? ", " : "", skipped[k].path,
							skipped[k].files);
		}
		say("%s: skipped %d of the %d profile files, of other programs: %s", named,
		    skipped_count, opt->profile_file_count, others);
		*count = kept_count;
	}
	free(interpreter);
	for (k = 0; k < programs; k++)
		free((char *)skipped[k].path);
	free(skipped);
	free(others);
	if (*count == opt->profile_file_count) { /* nothing of PROG: program_check refuses */
		free(kept);
		return opt->profile_files;
	}
	return kept;
}

void program_free(struct program *p)
{
	free(p->process_path);
	free(p->recorded_path);
	free(p->segments);
	memset(p, 0, sizeof(*p));
}
