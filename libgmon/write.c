/* SPDX-License-Identifier: BSD-2-Clause
 *
 * write.c: writes the profile as a GNU gmon.out file.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Async-signal-safe (a snapshot is written from a signal handler): no
 * stdio, no malloc, no locks; system calls only.  Its names and buffers
 * are reserved here (workspaces), not on the caller's stack, which may be
 * an alternate signal stack or a small thread's: the whole write needs
 * less stack than glibc's writer (t-invisible-writer.sh measures it).
 *
 * Where: the name is "gmon.out", or "$GMON_OUT_PREFIX.<pid>", or in a
 * forked child without a prefix "gmon.out.<pid>", so that a child never
 * replaces its parent's file; the second and later images of one process
 * (exec) add "-<image>" to the pid ("gmon.out.<pid>-2"), so that an
 * image never replaces the one before.  A relative name is taken
 * relative to the directory the program started in, found again by its
 * path at each write and used only if it is still that directory (device
 * and inode as at start-up): no descriptor is held between writes, which
 * the program could trip over or escape a chroot through (see
 * start_directory).
 *
 * How: the profile goes to an unnamed file (O_TMPFILE) in the target's
 * directory, which is then linked in under the target's name, or, when
 * a target exists, under a temporary name renamed over it at once.  A
 * write killed half-way leaves nothing.  Where the file system has no
 * unnamed files, the profile is written to the temporary name itself,
 * created exclusively (so never through a symbolic link), then renamed;
 * temporaries left by dead processes are removed by the next process's
 * first write.  A reader sees the old file or the new one, never half of
 * one.
 *
 * Set-user-ID and set-group-ID programs write with the real user's and
 * group's file-system rights (setfsuid, setfsgid), or not at all.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <linux/capability.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h> /* renameat only */
#include <string.h>
#include <sys/auxv.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "arcs.h"
#include "environ.h"
#include "foreign.h"
#include "message.h"
#include "process.h"
#include "sampler.h"
#include "sink.h"
#include "stacks.h"
#include "window.h"
#include "write.h"

/* Never world-writable, whatever the umask. */
#define FILE_MODE 0664

/* How long a final write (exit, exec) waits for another thread's write
 * to finish before it writes anyway, in milliseconds. */
#define WAIT_MS 2000

/*
 * The writer's state.  Set once at start-up (gmon_writer_init, before
 * main) except: forked_child, image, owner and depth in a forked child
 * (gmon_writer_after_fork); owner, taken and released by a write with a
 * compare-and-swap (0 while no write runs); depth, changed only by the
 * thread that owns the writer (its nested signal handlers); swept, set by
 * a process's first write.
 */
static struct {
	char start_dir[PATH_MAX]; /* absolute; "" if getcwd failed */
	char prefix[PATH_MAX];    /* GMON_OUT_PREFIX; "" if unset */
	uintptr_t load_bias; /* subtracted from addresses: the file holds link-time addresses */
	int dir_known;       /* the start-up directory's identity, to find it again */
	dev_t dir_dev;
	ino_t dir_ino;
	int root_known; /* the root directory's at start-up, to tell a chroot */
	dev_t root_dev;
	ino_t root_ino;
	int secure; /* set-user-ID or set-group-ID at start-up */
	int forked_child;
	unsigned image; /* this image's number in its process: 1, or 2... after exec */
	int owner;      /* atomic: thread id of the write in progress, 0 if none */
	int depth;      /* the owner's writes nested in its own (signal handlers) */
	int swept;      /* atomic: stale temporaries were looked for */
} out;

void gmon_writer_init(uintptr_t load_bias, unsigned image)
{
	out.load_bias = load_bias;
	out.image = image ? image : 1;
	if (!getcwd(out.start_dir, sizeof out.start_dir) || out.start_dir[0] != '/')
		out.start_dir[0] = '\0';
	const char *prefix = gmon_getenv("GMON_OUT_PREFIX");
	if (prefix && strlen(prefix) < sizeof out.prefix)
		strcpy(out.prefix, prefix);
	out.secure = getauxval(AT_SECURE) || getuid() != geteuid() || getgid() != getegid();

	struct stat st;
	if (stat(".", &st) == 0) {
		out.dir_known = 1;
		out.dir_dev = st.st_dev;
		out.dir_ino = st.st_ino;
	}
	if (stat("/", &st) == 0) {
		out.root_known = 1;
		out.root_dev = st.st_dev;
		out.root_ino = st.st_ino;
	}
}


