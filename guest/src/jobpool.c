// SPDX-License-Identifier: GPL-2.0
/*
 * jobpool JOBS PARALLEL BLOCKS WAIT_US: the kernbench-like workload, a
 * build as make -jPARALLEL runs it.  JOBS jobs, at most PARALLEL at once;
 * each is a child process that does BLOCKS blocks of work
 * (guest/include/work.h) in four slices with a WAIT_US sleep before each
 * (a compiler waiting for its sources and headers), then exits, and the
 * next job starts as soon as one ends.  The CPUs are mostly busy but
 * every job blocks a few times, so the governor sees short idle gaps, as
 * in a real build.  Prints the elapsed seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "work.h"

#define SLICES	4

static void job(long blocks, long wait_us)
{
	struct timespec gap = { wait_us / 1000000, wait_us % 1000000 * 1000 };
	long s;

	for (s = 0; s < SLICES; s++) {
		nanosleep(&gap, NULL);
		do_blocks(blocks / SLICES);
	}
	_exit(0);
}

int main(int argc, char **argv)
{
	long jobs, par, blocks, wait_us, started = 0, running = 0;
	double t0;

	if (argc != 5 || (jobs = atol(argv[1])) <= 0 || (par = atol(argv[2])) <= 0 ||
	    (blocks = atol(argv[3])) < 0 || (wait_us = atol(argv[4])) < 0) {
		fprintf(stderr, "usage: jobpool JOBS PARALLEL BLOCKS WAIT_US\n");
		return 2;
	}
	t0 = now();
	while (started < jobs || running > 0) {
		int status;

		if (started < jobs && running < par) {
			pid_t pid = fork();

			if (pid < 0) {
				perror("fork");
				return 1;
			}
			if (!pid)
				job(blocks, wait_us);
			started++;
			running++;
			continue;
		}
		if (wait(&status) < 0) {
			perror("wait");
			return 1;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "jobpool: a job failed\n");
			return 1;
		}
		running--;
	}
	printf("%.3f\n", now() - t0);
	return 0;
}
