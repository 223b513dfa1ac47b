// SPDX-License-Identifier: GPL-2.0
/*
 * freqpair [-p PERIOD_US BLOCKS] HI_KHZ LO_KHZ SECONDS CPU...: the speed of
 * a fixed piece of work at LO_KHZ over its speed at HI_KHZ, on each CPU
 * named, measured so that the host's speed cancels out.
 *
 * The host that runs the guest changes speed from second to second (by a
 * third within a few seconds, seen), and its cores are not always equally
 * fast, so comparing two runs, or two CPUs, measures the host.  Here each
 * CPU runs the work all the time and switches its own frequency (the
 * userspace governor's scaling_setspeed) between the two every window, two
 * CPUs in opposite phase; each CPU's speed at LO_KHZ is compared with its
 * own speed at HI_KHZ in the windows around it.  The start of each window
 * is not counted: the emulated platform pays a CPU's debt for running slow
 * after the work that made it, and the work must see the new frequency in
 * steady state.
 *
 * Without -p the work is a CPU-bound loop, WINDOW_MS windows of which the
 * first SETTLE_MS are not counted, and speed is blocks per second.  With
 * -p it is a periodic task (as periodic runs it: BLOCKS blocks every
 * PERIOD_US, sleeping until the next period starts), WINDOW_PERIODS
 * periods a window of which the first SETTLE_PERIODS are not counted, and
 * speed is periods per second of the task's CPU time
 * (se.sum_exec_runtime): what a task that sleeps between short bursts
 * pays for the frequency.
 *
 * A CPU's speed at a frequency is the median of its windows' speeds
 * there, not their total: the host sometimes stops a virtual CPU for
 * milliseconds, time the guest counts as the task's, and in a window of a
 * few ms of CPU time (the periodic task at HI_KHZ) one such stop moved the
 * total by a fifth.
 *
 * What the CPU ran at in the windows counted, their APERF over their MPERF
 * (read from the CPU's own MSRs), gives the frequency ratio the speed
 * ratio must follow, so that a speed ratio off its mark says whether the
 * frequency or the work was off: a request is not always what runs (the
 * turbo ladder lowers the peak when more cores are busy).
 *
 * Prints a line per CPU, then "ratio R": the geometric mean of the CPUs'
 * speed ratios, and "freq_ratio F": that of their APERF/MPERF ratios (0
 * where the counters cannot be read).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "msr.h"
#include "work.h"

#define WINDOW_MS	250
#define SETTLE_MS	60
#define WINDOW_PERIODS	8
#define SETTLE_PERIODS	2
#define MAX_CPUS	8
#define MAX_WINDOWS	4096

struct pair {
	long khz[2];		/* HI, LO */
	double secs;
	long period_us;		/* 0: the loop */
	long blocks;
};