static size_t append(char *buf, size_t at, size_t size, const char *s)
{
	while (*s && at + 1 < size)
		buf[at++] = *s++;
	buf[at] = '\0';
	return at;
}

static const char *error_text(int error)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
	const char *text = strerrordesc_np(error);
	if (text)
		return text;
#elif !defined(__GLIBC__)
	/* musl: strerror looks the text up in a constant table (no buffer,
	 * no lock), so it is safe here; its unknown numbers read "No error
	 * information" */
	return strerror(error);
#endif
	static char unknown[32];
	strcpy(unknown, "error ");
	gmon_decimal(unknown + 6, (uint64_t)error);
	return unknown;
}

/*
 * What one write works with.  name and parent are relative to dir (or
 * absolute, and then dir is not used); shown is the name for messages,
 * absolute when the start-up directory's path is known.
 */
struct target {
	int (*content)(struct gmon_sink *s); /* puts the file's bytes; s->error is the outcome */
	int dir;
	int close_dir; /* dir was opened for this write */
	char name[PATH_MAX + 64];
	char parent[PATH_MAX + 64];
	char shown[PATH_MAX + 64];
	char temp[PATH_MAX + 128];
};

/* A directory entry as the getdents64 system call gives it. */
struct kernel_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/*
 * One write's room: both targets (gmon.out and its process file), the
 * sink's buffer, which also takes the directory entries of the sweep for
 * stale temporaries (before any file is written).  Reserved here, in
 * static memory, so that the write needs only a few hundred bytes of the
 * caller's stack, whatever stack that is.  A write takes a free one by
 * compare-and-swap for its whole length and gives it back; there is one
 * for the write in progress and spares for the writes that may overlap
 * it: a final write nested in a write of its own thread (a handler that
 * calls exit or exec), one made past the wait for another thread's.
 */
#define WORKSPACES 4
#define BUFFER_SIZE 4096

struct workspace {
	int busy; /* atomic */
	struct target t, p;
	union {
		unsigned char bytes[BUFFER_SIZE];
		struct kernel_dirent64 entry; /* aligned for the sweep */
	} buffer;
};
static struct workspace workspaces[WORKSPACES];

