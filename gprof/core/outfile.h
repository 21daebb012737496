/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * outfile.h: every file gprof writes itself (gmon.sum, its process file,
 * -y's annotated sources), whole or not at all.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#ifndef GPROF_OUTFILE_H
#define GPROF_OUTFILE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * A file being written: a temporary file beside it (".NAME.XXXXXX", so
 * that the rename cannot cross devices), renamed over it by
 * outfile_commit once complete.  Between outfile_begin and the end
 * (commit or abort) the signals that would kill us (HUP, INT, QUIT,
 * TERM, PIPE, unless ignored) are held, and SIGXFSZ is ignored, so that a
 * file-size limit makes write() fail (EFBIG) instead of killing us with
 * the temporary file left behind.  A held signal that arrived cancels
 * the commit (the old file stays) and is delivered at the end.  On any
 * failure the temporary file is removed.  The file gets mode 0666 less
 * the umask, as a file fopen creates.
 */
struct outfile {
	const char *path;
	char *temp;
	int fd;       /* -1 once closed */
	FILE *stream; /* outfile_stream's, or NULL */
	int error;    /* the first write error (errno), or 0 */
	sigset_t held, old;
	struct sigaction old_xfsz;
};

/* Start writing path; false with one line in err (naming path) if the
 * temporary file cannot be made. */
bool outfile_begin(struct outfile *o, const char *path, char *err, size_t err_size);
/* Write size bytes (EINTR retried); false once a write has failed (the
 * error is kept for outfile_commit to report). */
bool outfile_write(struct outfile *o, const void *data, size_t size);
/* A stdio stream on the file, for printers; flushed and closed by
 * outfile_commit or outfile_abort.  NULL (and o->error set) on failure. */
FILE *outfile_stream(struct outfile *o);
/* Complete the file and rename it over path: false with one line in err
 * (a write error, fsync, close, a held signal, the rename), the
 * temporary file removed, path untouched.  The signals are restored
 * either way. */
bool outfile_commit(struct outfile *o, char *err, size_t err_size);
/* Give up: the temporary file removed, path untouched, signals restored. */
void outfile_abort(struct outfile *o);

#endif
