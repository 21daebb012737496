/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gprof-run.c: run a program with the profiling runtime preloaded, so
 * that a program built without -pg is profiled too (doc/gprof-run.1).
 *
 * gprof-run only prepares the environment and then becomes the program
 * (execv): the program keeps gprof-run's process, so its standard input
 * and output, its signals and its exit status are its own, untouched.
 * Everything it sets is an environment variable of the runtime
 * (doc/runtime.md), so LD_PRELOAD=libgmon.so alone does the same.
 *
 * What cannot work is said before anything runs: the dynamic loader does
 * not preload into a static executable (it has no loader) nor into a
 * set-user-ID or set-group-ID one, nor one with file capabilities run by
 * another user than root (it ignores LD_PRELOAD there); a Go program
 * takes the profiling signal for itself and ends without the C
 * library's exit; and LD_PRELOAD cannot name a runtime whose path holds
 * a space or a colon (the loader splits the list there).  What needs
 * one setting is given it and said: AddressSanitizer's runtime insists
 * on being the first library loaded.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <elf.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <link.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <linux/capability.h>

/* where make install puts the runtime (the Makefile sets it) */
#ifndef GPROF_RUN_LIBGMON
#define GPROF_RUN_LIBGMON "/usr/local/lib/libgmon.so"
#endif

static const char *program_name = "gprof-run";

static void usage(void)
{
	printf("usage: %s [-f] [-o PREFIX] [--rate HZ] [--clock cpu|wall] [--stacks DEPTH]\n"
	       "       [-i SECONDS] [--] PROGRAM [ARGUMENTS...]\n"
	       "Runs PROGRAM with the profiling runtime (libgmon.so) preloaded; at its exit\n"
	       "the profile is in gmon.out (PREFIX.<pid> with -o) and .gmon.out.process.\n"
	       "Read it with: gprof PROGRAM gmon.out\n"
	       "  -f, --follow         profile every process the program starts too (fork,\n"
	       "                       exec, the shell...), each into PREFIX.<pid> (default\n"
	       "                       PREFIX: gmon.out); list them: gprof --processes FILES\n"
	       "  -o, --output PREFIX  write PREFIX.<pid> (GMON_OUT_PREFIX)\n"
	       "  -r, --rate HZ        samples per second of CPU time, 1 to 100000 (GMON_RATE)\n"
	       "  -c, --clock CLOCK    cpu: the CPU time each thread uses; wall: all the time\n"
	       "                       that passes, waiting included (GMON_CLOCK)\n"
	       "  -s, --stacks DEPTH   frames per recorded call stack, 0 to 512; 0: none\n"
	       "                       (GMON_STACK_DEPTH)\n"
	       "  -i, --interval SECONDS  one profile per window of SECONDS (0.01 to 86400),\n"
	       "                       each with that window's counts only: PREFIX.<pid>.<n>\n"
	       "                       (GMON_INTERVAL); see them: gprof --timeline PROGRAM FILES\n"
	       "  -h, --help           this text\n"
	       "  -V, --version        the version\n",
	       program_name);
}

/* one line on stderr, then exit with status */
static void __attribute__((format(printf, 2, 3), noreturn)) fail(int status, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

/* a decimal number in [low, high] for OPTION, as text for the runtime */
static const char *number(const char *option, const char *text, long low, long high)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < low || v > high) {
		fail(2, "%s %s: not a number from %ld to %ld", option, text, low, high);
	}
	return text;
}

/* PROGRAM as execvp would find it, or NULL (errno set) */
static char *find_program(const char *name)
{
	const char *path = getenv("PATH");
	const char *p, *colon;
	int saved = ENOENT;

	if (strchr(name, '/'))
		return access(name, X_OK) == 0 ? strdup(name) : NULL;
	if (path == NULL || *path == '\0')
		path = "/bin:/usr/bin";
	for (p = path;; p = colon + 1) {
		size_t dir;
		char *full;

		colon = strchr(p, ':');
		dir = colon ? (size_t)(colon - p) : strlen(p);
		full = malloc(dir + strlen(name) + 3);
		if (full == NULL)
			fail(2, "out of memory");
		snprintf(full, dir + strlen(name) + 3, "%.*s%s%s", (int)dir, dir ? p : ".", "/",
			 name);
		if (access(full, X_OK) == 0) {
			struct stat st;

			if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
				return full;
		} else if (errno != ENOENT && errno != ENOTDIR) {
			saved = errno;
		}
		free(full);
		if (colon == NULL)
			break;
	}
	errno = saved;
	return NULL;
}