static struct workspace *take_workspace(void)
{
	for (int i = 0; i < WORKSPACES; i++) {
		int free = 0;
		if (__atomic_compare_exchange_n(&workspaces[i].busy, &free, 1, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return &workspaces[i];
	}
	return NULL;
}

static void give_back(struct workspace *w)
{
	__atomic_store_n(&w->busy, 0, __ATOMIC_RELEASE);
}

void gmon_writer_after_fork(void)
{
	out.forked_child = 1;
	out.image = 1; /* the child's first image */
	out.owner = 0;
	out.depth = 0;
	/* another thread's write in the parent is none of the child's */
	for (int i = 0; i < WORKSPACES; i++)
		workspaces[i].busy = 0;
}

static void report(const struct target *t, int error)
{
	char why[160] = ": ";
	append(why, 2, sizeof why, error_text(error));
	gmon_message("cannot write ", t->shown, why);
}

/* The name of the target, relative to the start-up directory; 0, or -1
 * if it does not fit.  NAME, NAME.PID (a prefix, a forked child) or
 * NAME.PID-IMAGE (the second and later images of a process). */
static int target_name(struct target *t)
{
	char number[24];
	const char *name = out.prefix[0] ? out.prefix : "gmon.out";
	size_t n = append(t->name, 0, sizeof t->name, name);
	if (out.prefix[0] || out.forked_child || out.image > 1 || gmon_window_on) {
		n = append(t->name, n, sizeof t->name, ".");
		n = append(t->name, n, sizeof t->name, gmon_decimal(number, (uint64_t)getpid()));
	}
	if (out.image > 1) {
		n = append(t->name, n, sizeof t->name, "-");
		n = append(t->name, n, sizeof t->name, gmon_decimal(number, out.image));
	}
	if (gmon_window_on) { /* NAME.PID[-IMAGE].WINDOW */
		n = append(t->name, n, sizeof t->name, ".");
		n = append(t->name, n, sizeof t->name, gmon_decimal(number, gmon_window_index()));
	}
	if (n + 1 >= sizeof t->name)
		return -1;
	const char *slash = strrchr(t->name, '/');
	if (!slash)
		strcpy(t->parent, ".");
	else if (slash == t->name)
		strcpy(t->parent, "/");
	else {
		memcpy(t->parent, t->name, (size_t)(slash - t->name));
		t->parent[slash - t->name] = '\0';
	}
	n = 0;
	t->shown[0] = '\0';
	if (t->name[0] != '/' && out.start_dir[0]) {
		n = append(t->shown, n, sizeof t->shown, out.start_dir);
		n = append(t->shown, n, sizeof t->shown, "/");
	}
	append(t->shown, n, sizeof t->shown, t->name);
	return 0;
}

static int same_directory(int fd)
{
	struct stat st;
	return out.dir_known && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) &&
	       st.st_dev == out.dir_dev && st.st_ino == out.dir_ino;
}

static int root_changed(void)
{
	struct stat st;
	return out.root_known && stat("/", &st) == 0 &&
	       (st.st_dev != out.root_dev || st.st_ino != out.root_ino);
}

/* dir opened for this write, if it is a directory that passes; else -1 */
static int open_directory(const char *path, int check)
{
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0 && check && !same_directory(fd)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/*
 * The directory to resolve a relative name against, opened for this
 * write only (the runtime holds no descriptor between writes: a program
 * would trip over it, and a chrooted one could fchdir out through it).
 * In order:
 * - the start-up directory's path, if it still leads to the directory
 *   the program started in (device and inode as at start-up): never
 *   somewhere a rename or a symbolic link has put in its place;
 * - the working directory, if it is still that directory (moved, or
 *   reached under another root);
 * - after a change of root (chroot), the working directory, where
 *   glibc's runtime writes: the file stays in the jail;
 * otherwise nowhere: anywhere else would be somewhere the user did not
 * start the program.  0, or -1 after a message.
 */
static int start_directory(struct target *t)
{
	t->dir = AT_FDCWD;
	t->close_dir = 0;
	if (t->name[0] == '/')
		return 0;
	int fd = out.start_dir[0] ? open_directory(out.start_dir, 1) : -1;
	if (fd < 0)
		fd = open_directory(".", 1);
	if (fd < 0 && root_changed()) {
		fd = open_directory(".", 0);
		strcpy(t->shown, t->name); /* the start-up path means nothing here */
	}
	if (fd >= 0) {
		t->dir = fd;
		t->close_dir = 1;
		return 0;
	}
	gmon_message("cannot write ", t->shown,
		     ": the directory the program started in is no longer there "
		     "(its path leads elsewhere and the program is not in it)");
	return -1;
}

/* ---- the records ---- */

static void sink_address(struct gmon_sink *s, uintptr_t pc)
{
	pc -= out.load_bias;
	gmon_sink_put(s, &pc, sizeof pc);
}

static void sink_u32(struct gmon_sink *s, uint32_t v)
{
	gmon_sink_put(s, &v, sizeof v);
}

static void put_header(struct gmon_sink *s)
{
	unsigned char header[GMON_HEADER_SIZE];
	memset(header, 0, sizeof header);
	memcpy(header, GMON_MAGIC, GMON_MAGIC_SIZE);
	uint32_t version = GMON_VERSION;
	memcpy(header + GMON_MAGIC_SIZE, &version, sizeof version);
	uint64_t run_id = gmon_process_run_id(); /* 0 with GMON_PROCESS=0 */
	if (run_id) {                            /* a process file goes with it (doc/format.md) */
		memcpy(header + GMON_RUN_ID_OFFSET, &run_id, sizeof run_id);
		memcpy(header + GMON_RUN_MARK_OFFSET, GMON_PROCESS_MAGIC, 4);
	}
	gmon_sink_put(s, header, sizeof header);
}

/* One record, or up to three when the samples are sparse (sampler.h). */
static void put_histogram(struct gmon_sink *s)
{
	struct gmon_hist_view views[3];
	unsigned n = gmon_hist_records(views);
	char dimension[GMON_HIST_DIMEN_SIZE];
	memset(dimension, 0, sizeof dimension);
	memcpy(dimension, "seconds", 7);
	for (unsigned i = 0; i < n; i++) {
		const struct gmon_hist_view *h = &views[i];
		unsigned char tag = GMON_TAG_TIME_HIST;
		gmon_sink_put(s, &tag, 1);
		sink_address(s, h->low_pc);
		sink_address(s, h->high_pc);
		sink_u32(s, (uint32_t)h->nbins);
		sink_u32(s, h->rate);
		gmon_sink_put(s, dimension, sizeof dimension);
		gmon_sink_put(s, "s", 1);
		if (!h->taken) {
			gmon_sink_put(s, h->bins, h->nbins * GMON_HIST_COUNTER_SIZE);
			continue;
		}
		/* a window: each bin's part, a few at a time */
		uint16_t part[64];
		for (size_t at = 0; at < h->nbins; at += 64) {
			size_t k = h->nbins - at < 64 ? h->nbins - at : 64;
			for (size_t j = 0; j < k; j++)
				part[j] = (uint16_t)(h->bins[at + j] - h->taken[at + j]);
			gmon_sink_put(s, part, k * GMON_HIST_COUNTER_SIZE);
		}
	}
}

static int put_arc(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count)
{
	struct gmon_sink *s = ctx;
	/* The record's count has 32 bits; gprof adds up repeated arcs. */
	do {
		uint32_t part = count > UINT32_MAX ? UINT32_MAX : (uint32_t)count;
		unsigned char tag = GMON_TAG_CG_ARC;
		gmon_sink_put(s, &tag, 1);
		sink_address(s, from_pc);
		sink_address(s, self_pc);
		sink_u32(s, part);
		count -= part;
	} while (count > 0);
	return s->error;
}

/* The whole profile into s; s->error says how it went. */
static int put_profile(struct gmon_sink *s)
{
	put_header(s);
	put_histogram(s);
	gmon_arcs_each(put_arc, s);
	return s->error;
}

/* The process file's bytes (process.c) into s. */
static int put_process(struct gmon_sink *s)
{
	gmon_process_put(s);
	return s->error;
}

/* t's content into fd, through the workspace's buffer; 0 or an errno. */
static int put_content(const struct target *t, struct workspace *w, int fd)
{
	struct gmon_sink s;
	gmon_sink_init(&s, fd, w->buffer.bytes, sizeof w->buffer.bytes);
	t->content(&s);
	gmon_sink_flush(&s);
	return s.error;
}

/* ---- temporaries ---- */

/* The temporary name of a write: NAME.<thread id>.tmp, or
 * NAME.<thread id>-<depth>.tmp for a write nested in another of the same
 * thread.  The thread id is the process id for the main thread. */
static int temp_name(struct target *t, int tid, int depth)
{
	char number[24];
	size_t n = append(t->temp, 0, sizeof t->temp, t->name);
	n = append(t->temp, n, sizeof t->temp, ".");
	n = append(t->temp, n, sizeof t->temp, gmon_decimal(number, (uint64_t)tid));
	if (depth) {
		n = append(t->temp, n, sizeof t->temp, "-");
		n = append(t->temp, n, sizeof t->temp, gmon_decimal(number, (uint64_t)depth));
	}
	n = append(t->temp, n, sizeof t->temp, ".tmp");
	return n + 1 < sizeof t->temp ? 0 : -1;
}
/* Parses digits at *p; the number, or -1. */
static long digits(const char **p)
{
	long n = 0;
	if (**p < '0' || **p > '9')
		return -1;
	while (**p >= '0' && **p <= '9') {
		if (n > 100000000)
			return -1;
		n = n * 10 + (**p - '0');
		(*p)++;
	}
	return n;
}

/* If name is a temporary of a target named stem, stem.<pid> or
 * stem.<pid>-<image>, the id of the thread that wrote it; else -1.  The
 * forms: stem[.N[-I]].TID[-D].tmp, and .process.tmp for the process
 * file's: numbers joined by dots and dashes, the last number after a dot
 * the writer's, a dash and a number after it its depth. */
static long temp_writer(const char *name, const char *stem)
{
	size_t len = strlen(stem);
	if (strncmp(name, stem, len) != 0)
		return -1;
	const char *p = name + len;
	long writer = -1;
	int numbers = 0;
	while ((*p == '.' || *p == '-') && p[1] >= '0' && p[1] <= '9' && numbers < 6) {
		char separator = *p++;
		long n = digits(&p);
		if (n < 0)
			return -1;
		if (separator == '.')
			writer = n;
		numbers++;
	}
	/* gmon.out's temporary, or its process file's (process_target) */
	if (strcmp(p, ".tmp") != 0 && strcmp(p, ".process.tmp") != 0)
		return -1;
	return writer;
}

/* Removes the temporaries that writers which no longer exist left beside
 * the target (killed during a write where files cannot be unnamed);
 * the directory entries are read into the workspace's buffer. */
static void remove_stale_temporaries(const struct target *t, struct workspace *w)
{
	const char *stem = out.prefix[0] ? out.prefix : "gmon.out";
	const char *slash = strrchr(stem, '/');
	if (slash)
		stem = slash + 1;
	int fd = openat(t->dir, t->parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	unsigned char *buf = w->buffer.bytes;
	ssize_t n;
	/* the system call itself: getdents64 is a glibc name (musl has
	 * getdents, with its own struct) */
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof w->buffer.bytes)) > 0) {
		for (ssize_t at = 0; at < n;) {
			struct kernel_dirent64 *d = (struct kernel_dirent64 *)(buf + at);
			at += d->d_reclen;
			long writer = temp_writer(d->d_name, stem);
			if (writer <= 0 || kill((pid_t)writer, 0) == 0 || errno != ESRCH)
				continue;
			struct stat st;
			if (fstatat(fd, d->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			    S_ISREG(st.st_mode))
				unlinkat(fd, d->d_name, 0);
		}
	}
	close(fd);
}

/* ---- creating the file ---- */

/* Links the unnamed file fd in as name; 0 or an errno. */
static int link_unnamed(int fd, int dir, const char *name)
{
	char proc[48] = "/proc/self/fd/";
	gmon_decimal(proc + strlen(proc), (uint64_t)fd);
	if (linkat(AT_FDCWD, proc, dir, name, AT_SYMLINK_FOLLOW) == 0)
		return 0;
	int error = errno;
	if (error == EEXIST)
		return error;
	/* no /proc: AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH */
	if (linkat(fd, "", dir, name, AT_EMPTY_PATH) == 0)
		return 0;
	return errno == EEXIST ? EEXIST : error;
}

/* Writes the profile to an unnamed file and links it in.  0, an errno,
 * or -1 if this file system has no unnamed files or this one cannot be
 * linked in (no /proc, and no capability for AT_EMPTY_PATH: a chroot):
 * then the caller writes the named way. */
static int write_unnamed(struct target *t, struct workspace *w)
{
	int fd = openat(t->dir, t->parent, O_TMPFILE | O_WRONLY | O_CLOEXEC, FILE_MODE);
	if (fd < 0)
		return errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL ? -1 : errno;
	int error = put_content(t, w, fd);
	if (!error) {
		error = link_unnamed(fd, t->dir, t->name);
		if (error == EEXIST) {
			/* Replace it: there is no call that links over a name, so
			 * link the complete file under the temporary name and
			 * rename that at once, with signals blocked in between:
			 * a handler that exits there would leave the name. */
			sigset_t all, before;
			sigfillset(&all);
			sigprocmask(SIG_BLOCK, &all, &before);
			unlinkat(t->dir, t->temp, 0);
			error = link_unnamed(fd, t->dir, t->temp);
			if (!error && renameat(t->dir, t->temp, t->dir, t->name) != 0) {
				error = errno;
				unlinkat(t->dir, t->temp, 0);
			} else if (error) {
				error = -1;
			}
			sigprocmask(SIG_SETMASK, &before, NULL);
		} else if (error) {
			error = -1;
		}
	}
	close(fd);
	return error;
}

/* Writes the profile to the temporary name and renames it; 0 or an errno. */
static int write_named(struct target *t, struct workspace *w)
{
	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(t->dir, t->temp, flags, FILE_MODE);
	if (fd < 0 && errno == EEXIST && unlinkat(t->dir, t->temp, 0) == 0)
		fd = openat(t->dir, t->temp, flags, FILE_MODE); /* left by a dead writer */
	if (fd < 0)
		return errno;
	int error = put_content(t, w, fd);
	if (close(fd) != 0 && !error)
		error = errno;
	if (!error && renameat(t->dir, t->temp, t->dir, t->name) != 0)
		error = errno;
	if (error)
		unlinkat(t->dir, t->temp, 0);
	return error;
}

/*
 * In set-user-ID and set-group-ID programs (and those with file
 * capabilities, which also run with AT_SECURE), the file-system rights
 * of the real user and group, for this thread, until restore_ids:
 * setfsuid and setfsgid to the real ids, and no effective capability
 * (a CAP_DAC_OVERRIDE that setfsuid leaves, as it does when the
 * file-system id was not root, would still open every directory).
 */
struct saved_ids {
	int secure;
	int caps_saved;
	uid_t uid;
	gid_t gid;
	struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3];
};

