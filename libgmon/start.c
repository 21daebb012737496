/* SPDX-License-Identifier: BSD-2-Clause
 *
 * start.c: start-up and control: monstartup, moncontrol, _mcleanup, the
 * self-start constructor, fork, the snapshot signal, the final write
 * when the process ends without its exit handlers, and the environment.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Start-up runs once, before main, in an ordinary context.  The
 * snapshot handler, the final write at a fatal signal (fatal.c) and at
 * _exit (exit.c) may run in a signal context; they call the writer,
 * which is async-signal-safe.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "../include/libgmon.h"
#include "arcs.h"
#include "clock.h"
#include "environ.h"
#include "fatal.h"
#include "golang.h"
#include "identity.h"
#include "message.h"
#include "objects.h"
#include "process.h"
#include "sampler.h"
#include "start.h"
#include "state.h"
#include "threads.h"
#include "wait.h"
#include "window.h"
#include "write.h"

/* Named by the stubs (arch/ARCH/mcount.S), so that every program that
 * has a hook links this file, and with it the constructor below. */
const char gmon_start_linked GMON_HIDDEN = 1;

static int started;       /* atomic: __monstartup ran (or is running) */
static int cleaned;       /* atomic: _mcleanup ran */
static int ready;         /* atomic: the table and histogram exist */
static int forked;        /* this process is a forked child */
static int exec_tried;    /* this forked child called an exec function */
static int without_hooks; /* started by GMON_START in a program without hooks */

/*
 * Whose profile this is.  The counts belong to the process that started
 * the profile, or to the child a fork gave fresh ones (the fork handler
 * sets owner to it).  A vfork child, or any other child that shares this
 * memory or copied it without the fork handler (clone), has another pid
 * and the parent's counts: it writes nothing and stops nothing, at exit,
 * exec or a snapshot, or it would write the parent's profile as its own
 * (and, sharing the memory, end the parent's profile).
 */
static pid_t owner;

static int owns_profile(void)
{
	return getpid() == owner;
}

/*
 * Which image of its process this one is (exec keeps the pid): 1, or the
 * number the image before handed on in GMON_IMAGE=PID:N (exec.c).  Read
 * and taken out of the environment at start-up, by every image that
 * loads the runtime, profiled or not, so that the program never sees
 * it; passed on, one more if this image wrote its file, to the image an
 * exec of this process starts (gmon_next_image).  wrote: this image,
 * in this process, wrote (or tried to write) its file.
 */
static unsigned image = 1;
static pid_t image_pid;
static int image_read;
static int wrote; /* atomic */

static void read_image(void)
{
	if (image_read)
		return;
	image_read = 1;
	image_pid = getpid();
	const char *v = getenv("GMON_IMAGE");
	if (!v)
		return;
	/* not in a set-user-ID program (gmon_getenv): the environment is
	 * someone else's; but taken out all the same */
	if (gmon_getenv("GMON_IMAGE")) {
		char *end;
		errno = 0;
		long pid = strtol(v, &end, 10);
		if (!errno && *end == ':' && pid == (long)image_pid) {
			long n = strtol(end + 1, &end, 10);
			if (!errno && !*end && n >= 2 && n <= 1000000)
				image = (unsigned)n;
		}
	}
	unsetenv("GMON_IMAGE");
}

unsigned gmon_next_image(void)
{
	if (!image_read || getpid() != image_pid)
		return 0; /* a child's next image is its process's first */
	unsigned next = image + (__atomic_load_n(&wrote, __ATOMIC_RELAXED) ? 1 : 0);
	return next > 1 ? next : 0;
}

/* The writer, for this process only; notes that this image named its file. */
static int write_profile(int final)
{
	if (!owns_profile())
		return -1;
	int rc = gmon_write_profile(final);
	if (rc != -2)
		__atomic_store_n(&wrote, 1, __ATOMIC_RELAXED);
	return rc;
}

/* Where the main program was loaded, and its executable segments. */
struct main_program {
	uintptr_t bias;
	uintptr_t text_low, text_high;
	const ElfW(Phdr) * phdr;
	size_t phnum;
};

