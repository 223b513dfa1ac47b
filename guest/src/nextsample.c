// SPDX-License-Identifier: GPL-2.0
/*
 * nextsample CPU N SECONDS: the freq_scale of each of the next N samples
 * of CPU's counters, as the series' debugfs (x86/freq_invariance/cpus,
 * columns freq_scale and samples) shows them.  It reads the file in a
 * tight loop from the CPU it runs on (pin it elsewhere) until CPU's
 * samples count has moved N times, and prints one line:
 *   freq_scale S1 .. SN steps D1 .. DN
 * where Di is how far the count moved between two reads: 1 when read
 * i caught sample i alone (a read takes some microseconds, a tick 4 ms,
 * so it always should).  Exits 1, printing what it has, if SECONDS pass
 * first, 2 if the file cannot be read or has no such CPU.
 *
 * A shell loop of awk would take milliseconds a read and could miss the
 * first sample after a stopped tick, which is the one wanted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "work.h"

#define CPUS_FILE "/sys/kernel/debug/x86/freq_invariance/cpus"
#define MAX_SAMPLES 64

/* CPU's freq_scale and samples from one read of the file; 0 if found */
static int read_cpu(int cpu, unsigned long *scale, unsigned long *count)
{
	char line[256];
	int col_scale = -1, col_count = -1, found = -1, header = 1;
	FILE *f = fopen(CPUS_FILE, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *tok, *save;
		unsigned long v[8] = { 0 };
		int col = 0;

		for (tok = strtok_r(line, " \n", &save); tok && col < 8;
		     tok = strtok_r(NULL, " \n", &save), col++) {
			if (header && !strcmp(tok, "freq_scale"))
				col_scale = col;
			else if (header && !strcmp(tok, "samples"))
				col_count = col;
			v[col] = strtoul(tok, NULL, 10);
		}
		if (!header && col_scale > 0 && col_count > 0 &&
		    col > col_count && v[0] == (unsigned long)cpu) {
			*scale = v[col_scale];
			*count = v[col_count];
			found = 0;
		}
		header = 0;
	}
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	unsigned long scale, count, last, got[MAX_SAMPLES], step[MAX_SAMPLES];
	int cpu, n, i = 0, j, rc = 0;
	double end;

	if (argc != 4 || atoi(argv[2]) < 1 || atoi(argv[2]) > MAX_SAMPLES) {
		fprintf(stderr, "usage: nextsample CPU N SECONDS (N at most %d)\n", MAX_SAMPLES);
		return 2;
	}
	cpu = atoi(argv[1]);
	n = atoi(argv[2]);
	end = now() + atof(argv[3]);
	if (read_cpu(cpu, &scale, &last)) {
		fprintf(stderr, "nextsample: no CPU %d with freq_scale and samples in %s\n",
			cpu, CPUS_FILE);
		return 2;
	}
	while (i < n) {
		if (now() > end) {
			rc = 1;
			break;
		}
		if (read_cpu(cpu, &scale, &count))
			return 2;
		if (count == last)
			continue;
		got[i] = scale;
		step[i++] = count - last;
		last = count;
	}
	printf("freq_scale");
	for (j = 0; j < i; j++)
		printf(" %lu", got[j]);
	printf(" steps");
	for (j = 0; j < i; j++)
		printf(" %lu", step[j]);
	printf("\n");
	return rc;
}