static int capabilities(struct __user_cap_data_struct *caps, int set)
{
	struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
	return (int)syscall(set ? SYS_capset : SYS_capget, &header, caps);
}

static void restore_ids(const struct saved_ids *saved)
{
	if (!saved->secure)
		return;
	setfsuid(saved->uid);
	setfsgid(saved->gid);
	if (saved->caps_saved) {
		struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3];
		memcpy(caps, saved->caps, sizeof caps);
		capabilities(caps, 1);
	}
}

static int take_real_ids(struct saved_ids *saved)
{
	/* set-user-ID at start-up, or ids changed since */
	saved->secure = out.secure || getuid() != geteuid() || getgid() != getegid();
	saved->caps_saved = 0;
	if (!saved->secure)
		return 0;
	saved->caps_saved = capabilities(saved->caps, 0) == 0;
	saved->gid = (gid_t)setfsgid(getgid());
	saved->uid = (uid_t)setfsuid(getuid());
	/* an invalid id changes nothing and returns the current one */
	int ok = (uid_t)setfsuid((uid_t)-1) == getuid() && (gid_t)setfsgid((gid_t)-1) == getgid();
	struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3];
	if (ok && capabilities(caps, 0) == 0) {
		int any = 0;
		for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) {
			any |= caps[i].effective != 0;
			caps[i].effective = 0;
		}
		if (any)
			ok = saved->caps_saved && capabilities(caps, 1) == 0;
	} else {
		ok = 0;
	}
	if (ok)
		return 0;
	restore_ids(saved);
	return -1;
}