/* What the launcher needs to know of a program's ELF file. */
struct program_facts {
	int interpreter; /* 1: names the dynamic loader; 0: static; -1: not this machine's ELF */
	bool go;         /* a Go program (a note of owner "Go": its build id) */
	bool asan;       /* needs AddressSanitizer's shared runtime */
};

/* Does one of the notes of the PT_NOTE segment ph have the owner "Go"? */
static bool go_note(int fd, const ElfW(Phdr) * ph)
{
	unsigned char notes[4096];
	size_t size = ph->p_filesz < sizeof(notes) ? ph->p_filesz : sizeof(notes), at = 0;

	if (pread(fd, notes, size, (off_t)ph->p_offset) != (ssize_t)size)
		return false;
	while (at + 12 <= size) {
		uint32_t name_size, desc_size;

		memcpy(&name_size, notes + at, 4);
		memcpy(&desc_size, notes + at + 4, 4);
		/* "Go" and its NUL, padded to four bytes by Go's linker */
		if ((name_size == 3 || name_size == 4) && at + 15 <= size &&
		    memcmp(notes + at + 12, "Go", 3) == 0)
			return true;
		if (name_size > size || desc_size > size)
			break;
		at += 12 + ((name_size + 3) & ~3u) + ((desc_size + 3) & ~3u);
	}
	return false;
}

/* Does the dynamic section ph name a library whose name starts with
 * prefix?  The names are in DT_STRTAB, an address: its file offset is
 * found through the PT_LOAD segment holding it (loads[0..load_count)). */
static bool needs(int fd, const ElfW(Phdr) * ph, const ElfW(Phdr) * loads, unsigned load_count,
		  const char *prefix)
{
	ElfW(Dyn) dyn[512];
	size_t count = ph->p_filesz / sizeof(dyn[0]), i;
	ElfW(Addr) strtab = 0;
	off_t strings = -1;
	unsigned k;

	if (count > sizeof(dyn) / sizeof(dyn[0]))
		count = sizeof(dyn) / sizeof(dyn[0]);
	if (pread(fd, dyn, count * sizeof(dyn[0]), (off_t)ph->p_offset) !=
	    (ssize_t)(count * sizeof(dyn[0])))
		return false;
	for (i = 0; i < count && dyn[i].d_tag != DT_NULL; i++)
		if (dyn[i].d_tag == DT_STRTAB)
			strtab = dyn[i].d_un.d_ptr;
	for (k = 0; k < load_count; k++)
		if (strtab >= loads[k].p_vaddr && strtab < loads[k].p_vaddr + loads[k].p_filesz)
			strings = (off_t)(strtab - loads[k].p_vaddr + loads[k].p_offset);
	if (strings < 0)
		return false;
	for (i = 0; i < count && dyn[i].d_tag != DT_NULL; i++) {
		char name[64];
		ssize_t n;

		if (dyn[i].d_tag != DT_NEEDED)
			continue;
		n = pread(fd, name, sizeof(name) - 1, strings + (off_t)dyn[i].d_un.d_val);
		if (n <= 0)
			continue;
		name[n] = '\0';
		if (strncmp(name, prefix, strlen(prefix)) == 0)
			return true;
	}
	return false;
}

/* The facts of the ELF file at fd (interpreter -1 when it is no ELF file
 * of this machine's byte order and size: a script, or another machine's:
 * let the kernel decide). */
