// SPDX-License-Identifier: GPL-2.0
/*
 * forkchain N BLOCKS: the gitsource-like workload.  A shell test suite is
 * a long serial chain of short-lived processes, each doing a little work
 * and exiting before the next starts: no CPU stays busy long enough for a
 * non-invariant schedutil to see it busy at a low frequency, so it never
 * raises the frequency, while an invariant one sees the work itself.
 * Here: N times, fork, exec this program as "forkchain -w BLOCKS" (BLOCKS
 * blocks of guest/include/work.h, then exit), and wait for it.  Prints
 * the elapsed seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "work.h"

static int child_work(long blocks)
{
	do_blocks(blocks);
	return 0;
}

int main(int argc, char **argv)
{
	long n, i;
	double t0;

	if (argc == 3 && !strcmp(argv[1], "-w"))
		return child_work(atol(argv[2]));
	if (argc != 3 || (n = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: forkchain N BLOCKS\n");
		return 2;
	}
	t0 = now();
	for (i = 0; i < n; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (!pid) {
			execl("/proc/self/exe", "forkchain", "-w", argv[2], (char *)NULL);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "forkchain: child %ld failed\n", i);
			return 1;
		}
	}
	printf("%.3f\n", now() - t0);
	return 0;
}
