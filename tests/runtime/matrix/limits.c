/* SPDX-License-Identifier: BSD-2-Clause
 * Copyright (c) 2026 The gprof/libgmon authors.
 *
 * limits.c: the lifecycle matrix's shapes of confinement and limits:
 * dlopen/dlclose loops, every descriptor closed (close_range), a seccomp
 * filter installed after start-up, and RLIMIT_NOFILE, RLIMIT_FSIZE and
 * RLIMIT_AS lowered.
 */
#include "matrix.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "early.h"

static void *computing_thread(void *arg)
{
	compute();
	return arg;
}

/* a thread and a forked child, each computing; the child's status */
static void thread_and_child(const char *child)
{
	pthread_t t;
	int r = pthread_create(&t, NULL, computing_thread, NULL);
	if (r == 0)
		pthread_join(t, NULL);
	printf("thread: %s\n", r == 0 ? "joined" : strerrorname_np(r));
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		report_as(child);
		compute();
		exit(0);
	}
	int status;
	if (pid > 0 && waitpid(pid, &status, 0) == pid)
		print_status(child, status);
	else
		printf("%s: fork %s\n", child, strerrorname_np(errno));
}

static void *plugin(const char *name)
{
	char path[4096 + 32];
	snprintf(path, sizeof path, "%s/%s", matrix_dir, name);
	return dlopen(path, RTLD_NOW);
}

/* a plugin loaded and unloaded by a library's constructor before
 * start-up (early.c), then another one ARG times (200), computing in it
 * now and then, then the first one again */
int shape_dlopen_loop(const char *arg)
{
	int n = arg ? atoi(arg) : 200, loaded = 0, sum = 0;
	printf("constructor's plugin: %d\n", early_plugin_calls);
	compute();
	for (int i = 0; i < n; i++) {
		void *h = plugin("matrix-plugin-b.so");
		if (!h)
			break;
		int (*work)(int) =
			(int (*)(int))dlsym(h, i % 100 == 0 ? "plugin_work" : "plugin_touch");
		sum += work ? work(1) : -1000;
		loaded++;
		dlclose(h);
	}
	printf("loaded %d times, sum %d\n", loaded, sum);
	void *h = plugin("matrix-plugin-a.so");
	int (*work)(int) = h ? (int (*)(int))dlsym(h, "plugin_work") : NULL;
	printf("plugin a again: %d\n", work ? work(2) : -1);
	if (h)
		dlclose(h);
	compute();
	return 0;
}

/* every descriptor closed; 0, 1 and 2 opened again: stdout and stderr
 * the files the suite gave ($MATRIX_ROOT/out and err), appended to */
int shape_close_range(const char *arg)
{
	(void)arg;
	const char *root = getenv("MATRIX_ROOT");
	char out[4096], err[4096];
	snprintf(out, sizeof out, "%s/out", root ? root : ".");
	snprintf(err, sizeof err, "%s/err", root ? root : ".");
	compute();
	printf("closing every descriptor\n");
	fflush(stdout);
	fflush(stderr);
	if (syscall(SYS_close_range, 0U, ~0U, 0U) != 0)
		return 1;
	if (open("/dev/null", O_RDONLY) != 0 ||
	    open(out, O_WRONLY | O_APPEND | O_CREAT, 0644) != 1 ||
	    open(err, O_WRONLY | O_APPEND | O_CREAT, 0644) != 2)
		return 1;
	compute();
	thread_and_child("child after close_range");
	return 0;
}

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#endif

#define ALLOW(name) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_##name, n_allowed, 0)

/* What this program needs from here on (its output, memory, threads, a
 * child, the files it writes, its exit report); anything else fails
 * with EPERM, as container runtimes' default profiles do. */
