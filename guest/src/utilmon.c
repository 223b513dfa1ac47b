// SPDX-License-Identifier: GPL-2.0
/*
 * utilmon [-c] PID CPU SECONDS: what the scheduler makes of task PID
 * running on CPU, averaged over SECONDS.  Every 13 ms (not a divisor of
 * the usual task periods, so the samples fall at every phase of them) it
 * reads the task's util_avg and util_est (/proc/PID/sched), every fourth
 * time, where the freqinv series provides it, the CPU's freq_scale
 * (debugfs x86/freq_invariance/cpus) and, with -c, also the CPU's root
 * cfs_rq util_avg (debugfs sched/debug).  The task's sum_exec_runtime at
 * the start and the end gives the share of the time it ran.  One line:
 *   task_util MEAN MIN MAX util_est MEAN cpu_util MEAN freq_scale MEAN
 *   busy SHARE samples N
 * with "-" for what could not be read (cpu_util always without -c).
 *
 * sched/debug only with -c, because reading it crashes Debian's 6.12:
 * its print_cfs_rq() calls avg_vruntime(), which writes the cfs_rq since
 * the stable backport of "sched/fair: Fix zero_vruntime tracking",
 * without the runqueue lock.  Only kernels that carry upstream's fix
 * ("sched/debug: Fix avg_vruntime() usage") may be read so, and even its
 * header alone is not safe: seq_file fills a whole buffer, printing
 * CPU0's runqueues too.  No kernel booted here carries it.
 *
 * A sleeping task's util_avg is the value of its last update, when it
 * went to sleep; PELT decays it only at the next one.  Read as it is, a
 * task that sleeps most of the time would look busier than it is, by the
 * height of its saw-tooth.  So the value of a task that is not running is
 * decayed here by the time since it last ran (se.exec_start, on the
 * scheduler's clock), as PELT will: by half every 32 periods of 1024 us.
 * The scheduler's clock is related to CLOCK_MONOTONIC through utilmon's
 * own se.exec_start, read just after a sleep: the scheduler sets it when
 * it picks the woken task, microseconds before the read (measured on the
 * series kernel under TCG, 2026-12-05: 36.146-36.155 ms in three runs,
 * where sched/debug's header, whose ktime and cpu_clk are read a little
 * apart, gave 36.19-36.33 ms).  This assumes no IRQ or steal time
 * accounting, which would make each CPU's task clock lag the scheduler
 * clock by its own amount: neither our kernels nor Debian's have it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "work.h"

#define PELT_HALFLIFE_MS	(32 * 1.024)

struct task_sample {
	double util;		/* se.avg.util_avg */
	double util_est;	/* se.avg.util_est */
	double exec_start;	/* se.exec_start, ms of the scheduler clock */
	double runtime;		/* se.sum_exec_runtime, ms */
	int running;		/* state R in /proc/PID/stat */
};

/* The number after "KEY ... :" in a /proc or debugfs line, or -1 */
static double value_of(const char *line, const char *key)
{
	size_t len = strlen(key);
	const char *colon = strchr(line, ':');

	if (strncmp(line, key, len) || !colon ||
	    (line[len] != ' ' && line[len] != ':'))
		return -1;
	return atof(colon + 1);
}

