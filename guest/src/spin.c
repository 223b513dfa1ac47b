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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One block: a few thousand dependent multiply-adds the compiler keeps. */
static uint64_t block(uint64_t x)
{
	int i;

	for (i = 0; i < 4096; i++)
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	return x;
}

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
