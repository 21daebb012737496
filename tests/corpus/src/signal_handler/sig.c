/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Signal handlers: on_alarm() (SIGALRM from setitimer) and on_usr1()
 * (SIGUSR1 from raise) are never called by the program, so their arcs come
 * from outside the profiled text and the call graph shows them as
 * <spontaneous>. on_alarm() collects samples of its own; on_usr1() has
 * none, only children. The number of ticks is fixed by counting them, not
 * by elapsed time. */
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>

static volatile sig_atomic_t ticks;
static volatile unsigned long sink;

static void handler_work(int n)
{
	for (volatile int i = 0; i < n; i++)
		sink += (unsigned long)i;
}

static void on_alarm(int sig)
{
	(void)sig;
	for (volatile int i = 0; i < 3000000; i++)
		sink ^= (unsigned long)i;
	handler_work(3000000);
	ticks++;
}

static void on_usr1(int sig)
{
	(void)sig;
	handler_work(1000000);
}

int main(void)
{
	struct sigaction sa = { 0 };
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	for (int i = 0; i < 5; i++)
		raise(SIGUSR1);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval it = { { 0, 20000 }, { 0, 20000 } };
	setitimer(ITIMER_REAL, &it, NULL);
	/* wait in main itself: a called function would get a call count that
	 * depends on timing */
	while (ticks < 12)
		sink ^= sink >> 3;
	struct itimerval off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &off, NULL);
	printf("%d\n", (int)ticks);
	return 0;
}