/* The process file's target beside gmon.out's: DIR/.NAME.process (hidden,
 * so that a glob over the profiles, gmon.out.*, does not take it for one),
 * in the same directory, with its own temporary name.  0, or -1 if a name
 * does not fit. */
static int process_target(const struct target *t, struct target *p)
{
	const char *base = strrchr(t->name, '/');
	size_t dir = base ? (size_t)(base + 1 - t->name) : 0, n;
	const char *shown_base = strrchr(t->shown, '/');
	size_t shown_dir = shown_base ? (size_t)(shown_base + 1 - t->shown) : 0;

	*p = *t;
	p->content = put_process;
	p->close_dir = 0; /* t's to close */
	memcpy(p->name, t->name, dir);
	n = append(p->name, dir, sizeof p->name, GMON_PROCESS_PREFIX);
	n = append(p->name, n, sizeof p->name, t->name + dir);
	n = append(p->name, n, sizeof p->name, GMON_PROCESS_SUFFIX);
	if (n + 1 >= sizeof p->name)
		return -1;
	memcpy(p->shown, t->shown, shown_dir);
	n = append(p->shown, shown_dir, sizeof p->shown, GMON_PROCESS_PREFIX);
	n = append(p->shown, n, sizeof p->shown, t->shown + shown_dir);
	append(p->shown, n, sizeof p->shown, GMON_PROCESS_SUFFIX);
	/* its temporary is gmon.out's with ".process" before ".tmp", so that
	 * the sweep of dead writers' temporaries finds it too */
	n = strlen(t->temp);
	if (n < 4 || n + 9 >= sizeof p->temp)
		return -1;
	memcpy(p->temp, t->temp, n - 4); /* t->temp ends in ".tmp" (temp_name) */
	memcpy(p->temp + n - 4, ".process.tmp", 13);
	return 0;
}

