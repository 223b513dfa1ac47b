// SPDX-License-Identifier: GPL-2.0
/*
 * gaps SECONDS [THRESHOLD_NS]: where a CPU's time goes that user space
 * does not get.  Reads the TSC in a tight loop for SECONDS; every step
 * between two reads longer than THRESHOLD_NS (default 2000) is time the
 * CPU spent elsewhere (an interrupt, the emulated platform's stall, the
 * host preempting the virtual CPU).  Prints the share of time lost, and
 * the gaps by length, so that the overhead of the kernel and of the
 * platform can be told apart.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

#include "work.h"

int main(int argc, char **argv)
{
	static const double edges[] = { 5e3, 2e4, 1e5, 5e5, 2e6, 1e9 };
	double secs = argc > 1 ? atof(argv[1]) : 0;
	double thr = argc > 2 ? atof(argv[2]) : 2000;
	double t0, t1, khz, lost[6] = { 0 }, total = 0;
	unsigned long n[6] = { 0 }, count = 0;
	uint64_t c0, c1, prev, c, thr_cycles;
	int i;

	if (secs <= 0) {
		fprintf(stderr, "usage: gaps SECONDS [THRESHOLD_NS]\n");
		return 2;
	}
	/* the TSC rate, from 100 ms of CLOCK_MONOTONIC */
	t0 = now();
	c0 = __rdtsc();
	while (now() - t0 < 0.1)
		;
	khz = (__rdtsc() - c0) / (now() - t0) / 1e3;
	thr_cycles = thr * khz / 1e6;

	t0 = now();
	c0 = prev = __rdtsc();
	c1 = c0 + secs * khz * 1e3;
	while ((c = __rdtsc()) < c1) {
		uint64_t d = c - prev;

		prev = c;
		if (d < thr_cycles)
			continue;
		double ns = d * 1e6 / khz;

		for (i = 0; ns > edges[i] && i < 5; i++)
			;
		n[i]++;
		lost[i] += ns;
		total += ns;
		count++;
	}
	t1 = now();
	printf("lost %.2f%% of %.2f s in %lu gaps over %.0f ns\n",
	       total / ((t1 - t0) * 1e7), t1 - t0, count, thr);
	for (i = 0; i < 6; i++)
		if (n[i])
			printf("  <= %8.0f ns: %6lu gaps, %5.2f%%, mean %.0f ns\n",
			       edges[i], n[i], lost[i] / ((t1 - t0) * 1e7),
			       lost[i] / n[i]);
	return 0;
}