static int read_task(const char *pid, struct task_sample *t)
{
	char path[64], line[256], state = 0;
	FILE *f;

	*t = (struct task_sample){ -1, -1, -1, -1, 0 };
	snprintf(path, sizeof(path), "/proc/%s/sched", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		double v;

		if ((v = value_of(line, "se.avg.util_avg")) >= 0)
			t->util = v;
		else if ((v = value_of(line, "se.avg.util_est")) >= 0)
			t->util_est = v;
		else if ((v = value_of(line, "se.exec_start")) >= 0)
			t->exec_start = v;
		else if ((v = value_of(line, "se.sum_exec_runtime")) >= 0)
			t->runtime = v;
	}
	fclose(f);
	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	f = fopen(path, "r");
	if (f) {
		/* pid (comm) S ...: the state follows the last ')' */
		if (fgets(line, sizeof(line), f) && strrchr(line, ')'))
			state = strrchr(line, ')')[2];
		fclose(f);
	}
	t->running = state == 'R';
	return t->util < 0 ? -1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The scheduler clock minus CLOCK_MONOTONIC, in ms, or 0 if it cannot be
 * read: utilmon's own se.exec_start, set when the scheduler picked it
 * after a sleep, minus CLOCK_MONOTONIC just before the read.  The median
 * of nine, since a tick between the two moves exec_start on.
 */
static double clock_offset_ms(void)
{
	struct timespec gap = { 0, 1000000 };
	struct task_sample self;
	double off[9], t;
	int i, n = 0;

	for (i = 0; i < 9; i++) {
		nanosleep(&gap, NULL);
		t = now() * 1e3;
		if (!read_task("self", &self) && self.exec_start >= 0)
			off[n++] = self.exec_start - t;
	}
	if (!n)
		return 0;
	qsort(off, n, sizeof(off[0]), cmp_double);
	return off[n / 2];
}

/* .util_avg of the root cfs_rq of CPU in sched/debug, or -1 (see -c) */
static double cpu_util(int cpu)
{
	char line[256], head[32];
	int in = 0;
	double v = -1;
	FILE *f = fopen("/sys/kernel/debug/sched/debug", "r");

	if (!f)
		return -1;
	/* "cfs_rq[N]:/" with group scheduling, "cfs_rq[N]:" without */
	snprintf(head, sizeof(head), "cfs_rq[%d]:", cpu);
	while (fgets(line, sizeof(line), f)) {
		if (!in) {
			in = !strncmp(line, head, strlen(head)) &&
			     (!strcmp(line + strlen(head), "/\n") ||
			      !strcmp(line + strlen(head), "\n"));
			continue;
		}
		if (line[0] != ' ' && line[0] != '\t')
			break;
		if ((v = value_of(line + strspn(line, " \t"), ".util_avg")) >= 0)
			break;
	}
	fclose(f);
	return v;
}

/* freq_scale of CPU from the series' debugfs, or -1 */
static double freq_scale(int cpu)
{
	FILE *f = fopen("/sys/kernel/debug/x86/freq_invariance/cpus", "r");
	char line[128];
	double v = -1;
	int c;
	unsigned long s;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%d %lu", &c, &s) == 2 && c == cpu) {
			v = s;
			break;
		}
	}
	fclose(f);
	return v;
}

static void mean(const char *name, double sum, int n)
{
	if (n)
		printf(" %s %.1f", name, sum / n);
	else
		printf(" %s -", name);
}

int main(int argc, char **argv)
{
	double t0, t1, secs, offset, u, tu = 0, eu = 0, cu = 0, fs = 0;
	double umin = 1e9, umax = -1, rt0;
	int cpu, i, n = 0, ne = 0, nc = 0, nf = 0, with_cpu = 0;
	struct timespec gap = { 0, 13000000 };
	struct task_sample t;

	if (argc == 5 && !strcmp(argv[1], "-c")) {
		with_cpu = 1;
		argv++;
		argc--;
	}
	if (argc != 4) {
		fprintf(stderr, "usage: utilmon [-c] PID CPU SECONDS\n");
		return 2;
	}
	cpu = atoi(argv[2]);
	secs = atof(argv[3]);
	offset = clock_offset_ms();

	if (read_task(argv[1], &t)) {
		fprintf(stderr, "utilmon: cannot read /proc/%s/sched\n", argv[1]);
		return 1;
	}
	rt0 = t.runtime;
	t0 = now();
	for (i = 0; now() < t0 + secs; i++) {
		double since;

		if (read_task(argv[1], &t))
			break;
		u = t.util;
		since = (now() * 1e3 + offset) - t.exec_start;
		if (!t.running && t.exec_start >= 0 && since > 0)
			u *= exp2(-since / PELT_HALFLIFE_MS);
		tu += u;
		n++;
		if (u < umin)
			umin = u;
		if (u > umax)
			umax = u;
		if (t.util_est >= 0) {
			eu += t.util_est;
			ne++;
		}
		if (with_cpu && i % 4 == 0 && (u = cpu_util(cpu)) >= 0) {
			cu += u;
			nc++;
		}
		if (i % 4 == 2 && (u = freq_scale(cpu)) >= 0) {
			fs += u;
			nf++;
		}
		nanosleep(&gap, NULL);
	}
	t1 = now();
	if (!n || read_task(argv[1], &t)) {
		fprintf(stderr, "utilmon: cannot read /proc/%s/sched\n", argv[1]);
		return 1;
	}
	printf("task_util %.1f %.0f %.0f", tu / n, umin, umax);
	mean("util_est", eu, ne);
	mean("cpu_util", cu, nc);
	mean("freq_scale", fs, nf);
	if (rt0 >= 0 && t.runtime >= rt0)
		printf(" busy %.4f", (t.runtime - rt0) / 1e3 / (t1 - t0));
	else
		printf(" busy -");
	printf(" samples %d\n", n);
	return 0;
}
