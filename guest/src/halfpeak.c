// SPDX-License-Identifier: GPL-2.0
/*
 * halfpeak PEAK_KHZ HALF_KHZ SECONDS: the throughput of a CPU-bound loop
 * at HALF_KHZ over its throughput at PEAK_KHZ, on CPU0 and CPU1 at once.
 *
 * The host that runs the guest changes speed from second to second, and
 * its cores are not always equally fast, so comparing two runs, or two
 * CPUs, measures the host.  Here each CPU runs the loop all the time and
 * switches its own frequency (the userspace governor's scaling_setspeed)
 * between the two every WINDOW_MS, the two CPUs in opposite phase so that
 * one is always at the peak and one at half; each CPU's loop speed at half
 * is compared with its own speed at the peak in the neighbouring windows.
 * The first SETTLE_MS of each window are not counted: the emulated
 * platform pays a CPU's debt for running slow once every few ticks, and
 * the loop must see the new frequency in steady state.
 *
 * Prints, per CPU, the blocks per second at the peak and at half and their
 * ratio, then "ratio R": the geometric mean of the two CPUs' ratios.
 */
#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "work.h"

#define WINDOW_MS	250
#define SETTLE_MS	60

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

/* On @cpu: alternate between the two frequencies; print both speeds. */
static int run_cpu(int cpu, const long khz[2], double secs, int out)
{
	double blocks[2] = { 0 }, time[2] = { 0 }, end;
	volatile uint64_t sink = 1;
	int state = cpu & 1;
	cpu_set_t set;
	char line[128];
	int len;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		return 1;
	}
	end = now() + secs;
	while (now() < end) {
		double t0, t1, stop;
		uint64_t n = 0;

		if (set_khz(cpu, khz[state]))
			return 1;
		t0 = now();
		do
			sink = block(sink);
		while (now() < t0 + SETTLE_MS / 1e3);
		t1 = now();
		stop = t0 + WINDOW_MS / 1e3;
		do {
			sink = block(sink);
			n++;
		} while (now() < stop);
		blocks[state] += n;
		time[state] += now() - t1;
		state ^= 1;
	}
	len = snprintf(line, sizeof(line), "%.1f %.1f\n",
		       blocks[0] / time[0], blocks[1] / time[1]);
	return write(out, line, len) == len ? 0 : 1;
}

int main(int argc, char **argv)
{
	long khz[2];
	double secs, ratio = 1;
	int cpu, fd[2][2];

	if (argc != 4) {
		fprintf(stderr, "usage: halfpeak PEAK_KHZ HALF_KHZ SECONDS\n");
		return 2;
	}
	khz[0] = atol(argv[1]);
	khz[1] = atol(argv[2]);
	secs = atof(argv[3]);
	for (cpu = 0; cpu < 2; cpu++) {
		if (pipe(fd[cpu]))
			return 1;
		switch (fork()) {
		case -1:
			return 1;
		case 0:
			close(fd[cpu][0]);
			return run_cpu(cpu, khz, secs, fd[cpu][1]);
		}
		close(fd[cpu][1]);
	}
	for (cpu = 0; cpu < 2; cpu++) {
		double peak, half;
		char buf[128];
		FILE *f = fdopen(fd[cpu][0], "r");
		int status;

		if (!f || !fgets(buf, sizeof(buf), f) ||
		    sscanf(buf, "%lf %lf", &peak, &half) != 2 || peak <= 0) {
			fprintf(stderr, "halfpeak: no result from CPU%d\n", cpu);
			return 1;
		}
		wait(&status);
		printf("CPU%d: %.0f blocks/s at %ld kHz, %.0f at %ld kHz: %.4f\n",
		       cpu, peak, khz[0], half, khz[1], half / peak);
		ratio *= half / peak;
	}
	printf("ratio %.4f\n", sqrt(ratio));
	return 0;
}