static int find_main_program(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct main_program *m = data;
	m->bias = info->dlpi_addr;
	m->phdr = info->dlpi_phdr;
	m->phnum = info->dlpi_phnum;
	m->text_low = UINTPTR_MAX;
	m->text_high = 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		uintptr_t low = info->dlpi_addr + ph->p_vaddr;
		if (low < m->text_low)
			m->text_low = low;
		if (low + ph->p_memsz > m->text_high)
			m->text_high = low + ph->p_memsz;
	}
	return 1; /* the main program comes first: stop there */
}

/* A window's time is up (window.c's tick, in the clock's handler): its
 * file is written from there, as a snapshot is; skipped if another
 * write runs (its counts then go to the next window). */
static void write_window(void)
{
	if (__atomic_load_n(&ready, __ATOMIC_ACQUIRE) && owns_profile())
		write_profile(0);
}

/* The snapshot signal (0 if none), its name for messages, and whether
 * the program was told that it replaced the handler. */
static int snapshot_signal;
static char snapshot_signal_name[24];
static int warned_replaced; /* atomic */

static void write_snapshot(int signo)
{
	(void)signo;
	write_profile(0);
}

/* A program that installs its own handler for the snapshot signal takes
 * the snapshots away; say so once, when the profile is next written. */
static void check_snapshot_handler(void)
{
	struct sigaction sa;
	if (!snapshot_signal || __atomic_load_n(&warned_replaced, __ATOMIC_RELAXED) ||
	    sigaction(snapshot_signal, NULL, &sa) != 0)
		return;
	if (!(sa.sa_flags & SA_SIGINFO) && sa.sa_handler == write_snapshot)
		return;
	if (!__atomic_exchange_n(&warned_replaced, 1, __ATOMIC_RELAXED))
		gmon_message("the program replaced the handler of ", snapshot_signal_name,
			     " (GMON_SNAPSHOT_SIGNAL): no snapshots since");
}

int gmon_snapshot(void)
{
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE))
		return -1;
	if (!owns_profile())
		return -1;
	check_snapshot_handler();
	return write_profile(0) == 0 ? 0 : -1;
}

/* The signals by name, and which of them a snapshot may not use: those
 * the kernel raises for a fault in the program (a handler that returns
 * runs the faulting instruction again: a crash becomes an endless loop
 * of snapshots), abort's (the program means to die, with no profile),
 * those that cannot be caught, and the sampler's. */
enum {
	SNAP_OK,
	SNAP_FAULT,
	SNAP_UNUSABLE
};
static const struct signal_name {
	const char *name;
	int number;
	int use;
} signal_names[] = {
	{ "HUP", SIGHUP, SNAP_OK },       { "INT", SIGINT, SNAP_OK },
	{ "QUIT", SIGQUIT, SNAP_OK },     { "ILL", SIGILL, SNAP_FAULT },
	{ "TRAP", SIGTRAP, SNAP_FAULT },  { "ABRT", SIGABRT, SNAP_FAULT },
	{ "IOT", SIGABRT, SNAP_FAULT },   { "BUS", SIGBUS, SNAP_FAULT },
	{ "FPE", SIGFPE, SNAP_FAULT },    { "KILL", SIGKILL, SNAP_UNUSABLE },
	{ "USR1", SIGUSR1, SNAP_OK },     { "SEGV", SIGSEGV, SNAP_FAULT },
	{ "USR2", SIGUSR2, SNAP_OK },     { "PIPE", SIGPIPE, SNAP_OK },
	{ "ALRM", SIGALRM, SNAP_OK },     { "TERM", SIGTERM, SNAP_OK },
	{ "STKFLT", SIGSTKFLT, SNAP_OK }, { "CHLD", SIGCHLD, SNAP_OK },
	{ "CONT", SIGCONT, SNAP_OK },     { "STOP", SIGSTOP, SNAP_UNUSABLE },
	{ "TSTP", SIGTSTP, SNAP_OK },     { "TTIN", SIGTTIN, SNAP_OK },
	{ "TTOU", SIGTTOU, SNAP_OK },     { "URG", SIGURG, SNAP_OK },
	{ "XCPU", SIGXCPU, SNAP_OK },     { "XFSZ", SIGXFSZ, SNAP_OK },
	{ "VTALRM", SIGVTALRM, SNAP_OK }, { "PROF", SIGPROF, SNAP_UNUSABLE },
	{ "WINCH", SIGWINCH, SNAP_OK },   { "IO", SIGIO, SNAP_OK },
	{ "POLL", SIGPOLL, SNAP_OK },     { "PWR", SIGPWR, SNAP_OK },
	{ "SYS", SIGSYS, SNAP_FAULT },
};