static struct program_facts program_facts(int fd)
{
	struct program_facts f = { -1, false, false };
	ElfW(Phdr) ph, loads[16], dynamic;
	ElfW(Ehdr) eh;
	unsigned i, load_count = 0;
	bool has_dynamic = false;

	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
		return f;
#if __SIZEOF_POINTER__ == 8
	if (eh.e_ident[EI_CLASS] != ELFCLASS64)
		return f;
#else
	if (eh.e_ident[EI_CLASS] != ELFCLASS32)
		return f;
#endif
	if (eh.e_phentsize != sizeof(ph))
		return f;
	for (i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + (ElfW(Off))i * sizeof(ph))) !=
		    (ssize_t)sizeof(ph))
			return (struct program_facts){ -1, false, false };
		if (ph.p_type == PT_INTERP) {
			f.interpreter = 1;
		} else if (ph.p_type == PT_NOTE) {
			f.go = f.go || go_note(fd, &ph);
		} else if (ph.p_type == PT_DYNAMIC) {
			dynamic = ph;
			has_dynamic = true;
		} else if (ph.p_type == PT_LOAD && load_count < sizeof(loads) / sizeof(loads[0])) {
			loads[load_count++] = ph;
		}
	}
	if (f.interpreter < 0)
		f.interpreter = 0;
	/* gcc's -fsanitize=address links libasan.so, clang's -shared-libasan
	 * libclang_rt.asan-ARCH.so (clang's default links the runtime into
	 * the program, which asks for nothing) */
	if (has_dynamic)
		f.asan = needs(fd, &dynamic, loads, load_count, "libasan.so") ||
			 needs(fd, &dynamic, loads, load_count, "libclang_rt.asan");
	return f;
}

/* Will the loader run path in secure mode, ignoring LD_PRELOAD, because
 * of its file capabilities?  The kernel does when a user other than root
 * gains capabilities by the exec: the file's permitted set is not empty,
 * or its effective bit is set.  Root gains none (it has them all). */
static bool capabilities_ignore_preload(const char *path)
{
	struct vfs_ns_cap_data cap;
	ssize_t n;

	if (getuid() == 0)
		return false;
	memset(&cap, 0, sizeof(cap));
	n = getxattr(path, "security.capability", &cap, sizeof(cap));
	if (n < (ssize_t)sizeof(cap.magic_etc))
		return false;
	return (le32toh(cap.magic_etc) & VFS_CAP_FLAGS_EFFECTIVE) || cap.data[0].permitted ||
	       cap.data[1].permitted;
}

/* Refuse, with the reason and the way out, a program the loader will not
 * preload into or that would record nothing; its facts. */
static struct program_facts check_program(const char *path, const char *name)
{
	struct program_facts facts;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) != 0)
		fail(126, "%s: %s", name, strerror(errno));
	if (((st.st_mode & S_ISUID) && st.st_uid != geteuid()) ||
	    ((st.st_mode & S_ISGID) && st.st_gid != getegid()))
		fail(2,
		     "%s: set-user-ID or set-group-ID: the loader ignores LD_PRELOAD for it, so "
		     "nothing would be recorded; run a copy without the bit, or build it with -pg",
		     name);
	if (capabilities_ignore_preload(path))
		fail(2,
		     "%s: file capabilities: the loader ignores LD_PRELOAD for it when run by "
		     "another user than root, so nothing would be recorded; run a copy without "
		     "them, or build it with -pg",
		     name);
	facts = program_facts(fd);
	close(fd);
	/* Go's runtime installs its own SIGPROF handler and leaves by the
	 * exit_group system call, past atexit and destructors */
	if (facts.go)
		fail(2,
		     "%s: a Go program: Go's runtime takes the profiling signal and exits without "
		     "the C library's exit, so nothing would be recorded; profile it with Go's own "
		     "profiler (runtime/pprof, then go tool pprof)",
		     name);
	if (facts.interpreter == 0)
		fail(2,
		     "%s: statically linked: there is no loader to preload the profiler, so nothing "
		     "would be recorded; link it dynamically, or build it with -pg and libgmon.a",
		     name);
	return facts;
}

/* The runtime to preload: $GPROF_RUN_LIBGMON; else, beside this
 * gprof-run, the build tree's (run/gprof-run, libgmon/libgmon.so) or an
 * installed one (bin/gprof-run, lib/libgmon.so: any prefix, DESTDIR too);
 * else where make install was told to put it. */
