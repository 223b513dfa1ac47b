// SPDX-License-Identifier: GPL-2.0
/*
 * pmsample: one sample of the power-management state: the RAPL package
 * and core energy counters (powercap energy_uj, "-" if absent) at T_NS
 * (CLOCK_MONOTONIC, in ns), and each online CPU's APERF and MPERF
 * (through /dev/cpu/N/msr) at its own CPU_T_NS, or only those of the CPUs
 * named as arguments (reading an idle CPU's MSR wakes it).  One line:
 * T_NS PKG_UJ PP0_UJ CPU:APERF:MPERF:CPU_T_NS ...
 * Each reading has its own time because the reads take a while, the
 * longer the lower the clock of the emulated platform: a rate must be
 * computed over the interval of the same reading in both samples.
 *
 * It runs as SCHED_FIFO: a CPU-bound load on its own CPU would otherwise
 * preempt it between the APERF and the MPERF read, and the pair would no
 * longer be of one instant (the kernel's tick reads the pair in between).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "msr.h"

#define RAPL "/sys/class/powercap/intel-rapl:0"

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The number in @path, as " N", or " -" */
static void read_counter(const char *path, char *out, size_t len)
{
	unsigned long long v;
	char buf[64];
	FILE *f = fopen(path, "r");

	if (f && fgets(buf, sizeof(buf), f) && sscanf(buf, "%llu", &v) == 1)
		snprintf(out, len, " %llu", v);
	else
		snprintf(out, len, " -");
	if (f)
		fclose(f);
}

/* Run on @cpu only (0), or on the CPUs of @set if @cpu < 0 */
static int pin(int cpu, cpu_set_t *set)
{
	cpu_set_t one;

	if (cpu < 0)
		return sched_setaffinity(0, sizeof(*set), set);
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	return sched_setaffinity(0, sizeof(one), &one);
}

#define PAIR_MAX_NS	200000ULL
#define PAIR_BUDGET_NS	20000000ULL
#define READING_MAX	64

/*
 * The reading that @read makes into @best (@size bytes) with its reads
 * closest together in time: one reading, or while @retry and the closest
 * so far spans more than @max_ns, readings for up to PAIR_BUDGET_NS (the
 * caller's timing must not stretch).  Its start and end in @t0 and @t1;
 * -1 if a reading fails.
 */
static int closest_reading(int (*read)(void *ctx, void *out), void *ctx,
			   void *best, size_t size, unsigned long long max_ns,
			   int retry, unsigned long long *t0, unsigned long long *t1)
{
	unsigned long long start = now_ns(), span = ~0ULL, a, b;
	char out[READING_MAX];

	if (size > sizeof(out))
		return -1;
	while (span == ~0ULL ||
	       (retry && span > max_ns && now_ns() - start < PAIR_BUDGET_NS)) {
		a = now_ns();
		if (read(ctx, out))
			return -1;
		b = now_ns();
		if (b - a < span) {
			span = b - a;
			memcpy(best, out, size);
			*t0 = a;
			*t1 = b;
		}
	}
	return 0;
}

/* One reading of APERF then MPERF through the /dev/cpu/N/msr at @ctx */
static int read_pair(void *ctx, void *out)
{
	uint64_t *am = out;

	return msr_read(*(int *)ctx, MSR_APERF, &am[0]) ||
	       msr_read(*(int *)ctx, MSR_MPERF, &am[1]) ? -1 : 0;
}

/*
 * Print CPU:APERF:MPERF:T_NS; 1 if the CPU does not exist, -1 on error.
 *
 * The platform latches MPERF when APERF is read, so that the pair is of
 * one instant, but the CPU's tick reads the pair too: if it runs between
 * the two reads, MPERF is read afresh, as late as the second read.  Read
 * from another CPU, each read is an interrupt to that CPU, and under TCG
 * a virtual CPU can be away for tens of milliseconds (the host runs more
 * of them than it has cores): dAPERF/dMPERF over two seconds once read 1%
 * low.  So for the CPUs named as arguments (@move) the reads are made on
 * the CPU itself (SCHED_FIFO there, the caller's affinity restored
 * afterwards), and a pair whose reads lay more than PAIR_MAX_NS apart is
 * read again, the closest kept, for at most PAIR_BUDGET_NS: the caller's
 * timing must not stretch.  A sample of every CPU, taken for the energy
 * and the busy shares of all of them, reads each pair once from where it
 * runs: moving through every CPU would add its own busy time to each, and
 * with the energy read before the first move, the CPUs' intervals would
 * no longer be the energy's (the power model's check read 2% low twice).
 */
static int print_cpu(int cpu, cpu_set_t *home, int move)
{
	unsigned long long t0, t1;
	uint64_t am[2];
	char path[64];
	int fd, ret;

	snprintf(path, sizeof(path), "/dev/cpu/%d/msr", cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return access(path, F_OK) ? 1 : -1;
	if (move)
		pin(cpu, NULL);
	ret = closest_reading(read_pair, &fd, am, sizeof(am), PAIR_MAX_NS, move,
			      &t0, &t1);
	if (move)
		pin(-1, home);
	close(fd);
	if (ret)
		return -1;
	printf(" %d:%llu:%llu:%llu", cpu, (unsigned long long)am[0],
	       (unsigned long long)am[1], t1);
	return 0;
}

/*
 * Print T_NS PKG_UJ PP0_UJ: the two energy counters read as close together
 * as the CPU pairs are (the package counter minus the core one is the
 * model's constant uncore power only if both are of one instant; once
 * 11.2 W came out for 12), T_NS the middle of the two reads.  Each read
 * opens a sysfs file, so a pair is close at ENERGY_MAX_NS.
 */
#define ENERGY_MAX_NS	1000000ULL

struct energy {
	char pkg[24], pp0[24];
};

/* One reading of the package's energy counter, then the cores' */
static int read_energy(void *ctx, void *out)
{
	struct energy *e = out;

	(void)ctx;
	read_counter(RAPL "/energy_uj", e->pkg, sizeof(e->pkg));
	read_counter(RAPL "/intel-rapl:0:0/energy_uj", e->pp0, sizeof(e->pp0));
	return 0;
}

static void print_energy(void)
{
	unsigned long long t0, t1;
	struct energy e;

	closest_reading(read_energy, NULL, &e, sizeof(e), ENERGY_MAX_NS, 1, &t0, &t1);
	printf("%llu%s%s", (t0 + t1) / 2, e.pkg, e.pp0);
}

int main(int argc, char **argv)
{
	struct sched_param sp = { .sched_priority = 50 };
	cpu_set_t home;
	int cpu, i;

	if (sched_getaffinity(0, sizeof(home), &home))
		perror("pmsample: affinity");

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		perror("pmsample: SCHED_FIFO");
	print_energy();
	for (i = 1; i < argc; i++) {
		if (print_cpu(atoi(argv[i]), &home, 1))
			return 1;
	}
	for (cpu = 0; argc == 1 && cpu < 1024; cpu++) {
		if (print_cpu(cpu, &home, 0) < 0)
			return 1;
	}
	printf("\n");
	return 0;
}