static const struct signal_name *signal_by_number(int n)
{
	for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
		if (signal_names[i].number == n)
			return &signal_names[i];
	return NULL;
}

/* The snapshot signal GMON_SNAPSHOT_SIGNAL names (a name, SIGname or a
 * number), or 0 after a message. */
static int snapshot_signal_from(const char *setting)
{
	const struct signal_name *known = NULL;
	const char *name = strncmp(setting, "SIG", 3) == 0 ? setting + 3 : setting;
	int n = -1;
	for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
		if (strcmp(name, signal_names[i].name) == 0)
			known = &signal_names[i];
	if (known) {
		n = known->number;
	} else if (name == setting) {
		char *end;
		errno = 0;
		long number = strtol(setting, &end, 10);
		if (!*end && !errno && setting[0] >= '0' && setting[0] <= '9' && number >= 1 &&
		    number < NSIG &&
		    (number < 32 || number >= SIGRTMIN)) /* 32, 33: the C library's */
			n = (int)number;
		known = signal_by_number(n);
	}
	if (known && known->use == SNAP_FAULT) {
		char why[96] = ": SIG";
		strcat(why, signal_by_number(n)->name);
		strcat(why, " reports a fault; profiling goes on without snapshots");
		gmon_message("ignoring GMON_SNAPSHOT_SIGNAL=", setting, why);
		return 0;
	}
	if (n < 0 || (known && known->use == SNAP_UNUSABLE)) {
		gmon_message("ignoring GMON_SNAPSHOT_SIGNAL=", setting,
			     ": not a signal it can use");
		return 0;
	}
	if (known) {
		strcpy(snapshot_signal_name, "SIG");
		strcat(snapshot_signal_name, known->name);
	} else {
		strcpy(snapshot_signal_name, "signal ");
		gmon_decimal(snapshot_signal_name + 7, (uint64_t)n);
	}
	return n;
}

static void install_snapshot_signal(void)
{
	const char *setting = gmon_getenv("GMON_SNAPSHOT_SIGNAL");
	if (!setting)
		return;
	int signo = snapshot_signal_from(setting);
	if (!signo)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = write_snapshot;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(signo, &sa, NULL) == 0)
		snapshot_signal = signo;
}

/* A forked child profiles on with empty counts and its own file name:
 * its file holds what the child did, the parent's what the parent did,
 * and gprof can add them up without counting anything twice. */
static void after_fork_in_child(void)
{
	/* The parent's clock may go on in the child (an inherited perf
	 * event fires from the fork on): no sample may land in a table
	 * while it is emptied, so the clock's signals wait meanwhile. */
	sigset_t all, saved;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	forked = 1;
	exec_tried = 0;
	owner = getpid();
	image_pid = owner;
	image = 1;
	__atomic_store_n(&wrote, 0, __ATOMIC_RELAXED);
	gmon_arcs_reset();
	gmon_window_after_fork();
	gmon_process_after_fork();
	gmon_writer_after_fork();
	gmon_sampler_after_fork();
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/* Called by the exec functions (exec.c): the image is about to be
 * replaced, so write the profile so far.  A forked child that execs (the
 * usual way to start another program) has done next to nothing since the
 * fork and would only leave a file per command: it writes nothing; nor
 * does a vfork child (not the owner: the counts are its parent's). */
void gmon_before_exec(void)
{
	if (forked || !__atomic_load_n(&ready, __ATOMIC_ACQUIRE) ||
	    __atomic_load_n(&cleaned, __ATOMIC_ACQUIRE) || !owns_profile())
		return;
	check_snapshot_handler();
	write_profile(1);
}

/* The process ends without its exit handlers: a signal at its default
 * action (fatal.c) or _exit (exit.c).  Write the profile, complete,
 * from wherever that happens: nothing here but the writer, which is
 * async-signal-safe (no refresh of the object table: its loader lock
 * may be held by the code interrupted). */
static void write_final(void)
{
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE) || !owns_profile())
		return;
	/* the counts stop here, as they would at exit */
	__atomic_store_n(&gmon_state, GMON_DONE, __ATOMIC_RELEASE);
	check_snapshot_handler();
	write_profile(1);
}

