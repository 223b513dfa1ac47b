// SPDX-License-Identifier: GPL-2.0
/*
 * speed [-p PERIOD_US] BLOCKS COUNT: how long a fixed piece of work takes
 * on this CPU, in ns of CLOCK_MONOTONIC.  Without -p, COUNT chunks of
 * BLOCKS blocks (guest/include/work.h) back to back; with -p, a periodic
 * task that does BLOCKS blocks every PERIOD_US and sleeps until the next
 * period starts, for COUNT periods, each burst timed from the start of
 * its work to its end (16 ms periods are LISA's).  Prints "min MIN median
 * MEDIAN" of the chunks' or bursts' durations, in ns.
 *
 * The minimum is the work alone: a chunk that an interrupt hit took
 * longer by the interrupt, and on the hardware model, whose time comes
 * from the instructions executed, a chunk that none hit takes the same
 * time every time.  Two speeds compare as the inverse of their minima.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "work.h"

#define COUNT_MAX	100000

static long long ns_of(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static long long took[COUNT_MAX];
	struct timespec next, t0, t1;
	long period_ns = 0, blocks, count, i;

	if (argc == 5 && !strcmp(argv[1], "-p")) {
		period_ns = atol(argv[2]) * 1000L;
		argv += 2;
		argc -= 2;
	}
	if (argc != 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0 ||
	    atol(argv[2]) > COUNT_MAX || period_ns < 0) {
		fprintf(stderr, "usage: speed [-p PERIOD_US] BLOCKS COUNT\n");
		return 2;
	}
	blocks = atol(argv[1]);
	count = atol(argv[2]);
	do_blocks(blocks);		/* the code and its data at hand */
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (i = 0; i < count; i++) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		do_blocks(blocks);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		took[i] = ns_of(&t1) - ns_of(&t0);
		if (!period_ns)
			continue;
		/* as periodic does: an overrun period is not made up */
		do
			add_ns(&next, period_ns);
		while (!before(&t1, &next));
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
	qsort(took, count, sizeof(took[0]), cmp_ll);
	printf("min %lld median %lld\n", took[0], took[count / 2]);
	return 0;
}
