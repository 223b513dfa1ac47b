/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The unit of CPU-bound work that the guest programs measure, and their
 * clock.  One block is a few thousand dependent multiply-adds: no memory
 * traffic, nothing the compiler can fold, a few microseconds under TCG.
 */
#ifndef GUEST_WORK_H
#define GUEST_WORK_H

#include <stdint.h>
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

#endif