/* Writes target t (unnamed first, else named); 0 or an errno. */
static int write_one(struct target *t, struct workspace *w)
{
	int error = write_unnamed(t, w);
	if (error < 0)
		error = write_named(t, w);
	return error;
}

static int write_target(struct workspace *w, int tid, int depth)
{
	struct target *t = &w->t, *p = &w->p;
	t->content = put_profile;
	if (target_name(t) != 0 || temp_name(t, tid, depth) != 0) {
		gmon_message("cannot write the profile: its path name is too long", NULL, NULL);
		return -1;
	}
	struct saved_ids ids;
	if (take_real_ids(&ids) != 0) {
		gmon_message("cannot write ", t->shown,
			     ": the real user's rights could not be taken");
		return -1;
	}
	int rc = -1;
	if (start_directory(t) == 0) {
		if (!__atomic_exchange_n(&out.swept, 1, __ATOMIC_RELAXED))
			remove_stale_temporaries(t, w);
		/* the process file first: a gmon.out with a new run id then
		 * always has its process file.  When neither can be written
		 * (the same directory), one line says so, gmon.out's. */
		int process_error = 0, too_long = 0;
		if (gmon_process_run_id()) {
			too_long = process_target(t, p) != 0;
			if (!too_long)
				process_error = write_one(p, w);
		}
		int error = write_one(t, w);
		if (error)
			report(t, error);
		else if (too_long)
			gmon_message("cannot write the process file: its path name is too long",
				     NULL, NULL);
		else if (process_error)
			report(p, process_error);
		rc = error ? -1 : 0;
		if (t->close_dir)
			close(t->dir);
	}
	restore_ids(&ids);
	return rc;
}