/* A signal at its default action: the process dies of it next.  Also
 * after exit's write, or in the middle of it (the handler's write is
 * then complete and the interrupted one abandoned). */
static void write_at_fatal_signal(void)
{
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE) || !owns_profile())
		return; /* a vfork child's signal: the profile is its parent's */
	__atomic_store_n(&cleaned, 1, __ATOMIC_RELEASE);
	write_final();
}

void gmon_exec_attempted(void)
{
	if (forked)
		exec_tried = 1;
}

void gmon_before_exit(void)
{
	/* once, as _mcleanup; a forked child whose exec failed has done
	 * nothing of its own (as one that execs, it writes nothing) */
	if (forked && exec_tried)
		return;
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE) || !owns_profile() ||
	    __atomic_exchange_n(&cleaned, 1, __ATOMIC_ACQ_REL))
		return;
	write_final();
}

/* GMON_CLOCK: a row's name in the table of clocks (clocks.c; the
 * first, cpu, by default), or wall: cpu's clocks, and the waits counted
 * too (*wall set, wait.c). */
static const char *clock_from_environment(int *wall)
{
	const char *v = gmon_getenv("GMON_CLOCK");
	*wall = v && strcmp(v, "wall") == 0;
	if (v && !*wall && gmon_clock_named(v))
		return v;
	if (v && !*wall) {
		char tail[300];
		strcpy(tail, ": not ");
		strncat(tail, gmon_clock_names("wall"), sizeof tail - 7);
		gmon_message("ignoring GMON_CLOCK=", v, tail);
	}
	return gmon_clocks[0].name;
}

void __monstartup(unsigned long lowpc, unsigned long highpc)
{
	if (__atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL))
		return; /* self-started already (LD_PRELOAD), or called twice */
	owner = getpid();
	read_image();
	struct main_program m;
	memset(&m, 0, sizeof m);
	dl_iterate_phdr(find_main_program, &m);
	gmon_writer_init(m.bias, image);
	gmon_window_init();        /* before the tables: their windows' shadows */
	gmon_identity_init(image); /* pid, parent, arguments: process.c writes them */

	/* Arcs: one per 16 text bytes and 4096 more by default; untouched
	 * pages of the table cost nothing. */
	size_t text = highpc > lowpc ? highpc - lowpc : 0;
	size_t arcs = gmon_env_number("GMON_ARCS", text / 16 + 4096, 1, 1ul << 28);
	if (gmon_arcs_init(lowpc, highpc, arcs) != 0 || gmon_hist_init(lowpc, highpc) != 0) {
		gmon_message("cannot map memory for the profile: not profiling", NULL, NULL);
		return;
	}
	pthread_atfork(NULL, NULL, after_fork_in_child);
	gmon_wait_resolve();              /* before any signal of ours is armed */
	gmon_process_init(without_hooks); /* the rest of the process: process.c */
	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
	install_snapshot_signal();
	if (gmon_window_on)
		gmon_window_set_writer(write_window);
	gmon_fatal_install(write_at_fatal_signal, snapshot_signal);
	int wall;
	const char *clock = clock_from_environment(&wall);
	unsigned rate = gmon_sampler_start((unsigned)gmon_env_number("GMON_RATE", 100, 1, 100000),
					   clock,
					   gmon_threads_all_wrapped && gmon_threads_all_wrapped());
	/* every clock failed (timer_create's EAGAIN once the user's pending
	 * signals reach RLIMIT_SIGPENDING): say so, rather than write a
	 * profile without samples in silence */
	if (rate == 0)
		gmon_message(
			"no clock could start (timer_create refused: the user's "
			"RLIMIT_SIGPENDING reached?): call counts only, no samples",
			NULL, NULL);
	int process_wide = gmon_sampler_process_wide();
	if (rate && gmon_wait_start(rate, wall, process_wide) != 0) {
		/* only libgmon.a refuses (wait.c) */
		gmon_message(
			"GMON_CLOCK=wall needs libgmon.so (gprof-run, LD_PRELOAD), libgmon.a "
			"cannot wrap the waiting calls: sampling CPU time only",
			NULL, NULL);
		gmon_wait_start(rate, 0, process_wide);
		wall = 0;
	}
	/* what the samples measure, for the process file's times record */
	gmon_process_set_clock(rate == 0 ? 0
			       : wall    ? GMON_PROCESS_CLOCK_WALL
					 : gmon_sampler_clock_code());
	/* the counts start once the clock runs: a sample taken while the
	 * clock started (in its system calls, under load) is the runtime's
	 * own start, whose stack no view could name as the runtime's */
	__atomic_store_n(&gmon_state, GMON_ON, __ATOMIC_RELEASE);
}

