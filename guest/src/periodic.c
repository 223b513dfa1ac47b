// SPDX-License-Identifier: GPL-2.0
/*
 * periodic PERIOD_US BLOCKS SECONDS: a periodic task with a fixed amount of
 * work, as rt-app runs it for LISA's load-tracking tests.  Every PERIOD_US
 * it does BLOCKS blocks of work (guest/include/work.h) and sleeps until the
 * next period starts (absolute CLOCK_MONOTONIC times, so that the period
 * does not drift); a period whose work overran the next start is not
 * made up.  SECONDS 0 runs until killed.  The work, not the time, is fixed:
 * at a lower frequency each period's work takes longer, and a
 * non-invariant kernel sees the task busier.
 *
 * At the end it prints the periods, the overruns and the CPU time the
 * task was charged: se.sum_exec_runtime from /proc/self/sched, its run
 * time as the scheduler accounts it, interrupts that hit it included (the
 * guest kernel has no POSIX CPU clocks, and the tick-sampled times of
 * /proc/self/stat would miss bursts that fit between two ticks).
 *
 * periodic -c MS: calibrate; print how many blocks this CPU does in one
 * millisecond (the best of five runs of MS milliseconds, to see the
 * machine's speed rather than its interruptions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "work.h"

static double calibrate(double ms)
{
	volatile uint64_t sink = 1;
	double best = 0;
	int run;

	for (run = 0; run < 5; run++) {
		double t0 = now(), t;
		uint64_t n = 0;

		do {
			sink = block(sink);
			n++;
		} while ((t = now()) < t0 + ms / 1e3);
		if (n / ((t - t0) * 1e3) > best)
			best = n / ((t - t0) * 1e3);
	}
	return best;
}

int main(int argc, char **argv)
{
	struct timespec next, cur;
	unsigned long periods = 0, overruns = 0;
	long period_ns, blocks;
	double end;

	if (argc == 3 && !strcmp(argv[1], "-c")) {
		printf("%.1f\n", calibrate(atof(argv[2])));
		return 0;
	}
	if (argc != 4 || atol(argv[1]) <= 0 || atol(argv[2]) < 0) {
		fprintf(stderr, "usage: periodic PERIOD_US BLOCKS SECONDS | periodic -c MS\n");
		return 2;
	}
	period_ns = atol(argv[1]) * 1000L;
	blocks = atol(argv[2]);
	end = atof(argv[3]) > 0 ? now() + atof(argv[3]) : 1e300;

	clock_gettime(CLOCK_MONOTONIC, &next);
	while (now() < end) {
		do_blocks(blocks);
		periods++;
		add_ns(&next, period_ns);
		clock_gettime(CLOCK_MONOTONIC, &cur);
		while (!before(&cur, &next)) {
			add_ns(&next, period_ns);
			overruns++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
	printf("%lu periods, %lu overruns, cpu %.6f s\n", periods, overruns,
	       run_time());
	return 0;
}
