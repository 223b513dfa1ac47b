/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The unit of CPU-bound work that the guest programs measure, and their
 * clock.  One block is a few thousand dependent multiply-adds: no memory
 * traffic, nothing the compiler can fold, a few microseconds under TCG.
 */
#ifndef GUEST_WORK_H
#define GUEST_WORK_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline uint64_t block(uint64_t x)
{
	int i;

	for (i = 0; i < 4096; i++)
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	return x;
}

/* @n blocks in a row: the fixed amount of work the workloads are made of. */
static inline void do_blocks(long n)
{
	volatile uint64_t sink = 1;
	long i;

	for (i = 0; i < n; i++)
		sink = block(sink);
}

/*
 * se.sum_exec_runtime of this task, in seconds, -1 if unknown: its run
 * time as the scheduler accounts it, interrupts that hit it included (the
 * guest kernel has no POSIX CPU clocks, and the tick-sampled times of
 * /proc/self/stat would miss bursts that fit between two ticks).
 */
static inline double run_time(void)
{
	FILE *f = fopen("/proc/self/sched", "r");
	char line[256];
	double ms = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "se.sum_exec_runtime : %lf", &ms) == 1)
			break;
	fclose(f);
	return ms < 0 ? -1 : ms / 1e3;
}

static inline void add_ns(struct timespec *ts, long ns)
{
	ts->tv_nsec += ns;
	while (ts->tv_nsec >= 1000000000L) {
		ts->tv_nsec -= 1000000000L;
		ts->tv_sec++;
	}
}

/* whether @a is earlier than @b */
static inline int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

#endif