static int set_khz(int cpu, long khz)
{
	char path[96];
	FILE *f;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpufreq/policy%d/scaling_setspeed", cpu);
	f = fopen(path, "w");
	if (!f || fprintf(f, "%ld\n", khz) < 0 || fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

/* The speeds of one frequency's windows, and its counters' deltas. */
struct speeds {
	double	v[MAX_WINDOWS];
	int	n;
	double	aperf, mperf;
};

/* This CPU's APERF and MPERF through @fd (/dev/cpu/N/msr); 0 if unread. */
static int counters(int fd, double c[2])
{
	uint64_t a, m;

	if (fd < 0 || msr_read(fd, MSR_APERF, &a) || msr_read(fd, MSR_MPERF, &m))
		return -1;
	c[0] = a;
	c[1] = m;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(struct speeds *s)
{
	if (!s->n)
		return 0;
	qsort(s->v, s->n, sizeof(s->v[0]), cmp_double);
	return s->n % 2 ? s->v[s->n / 2] :
			  (s->v[s->n / 2 - 1] + s->v[s->n / 2]) / 2;
}

static void add_speed(struct speeds *s, double work, double time)
{
	if (s->n < MAX_WINDOWS && time > 0)
		s->v[s->n++] = work / time;
}

/*
 * One window of the loop: blocks done after SETTLE_MS, and in what time;
 * the counters at the start of the part counted in @c0.
 */
static void loop_window(int fd, double *work, double *time, double c0[2])
{
	static volatile uint64_t sink = 1;
	double t0 = now(), t1, stop = t0 + WINDOW_MS / 1e3;
	uint64_t n = 0;

	do
		sink = block(sink);
	while (now() < t0 + SETTLE_MS / 1e3);
	counters(fd, c0);
	t1 = now();
	do {
		sink = block(sink);
		n++;
	} while (now() < stop);
	*work = n;
	*time = now() - t1;
}

/*
 * One window of the periodic task: periods done after SETTLE_PERIODS, and
 * the CPU time they took.  The run time is read just after a wake-up,
 * before the platform takes the debt of the period before, so the periods
 * counted are charged for as many payments as they made debts.
 */
static int periodic_window(const struct pair *p, int fd, struct timespec *next,
			   double *work, double *time, double c0[2])
{
	double t0 = 0, t1;
	int i;

	for (i = 0; i < WINDOW_PERIODS; i++) {
		struct timespec cur;

		if (i == SETTLE_PERIODS) {
			t0 = run_time();
			counters(fd, c0);
		}
		do_blocks(p->blocks);
		add_ns(next, p->period_us * 1000L);
		clock_gettime(CLOCK_MONOTONIC, &cur);
		/* as periodic does: an overrun period is not made up */
		while (!before(&cur, next))
			add_ns(next, p->period_us * 1000L);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, next, NULL);
	}
	t1 = run_time();
	if (t0 < 0 || t1 < t0)
		return -1;
	*work = WINDOW_PERIODS - SETTLE_PERIODS;
	*time = t1 - t0;
	return 0;
}

/* On @cpu: alternate between the two frequencies; print both speeds. */
static int run_cpu(const struct pair *p, int cpu, int phase, int out)
{
	static struct speeds speed[2];
	double work, time, end, c0[2], c1[2], f[2] = { 0, 0 };
	struct timespec next;
	int state = phase, fd, i;
	cpu_set_t set;
	char line[128];
	int len;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		return 1;
	}
	snprintf(line, sizeof(line), "/dev/cpu/%d/msr", cpu);
	fd = open(line, O_RDONLY);
	clock_gettime(CLOCK_MONOTONIC, &next);
	end = now() + p->secs;
	while (now() < end) {
		c0[0] = c0[1] = -1;
		if (set_khz(cpu, p->khz[state]))
			return 1;
		if (!p->period_us)
			loop_window(fd, &work, &time, c0);
		else if (periodic_window(p, fd, &next, &work, &time, c0))
			return 1;
		if (c0[1] >= 0 && !counters(fd, c1)) {
			speed[state].aperf += c1[0] - c0[0];
			speed[state].mperf += c1[1] - c0[1];
		}
		add_speed(&speed[state], work, time);
		state ^= 1;
	}
	if (!speed[0].n || !speed[1].n)
		return 1;
	for (i = 0; i < 2; i++)
		if (speed[i].mperf > 0)
			f[i] = speed[i].aperf / speed[i].mperf;
	len = snprintf(line, sizeof(line), "%.2f %.2f %.4f %.4f\n",
		       median(&speed[0]), median(&speed[1]), f[0], f[1]);
	return write(out, line, len) == len ? 0 : 1;
}

static int usage(void)
{
	fprintf(stderr, "usage: freqpair [-p PERIOD_US BLOCKS] HI_KHZ LO_KHZ SECONDS CPU...\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct pair p = { .period_us = 0 };
	int cpus[MAX_CPUS], fd[MAX_CPUS][2], ncpu, i;
	const char *unit = "blocks/s";
	double ratio = 1, fratio = 1;

	if (argc > 3 && !strcmp(argv[1], "-p")) {
		p.period_us = atol(argv[2]);
		p.blocks = atol(argv[3]);
		if (p.period_us <= 0 || p.blocks <= 0)
			return usage();
		unit = "periods per CPU s";
		argc -= 3;
		argv += 3;
	}
	ncpu = argc - 4;
	if (ncpu < 1 || ncpu > MAX_CPUS)
		return usage();
	p.khz[0] = atol(argv[1]);
	p.khz[1] = atol(argv[2]);
	p.secs = atof(argv[3]);
	if (p.khz[0] <= 0 || p.khz[1] <= 0 || p.secs <= 0)
		return usage();
	for (i = 0; i < ncpu; i++) {
		cpus[i] = atoi(argv[4 + i]);
		if (pipe(fd[i]))
			return 1;
		switch (fork()) {
		case -1:
			return 1;
		case 0:
			close(fd[i][0]);
			return run_cpu(&p, cpus[i], i & 1, fd[i][1]);
		}
		close(fd[i][1]);
	}
	for (i = 0; i < ncpu; i++) {
		double hi, lo, fhi, flo;
		char buf[128];
		FILE *f = fdopen(fd[i][0], "r");
		int status;

		if (!f || !fgets(buf, sizeof(buf), f) ||
		    sscanf(buf, "%lf %lf %lf %lf", &hi, &lo, &fhi, &flo) != 4 || hi <= 0) {
			fprintf(stderr, "freqpair: no result from CPU%d\n", cpus[i]);
			return 1;
		}
		wait(&status);
		printf("CPU%d: %.1f %s at %ld kHz (APERF/MPERF %.4f), %.1f at %ld kHz (%.4f): %.4f, frequency %.4f\n",
		       cpus[i], hi, unit, p.khz[0], fhi, lo, p.khz[1], flo, lo / hi,
		       fhi > 0 ? flo / fhi : 0);
		ratio *= lo / hi;
		fratio *= fhi > 0 ? flo / fhi : 0;
	}
	printf("ratio %.4f\n", pow(ratio, 1.0 / ncpu));
	printf("freq_ratio %.4f\n", pow(fratio, 1.0 / ncpu));
	return 0;
}