static char *find_runtime(void)
{
	static const char *const beside[] = { "/../libgmon/libgmon.so", "/../lib/libgmon.so" };
	const char *env = getenv("GPROF_RUN_LIBGMON");
	char self[PATH_MAX], *slash, *lib;
	ssize_t n;
	size_t i;

	if (env && *env) {
		if (access(env, R_OK) != 0)
			fail(2, "GPROF_RUN_LIBGMON=%s: %s", env, strerror(errno));
		lib = realpath(env, NULL);
		/* as given when only that can be preloaded: a link without a
		 * space or colon to a runtime whose path has one */
		if (lib && strpbrk(lib, " :") && env[0] == '/' && !strpbrk(env, " :")) {
			free(lib);
			return strdup(env);
		}
		return lib;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0 && (self[n] = '\0', slash = strrchr(self, '/')) != NULL) {
		for (i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
			if ((size_t)(slash - self) + strlen(beside[i]) + 1 > sizeof(self))
				continue;
			strcpy(slash, beside[i]);
			if (access(self, R_OK) == 0 && (lib = realpath(self, NULL)) != NULL)
				return lib;
		}
	}
	if (access(GPROF_RUN_LIBGMON, R_OK) != 0)
		fail(2, "%s: %s (set GPROF_RUN_LIBGMON to the runtime's path)", GPROF_RUN_LIBGMON,
		     strerror(errno));
	return strdup(GPROF_RUN_LIBGMON);
}

/* prefix made absolute from the current directory, so that every
 * process of a tree writes beside the others */
static const char *absolute_prefix(const char *prefix)
{
	char cwd[PATH_MAX], *full;
	size_t size;

	if (prefix[0] == '/')
		return prefix;
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		fail(2, "the current directory: %s", strerror(errno));
	size = strlen(cwd) + strlen(prefix) + 2;
	full = malloc(size);
	if (full == NULL)
		fail(2, "out of memory");
	snprintf(full, size, "%s%s%s", cwd, strcmp(cwd, "/") == 0 ? "" : "/", prefix);
	return full;
}

static void set(const char *variable, const char *value)
{
	if (value && setenv(variable, value, 1) != 0)
		fail(2, "%s: %s", variable, strerror(errno));
}

/* AddressSanitizer's shared runtime (gcc's) stops the program ("ASan
 * runtime does not come first in initial library list", status 1) when
 * a preloaded library is loaded before it: the profiler's is.  Its
 * option verify_asan_link_order=0 lets it run, and is said; a setting
 * of the user's own wins. */
static void asan_after_runtime(const char *name)
{
	const char *options = getenv("ASAN_OPTIONS");
	char *joined;
	size_t size;

	if (options && strstr(options, "verify_asan_link_order"))
		return;
	if (options == NULL || *options == '\0') {
		set("ASAN_OPTIONS", "verify_asan_link_order=0");
	} else {
		size = strlen(options) + sizeof(":verify_asan_link_order=0");
		joined = malloc(size);
		if (joined == NULL)
			fail(2, "out of memory");
		snprintf(joined, size, "%s:verify_asan_link_order=0", options);
		set("ASAN_OPTIONS", joined);
		free(joined);
	}
	fprintf(stderr,
		"%s: %s: AddressSanitizer's runtime is loaded after the profiler's: "
		"ASAN_OPTIONS=verify_asan_link_order=0 set\n",
		program_name, name);
}