/* ---- windows ---- */

static int no_arc(void *ctx, uintptr_t from_pc, uintptr_t self_pc, uint64_t count)
{
	(void)ctx, (void)from_pc, (void)self_pc, (void)count;
	return 0;
}

static int no_sample(void *ctx, uintptr_t pc, uint64_t count)
{
	(void)ctx, (void)pc, (void)count;
	return 0;
}

static int no_stack(void *ctx, uint64_t count, uint32_t depth, uint32_t flags, uint32_t thread,
		    const uintptr_t *frames)
{
	(void)ctx, (void)count, (void)depth, (void)flags, (void)thread, (void)frames;
	return 0;
}

/* Every counted thing once, in the window phase set (window.h): noted
 * (FREEZE) or taken as written (COMMIT); the walks visit nothing then. */
static void walk_window(int phase)
{
	gmon_hist_window(phase);
	gmon_arcs_each(no_arc, NULL);
	gmon_foreign_samples_each(no_sample, NULL);
	gmon_foreign_arcs_each(no_arc, NULL);
	gmon_stacks_each(no_stack, NULL);
}

/* One window's write (window.h): the counts frozen, written as the
 * window's parts, and taken only if the file was written (else they go
 * to the next window, which keeps this one's number). */
static int write_window(struct workspace *w, int tid, int depth)
{
	gmon_window_begin();
	walk_window(GMON_WINDOW_FREEZE);
	gmon_window_writing();
	int rc = write_target(w, tid, depth);
	if (rc == 0) {
		gmon_window_commit();
		walk_window(GMON_WINDOW_COMMIT);
	}
	gmon_window_done(rc == 0);
	return rc;
}

