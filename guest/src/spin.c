// SPDX-License-Identifier: GPL-2.0
/*
 * spin SECONDS [WARMUP]: a calibrated CPU-bound loop.  Runs a fixed inner
 * block of integer work for WARMUP (default 0.2) and then SECONDS of
 * CLOCK_MONOTONIC time, and prints how many blocks per second it completed
 * in the SECONDS, so that two runs compare the CPU time the platform
 * delivered (the emulated platform slows a CPU down in proportion to its
 * frequency).  The warm-up lets a new frequency settle and the platform's
 * stall debt from before be paid.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "work.h"

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0, start, end;
	double warmup = argc > 2 ? atof(argv[2]) : 0.2;
	volatile uint64_t sink = 1;
	uint64_t blocks = 0;

	if (secs <= 0) {
		fprintf(stderr, "usage: spin SECONDS\n");
		return 2;
	}
	end = now() + warmup;
	do
		sink = block(sink);
	while (now() < end);
	start = now();
	end = start + secs;
	do {
		sink = block(sink);
		blocks++;
	} while (now() < end);
	printf("%.0f\n", blocks / (now() - start));
	return 0;
}
