// SPDX-License-Identifier: GPL-2.0
/*
 * tick-cost: ns per call of the tick's frequency-invariance work of two
 * kernels, cut out of their trees by bench/tick-cost and built for the
 * host: series_tick() (the series' scale_freq_tick()) and anchor_tick()
 * (6.12's).  Each gets the same 4096 samples (APERF and MPERF deltas of
 * a 4 ms tick at ratios 8-39 over base 35, as a busy CPU's counters
 * would give) ROUNDS times; the two alternate round by round.  Prints,
 * per round, "ROUND SERIES_NS ANCHOR_NS".  The MSR reads are not in it:
 * they cost the same on both kernels and dominate on silicon.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void series_tick(uint64_t acnt, uint64_t mcnt);
void anchor_tick(uint64_t acnt, uint64_t mcnt);
unsigned long series_scale(void);
unsigned long anchor_scale(void);

#define SAMPLES 4096

static uint64_t acnt[SAMPLES], mcnt[SAMPLES];

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double ns_per_call(void (*tick)(uint64_t, uint64_t), long loops)
{
	double start = now();

	for (long l = 0; l < loops; l++)
		for (int i = 0; i < SAMPLES; i++)
			tick(acnt[i], mcnt[i]);
	return (now() - start) * 1e9 / ((double)loops * SAMPLES);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 11;
	long loops = argc > 2 ? atol(argv[2]) : 2000;

	srand(1);
	for (int i = 0; i < SAMPLES; i++) {
		uint64_t ratio = 8 + rand() % 32;	/* 800 MHz to 3.9 GHz */

		mcnt[i] = 14000000 + rand() % 100000;	/* 4 ms at 3.5 GHz */
		acnt[i] = mcnt[i] * ratio / 35;
	}
	/* both must compute the same freq_scale, or one was cut wrong */
	series_tick(acnt[0], mcnt[0]);
	anchor_tick(acnt[0], mcnt[0]);
	if (series_scale() != anchor_scale()) {
		fprintf(stderr, "tick-cost: series %lu, anchor %lu for the same sample\n",
			series_scale(), anchor_scale());
		return 1;
	}
	for (int r = 1; r <= rounds; r++) {
		double s = ns_per_call(series_tick, loops);
		double a = ns_per_call(anchor_tick, loops);

		printf("%d %.3f %.3f\n", r, s, a);
	}
	return 0;
}