void monstartup(unsigned long lowpc, unsigned long highpc) __attribute__((alias("__monstartup")));

void moncontrol(int mode)
{
	int want = mode ? GMON_ON : GMON_OFF;
	int state = __atomic_load_n(&gmon_state, __ATOMIC_RELAXED);
	while (state != GMON_DONE && __atomic_load_n(&ready, __ATOMIC_RELAXED) &&
	       !__atomic_compare_exchange_n(&gmon_state, &state, want, 0, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		;
}

void _mcleanup(void)
{
	/* a vfork child's exit must not end its parent's profile */
	if (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE) || !owns_profile() ||
	    __atomic_exchange_n(&cleaned, 1, __ATOMIC_ACQ_REL))
		return;
	/* the counts stop first, as glibc's moncontrol(0) does: then no
	 * sample lands in the clock's own stop (its system calls) */
	__atomic_store_n(&gmon_state, GMON_DONE, __ATOMIC_RELEASE);
	gmon_sampler_stop();
	gmon_wait_stop();
	check_snapshot_handler();
	/* name what was loaded since the last dlopen or dlclose; exit is an
	 * ordinary context here unless a signal handler called it, and
	 * dl_iterate_phdr is then at worst what the program itself risked */
	gmon_objects_refresh();
	write_profile(1);
}

#ifdef GMON_SHARED
/* As a shared object, libgmon may be preloaded into every process a
 * profiled program starts (a shell, make, ...).  Start only in a main
 * program that calls one of the hooks: its dynamic string table then
 * names it. */
static int main_program_has_hook(const struct main_program *m)
{
	static const char *const hooks[] = { "mcount", "_mcount", "__fentry__",
					     "__cyg_profile_func_enter" };
	for (size_t h = 0; h < sizeof hooks / sizeof hooks[0]; h++)
		if (gmon_object_names(m->bias, m->phdr, m->phnum, hooks[h]))
			return 1;
	return 0;
}

static int in_preload(int take_out);

/* GMON_START says which processes the preloaded runtime profiles
 * (doc/runtime.md, "Starting without -pg"):
 *   unset    this process, hooks or not, if LD_PRELOAD names libgmon.so
 *            (LD_PRELOAD=libgmon.so alone); else as 0;
 *   1        the same; the variable taken out of the environment;
 *   PID      the same, if PID is this process's id (gprof-run puts its
 *            own there, and becomes the program): a copy of the
 *            variable that reaches another process does nothing;
 *   all      this process and every program started from it that
 *            preloads libgmon (kept in the environment);
 *   0        only a main program with hooks, as before 2026-11-28.
 * Anything else: one line, and as 0.  With unset, 1 or a PID (whether
 * it starts or not), the programs this process starts are left alone:
 * libgmon.so is taken out of LD_PRELOAD (*children = 0), so they run
 * without the runtime, as they would without the profiler. */
static int asked_to_start(int *children)
{
	const char *v = gmon_getenv("GMON_START");
	*children = 1;
	if (!v) {
		/* asked by LD_PRELOAD itself, not by /etc/ld.so.preload or a
		 * link with -lgmon (nor in a set-user-ID program: the loader
		 * takes LD_PRELOAD away there) */
		*children = 0;
		return !getauxval(AT_SECURE) && in_preload(0);
	}
	if (strcmp(v, "0") == 0)
		return 0;
	if (strcmp(v, "all") == 0)
		return 1;
	int yes = strcmp(v, "1") == 0;
	if (!yes && v[0] >= '1' && v[0] <= '9') {
		char *end;
		errno = 0;
		long pid = strtol(v, &end, 10);
		if (*end || errno) {
			gmon_message("ignoring GMON_START=", v, ": not 1, all, 0 or a process id");
			return 0;
		}
		yes = pid == (long)getpid();
	} else if (!yes) {
		gmon_message("ignoring GMON_START=", v, ": not 1, all, 0 or a process id");
		return 0;
	}
	unsetenv("GMON_START");
	*children = 0;
	return yes;
}

/* Whether LD_PRELOAD names this library (the entries that are this
 * very file, however named); with take_out, those entries are taken
 * out of it (the others kept, in their order), so that the programs
 * this process starts do not load it.  At start-up, before main: an
 * ordinary context. */
static int in_preload(int take_out)
{
	const char *list = getenv("LD_PRELOAD");
	Dl_info self;
	struct stat ours, st;
	if (!list || !dladdr((void *)in_preload, &self) || !self.dli_fname ||
	    stat(self.dli_fname, &ours) != 0)
		return 0;
	size_t size = strlen(list) + 1;
	char *copy = malloc(size), *kept = malloc(size);
	if (!copy || !kept) {
		free(copy);
		free(kept);
		return 0;
	}
	memcpy(copy, list, size);
	size_t at = 0;
	int found = 0;
	/* the loader splits the list at spaces and colons */
	for (char *save, *entry = strtok_r(copy, " :", &save); entry;
	     entry = strtok_r(NULL, " :", &save)) {
		if (stat(entry, &st) == 0 && st.st_dev == ours.st_dev && st.st_ino == ours.st_ino) {
			found = 1;
			continue;
		}
		if (at)
			kept[at++] = ':';
		size_t n = strlen(entry);
		memcpy(kept + at, entry, n);
		at += n;
	}
	kept[at] = 0;
	if (found && take_out) {
		if (at)
			setenv("LD_PRELOAD", kept, 1);
		else
			unsetenv("LD_PRELOAD");
	}
	free(copy);
	free(kept);
	return found;
}
#endif

/* When no start-up file called __monstartup (no gcrt1.o: musl, a link
 * without -pg, -finstrument-functions), start on the main program's
 * executable segments and write the profile at exit. */
__attribute__((constructor)) static void self_start(void)
{
	read_image(); /* profiled or not: the number goes on to the next image */
	if (__atomic_load_n(&started, __ATOMIC_ACQUIRE))
		return;
	struct main_program m;
	memset(&m, 0, sizeof m);
	dl_iterate_phdr(find_main_program, &m);
	if (m.text_high <= m.text_low)
		return;
#ifdef GMON_SHARED
	/* asked_to_start first: it takes GMON_START out of the environment
	 * whether or not the program has hooks */
	int children;
	int asked = asked_to_start(&children);
	if (!children)
		in_preload(1);
	without_hooks = !main_program_has_hook(&m);
	if (!asked && without_hooks)
		return;
#endif
	if (gmon_go_program(m.bias, m.phdr, m.phnum)) {
		gmon_message("not profiling a Go program: Go's runtime takes SIGPROF and exits without ",
			     "the C library's exit, so no profile could be written; ",
			     "use Go's own profiler (runtime/pprof)");
		return;
	}
	__monstartup(m.text_low, m.text_high);
	atexit(_mcleanup);
}