/* ---- one writer at a time ---- */

static int claim(int *expected, int tid)
{
	*expected = 0;
	return __atomic_compare_exchange_n(&out.owner, expected, tid, 0, __ATOMIC_ACQUIRE,
					   __ATOMIC_RELAXED);
}

/* Waits a bounded time for another thread's write to end; 1 if this
 * thread then owns the writer, 0 if the time ran out. */
static int wait_for_writer(int tid)
{
	struct timespec ms = { 0, 1000000 };
	int owner;
	for (int i = 0; i < WAIT_MS; i++) {
		if (claim(&owner, tid))
			return 1;
		/* a writer that no longer exists will never finish */
		if (owner != 0 && syscall(SYS_tgkill, getpid(), owner, 0) != 0 && errno == ESRCH &&
		    __atomic_compare_exchange_n(&out.owner, &owner, tid, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return 1;
		nanosleep(&ms, NULL);
	}
	return 0;
}

/* A file-size limit (ulimit -f) would kill the program with SIGXFSZ in
 * the middle of the profile's write, its exit status and its unflushed
 * output lost.  So the writing thread holds SIGXFSZ back for the write:
 * write(2) then fails with EFBIG, reported in one line as any failure,
 * and the signal the write raised is taken out of the way (one that was
 * already pending is left alone); the thread's mask is put back. */
struct held_signal {
	sigset_t before;
	int was_pending;
};

static void hold_file_size_signal(struct held_signal *h)
{
	sigset_t xfsz, pending;
	sigemptyset(&xfsz);
	sigaddset(&xfsz, SIGXFSZ);
	sigprocmask(SIG_BLOCK, &xfsz, &h->before);
	h->was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGXFSZ);
}

static void release_file_size_signal(const struct held_signal *h)
{
	sigset_t xfsz, pending;
	sigemptyset(&xfsz);
	sigaddset(&xfsz, SIGXFSZ);
	if (!h->was_pending && sigpending(&pending) == 0 && sigismember(&pending, SIGXFSZ)) {
		struct timespec now = { 0, 0 };
		sigtimedwait(&xfsz, NULL, &now);
	}
	sigprocmask(SIG_SETMASK, &h->before, NULL);
}

int gmon_write_profile(int final)
{
	int saved_errno = errno;
	int tid = gettid(), owner, depth = 0, owned = claim(&owner, tid);
	if (!owned) {
		if (!final) {
			errno = saved_errno;
			return -2; /* a snapshot while another write runs: skip it */
		}
		if (owner == tid) {
			/* A signal handler interrupted this thread's own write,
			 * which cannot go on before the handler returns, and
			 * exit or exec means it never will: write a complete
			 * profile here, under a name of its own. */
			depth = ++out.depth;
		} else {
			/* Another thread's write: wait for it, a while.  Past
			 * that, write anyway; the two use different names. */
			owned = wait_for_writer(tid);
		}
	}
	struct workspace *w = take_workspace();
	int rc = -1;
	if (w) {
		/* The clocks' signals wait while this thread writes: a sample
		 * nested on the writer's frames would need room that a small
		 * alternate stack (a handler that snapshots or exits on 8 KiB)
		 * does not have; the kernel then kills the program.  The
		 * timers count what fires meanwhile (overruns), and a pending
		 * signal arrives when the write is done. */
		sigset_t clocks, before;
		sigemptyset(&clocks);
		sigaddset(&clocks, SIGPROF);
		sigaddset(&clocks, SIGTRAP);
		sigprocmask(SIG_BLOCK, &clocks, &before);
		struct held_signal xfsz;
		hold_file_size_signal(&xfsz);
		rc = gmon_window_on ? write_window(w, tid, depth) : write_target(w, tid, depth);
		release_file_size_signal(&xfsz);
		sigprocmask(SIG_SETMASK, &before, NULL);
		give_back(w);
	} else {
		gmon_message("cannot write the profile: too many writes at once", NULL, NULL);
	}
	if (depth)
		out.depth--;
	if (owned)
		__atomic_store_n(&out.owner, 0, __ATOMIC_RELEASE);
	errno = saved_errno;
	return rc;
}