int main(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "follow", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "rate", required_argument, NULL, 'r' },
		{ "clock", required_argument, NULL, 'c' },
		{ "stacks", required_argument, NULL, 's' },
		{ "interval", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prefix = NULL, *rate = NULL, *clock = NULL, *stacks = NULL, *interval = NULL;
	const char *preload, *start;
	struct program_facts facts;
	char *path, *runtime, *list;
	int c, follow = 0;

	if (argv[0] && *argv[0]) {
		const char *slash = strrchr(argv[0], '/');

		program_name = slash ? slash + 1 : argv[0];
	}
	/* "+": options end at the program's name; its own are its own */
	while ((c = getopt_long(argc, argv, "+:fo:r:c:s:i:hV", long_options, NULL)) != -1) {
		switch (c) {
		case 'f':
			follow = 1;
			break;
		case 'o':
			if (*optarg == '\0')
				fail(2, "-o wants a file name prefix");
			prefix = optarg;
			break;
		case 'r':
			rate = number("--rate", optarg, 1, 100000);
			break;
		case 'c':
			if (strcmp(optarg, "cpu") != 0 && strcmp(optarg, "wall") != 0)
				fail(2, "--clock %s: the clocks are cpu and wall", optarg);
			clock = optarg;
			break;
		case 's':
			stacks = number("--stacks", optarg, 0, 512);
			break;
		case 'i': {
			char *end;
			double s = strtod(optarg, &end);

			if (end == optarg || *end || !(s >= 0.01 && s <= 86400))
				fail(2, "--interval %s: not a number of seconds from 0.01 to 86400",
				     optarg);
			interval = optarg;
			break;
		}
		case 'h':
			usage();
			return 0;
		case 'V':
			printf("gprof-run (gprof-libgmon) 0.1\n"
			       "Runs a program with the profiler's runtime preloaded; this program is free\n"
			       "software under the GNU General Public License, version 3 or later, with no\n"
			       "warranty.\n");
			return 0;
		case ':':
			fail(2, "%s wants an argument (%s --help lists the options)",
			     argv[optind - 1], program_name);
		default:
			if (optopt)
				fail(2, "unknown option -%c (%s --help lists the options)", optopt,
				     program_name);
			fail(2, "unknown option %s (%s --help lists the options)", argv[optind - 1],
			     program_name);
		}
	}
	if (optind >= argc)
		fail(2, "no program to run (usage: %s [OPTIONS] PROGRAM [ARGUMENTS...])",
		     program_name);
	path = find_program(argv[optind]);
	if (path == NULL)
		fail(errno == ENOENT ? 127 : 126, "%s: %s", argv[optind], strerror(errno));
	facts = check_program(path, argv[optind]);
	runtime = find_runtime();
	if (runtime == NULL)
		fail(2, "the runtime: %s", strerror(errno));
	/* ld.so splits LD_PRELOAD at spaces and colons: "/opt/my tools/lib/
	 * libgmon.so" would preload "/opt/my" and "tools/lib/libgmon.so",
	 * the latter from the current directory */
	if (strpbrk(runtime, " :"))
		fail(2,
		     "the runtime's path %s holds a space or a colon, where the loader splits "
		     "LD_PRELOAD (it would load the rest from the current directory); install it "
		     "under a path without them, or set GPROF_RUN_LIBGMON to one (a symbolic link)",
		     runtime);
	if (facts.asan)
		asan_after_runtime(argv[optind]);

	/* ours first: a preloaded library of the user's comes after it */
	preload = getenv("LD_PRELOAD");
	if (preload && *preload) {
		size_t size = strlen(runtime) + strlen(preload) + 2;

		list = malloc(size);
		if (list == NULL)
			fail(2, "out of memory");
		snprintf(list, size, "%s:%s", runtime, preload);
	} else {
		list = runtime;
	}
	set("LD_PRELOAD", list);
	/* following: every process writes PREFIX.PID, in the directory
	 * gprof-run started in, whichever directory each starts in (make -C) */
	if (follow) {
		const char *given = getenv("GMON_OUT_PREFIX");

		if (prefix == NULL)
			prefix = given && *given ? given : "gmon.out";
		prefix = absolute_prefix(prefix);
	}
	set("GMON_OUT_PREFIX", prefix);
	set("GMON_RATE", rate);
	set("GMON_CLOCK", clock);
	set("GMON_STACK_DEPTH", stacks);
	set("GMON_INTERVAL", interval);
	/* Start the runtime in this process, which becomes the program,
	 * hooks or not; the runtime takes the variable out of the
	 * environment (and itself out of LD_PRELOAD), so the programs this
	 * one starts are not profiled,
	 * and a copy of it that reaches another process names another
	 * process.  GMON_START=all (every program started from this one)
	 * is the user's and kept. */
	start = getenv("GMON_START");
	if (follow) {
		/* every program started from this one that loads the runtime
		 * (the variable stays in the environment) */
		set("GMON_START", "all");
	} else if (!start || strcmp(start, "all") != 0) {
		char pid[24];

		snprintf(pid, sizeof(pid), "%ld", (long)getpid());
		set("GMON_START", pid);
	}

	execv(path, argv + optind);
	c = errno;
	fprintf(stderr, "%s: %s: %s\n", program_name, argv[optind], strerror(c));
	/* as a shell says it: 126 found but not runnable, 127 not found */
	return c == ENOENT ? 127 : 126;
}
