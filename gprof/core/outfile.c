/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * outfile.c: writing a file whole or not at all (outfile.h): a temporary
 * file, fatal signals held and SIGXFSZ ignored while it is written, a
 * rename at the end, the temporary file removed on every failure.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/outfile.h"
#include "core/util.h"

/* Signals that would kill us between creating the temporary file and
 * renaming it: held back meanwhile, so that the file is never left. */
static void hold_signals(struct outfile *o)
{
	static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE };
	struct sigaction ignore;
	size_t i;

	sigemptyset(&o->held);
	for (i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++) {
		struct sigaction sa;

		/* one we ignore (nohup) must not cancel the write */
		if (sigaction(fatal_signals[i], NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			continue;
		sigaddset(&o->held, fatal_signals[i]);
	}
	sigprocmask(SIG_BLOCK, &o->held, &o->old);
	/* past a file-size limit write() fails with EFBIG rather than the
	 * signal killing us with the temporary file left behind */
	memset(&ignore, 0, sizeof(ignore));
	ignore.sa_handler = SIG_IGN;
	sigemptyset(&ignore.sa_mask);
	sigaction(SIGXFSZ, &ignore, &o->old_xfsz);
}

static void release_signals(struct outfile *o)
{
	sigaction(SIGXFSZ, &o->old_xfsz, NULL);
	sigprocmask(SIG_SETMASK, &o->old, NULL);
}

/* Did one of the held signals arrive? */
static bool signal_pending(const sigset_t *held)
{
	sigset_t pending;
	int sig;

	if (sigpending(&pending) != 0)
		return false;
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(held, sig) == 1 && sigismember(&pending, sig) == 1)
			return true;
	return false;
}

bool outfile_begin(struct outfile *o, const char *path, char *err, size_t err_size)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t dir_len = (size_t)(base - path);

	memset(o, 0, sizeof(*o));
	o->path = path;
	o->temp = xmalloc(strlen(path) + 9);
	memcpy(o->temp, path, dir_len);
	sprintf(o->temp + dir_len, ".%s.XXXXXX", base);
	hold_signals(o);
	o->fd = mkstemp(o->temp);
	if (o->fd < 0) {
		snprintf(err, err_size, "%s: cannot create a temporary file in %s: %s", path,
			 dir_len ? "its directory" : "the current directory", strerror(errno));
		release_signals(o);
		free(o->temp);
		o->temp = NULL;
		return false;
	}
	return true;
}

bool outfile_write(struct outfile *o, const void *data, size_t size)
{
	const unsigned char *p = data;

	while (size > 0 && o->error == 0) {
		ssize_t n = write(o->fd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			o->error = n < 0 ? errno : ENOSPC;
			break;
		}
		p += n;
		size -= (size_t)n;
	}
	return o->error == 0;
}

FILE *outfile_stream(struct outfile *o)
{
	if (o->stream == NULL) {
		o->stream = fdopen(o->fd, "w");
		if (o->stream == NULL && o->error == 0)
			o->error = errno;
	}
	return o->stream;
}

/* Close the file (its stream too), keeping the first error. */
static void close_file(struct outfile *o)
{
	if (o->stream) {
		if ((ferror(o->stream) || fflush(o->stream) != 0) && o->error == 0)
			o->error = errno ? errno : EIO;
		if (o->error == 0 && fsync(o->fd) != 0)
			o->error = errno;
		if (fclose(o->stream) != 0 && o->error == 0)
			o->error = errno;
	} else if (o->fd >= 0) {
		if (o->error == 0 && fsync(o->fd) != 0)
			o->error = errno;
		if (close(o->fd) != 0 && o->error == 0)
			o->error = errno;
	}
	o->stream = NULL;
	o->fd = -1;
}

static void finish(struct outfile *o, bool keep)
{
	if (!keep)
		unlink(o->temp);
	free(o->temp);
	o->temp = NULL;
	release_signals(o);
}

bool outfile_commit(struct outfile *o, char *err, size_t err_size)
{
	mode_t mask = umask(0);

	umask(mask);
	if (o->error == 0 && fchmod(o->fd, 0666 & ~mask) != 0)
		o->error = errno;
	close_file(o);
	if (o->error) {
		snprintf(err, err_size, "%s: write failed: %s", o->path, strerror(o->error));
		finish(o, false);
		return false;
	}
	if (signal_pending(&o->held)) {
		snprintf(err, err_size, "%s: interrupted by a signal; left as it was", o->path);
		finish(o, false);
		return false;
	}
	if (rename(o->temp, o->path) != 0) {
		snprintf(err, err_size, "%s: cannot replace it: %s", o->path, strerror(errno));
		finish(o, false);
		return false;
	}
	finish(o, true);
	return true;
}

void outfile_abort(struct outfile *o)
{
	if (o->temp == NULL)
		return;
	close_file(o);
	finish(o, false);
}