int shape_seccomp(const char *arg)
{
	(void)arg;
	compute();
	static const int allowed[] = {
		__NR_read,
		__NR_write,
		__NR_writev,
		__NR_close,
		__NR_fstat,
		__NR_newfstatat,
		__NR_lseek,
		__NR_mmap,
		__NR_mprotect,
		__NR_munmap,
		__NR_madvise,
		__NR_brk,
		__NR_rt_sigaction,
		__NR_rt_sigprocmask,
		__NR_rt_sigreturn,
		__NR_exit,
		__NR_exit_group,
		__NR_futex,
		__NR_openat,
		__NR_getdents64,
		__NR_fcntl,
		__NR_readlinkat,
		__NR_prlimit64,
		__NR_getpid,
		__NR_gettid,
		__NR_clone,
		__NR_clone3,
		__NR_wait4,
		__NR_set_robust_list,
		__NR_rseq,
		__NR_sched_yield,
		__NR_nanosleep,
		__NR_clock_nanosleep,
		__NR_getrandom,
		__NR_clock_gettime,
		__NR_renameat,
		__NR_renameat2,
		__NR_unlinkat,
		__NR_fsync,
#ifdef __NR_readlink
		__NR_readlink,
		__NR_rename,
		__NR_unlink,
		__NR_open,
#endif
	};
	enum {
		N = sizeof allowed / sizeof allowed[0]
	};
	struct sock_filter filter[4 + N + 2];
	int k = 0;
	filter[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						   offsetof(struct seccomp_data, arch));
	filter[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0);
	filter[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
	filter[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						   offsetof(struct seccomp_data, nr));
	for (int i = 0; i < N; i++)
		filter[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
							   (unsigned)allowed[i],
							   (unsigned char)(N - i), 0);
	filter[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
	filter[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { .len = (unsigned short)k, .filter = filter };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		printf("seccomp: %s\n", strerror(errno));
		return 1;
	}
	compute();
	FILE *f = fopen("seccomp.tmp", "w");
	if (f) {
		fprintf(f, "written under the filter\n");
		fclose(f);
		if (rename("seccomp.tmp", "seccomp.out") != 0)
			printf("rename: %s\n", strerror(errno));
	}
	thread_and_child("filtered child");
	return 0;
}

static void set_limit(int resource, rlim_t soft)
{
	struct rlimit r;
	getrlimit(resource, &r);
	r.rlim_cur = soft;
	if (setrlimit(resource, &r) != 0)
		printf("setrlimit: %s\n", strerror(errno));
}

/* at most 16 descriptors: how many the program can still open is its
 * business alone */
int shape_rlimit_nofile(const char *arg)
{
	(void)arg;
	set_limit(RLIMIT_NOFILE, 16);
	compute();
	int fds[16], n = 0;
	while (n < 16 && (fds[n] = open("/dev/null", O_RDONLY)) >= 0)
		n++;
	printf("opened %d more, then %s\n", n, n < 16 ? strerrorname_np(errno) : "no error");
	for (int i = 0; i < n; i++)
		close(fds[i]);
	thread_and_child("child under 16 descriptors");
	compute();
	return 0;
}

/* files of at most 16 KiB; SIGXFSZ ignored only around the write that
 * goes past it */
int shape_rlimit_fsize(const char *arg)
{
	(void)arg;
	static char block[12288];
	set_limit(RLIMIT_FSIZE, 16384);
	compute();
	int fd = open("fsize.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 1;
	memset(block, 'x', sizeof block);
	printf("first write %zd\n", write(fd, block, sizeof block));
	signal(SIGXFSZ, SIG_IGN);
	ssize_t w = write(fd, block, sizeof block);
	printf("second write %zd\n", w);
	w = write(fd, block, sizeof block);
	printf("third write %zd %s\n", w, w < 0 ? strerrorname_np(errno) : "");
	signal(SIGXFSZ, SIG_DFL);
	close(fd);
	thread_and_child("child under 16 KiB files");
	compute();
	return 0;
}

/* 64 MiB of address space more than the program has now */
int shape_rlimit_as(const char *arg)
{
	(void)arg;
	unsigned long pages = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f || fscanf(f, "%lu", &pages) != 1)
		return 1;
	fclose(f);
	set_limit(RLIMIT_AS, pages * (rlim_t)sysconf(_SC_PAGESIZE) + (64 << 20));
	compute();
	char *big = malloc(32 << 20);
	printf("32 MiB: %s\n", big ? "allocated" : "refused");
	if (big) {
		memset(big, 1, 32 << 20);
		free(big);
	}
	big = malloc(128 << 20);
	printf("128 MiB: %s\n", big ? "allocated" : "refused");
	free(big);
	thread_and_child("child under the limit");
	compute();
	return 0;
}
