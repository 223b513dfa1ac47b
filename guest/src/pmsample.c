// SPDX-License-Identifier: GPL-2.0
/*
 * pmsample: one sample of the power-management state, taken as close to
 * one instant as user space can: CLOCK_MONOTONIC in ns, the RAPL package
 * and core energy counters (powercap energy_uj, "-" if absent) and each
 * online CPU's APERF and MPERF (through /dev/cpu/N/msr), or only those of
 * the CPUs named as arguments (reading an idle CPU's MSR wakes it).  One
 * line:  T_NS PKG_UJ PP0_UJ CPU:APERF:MPERF ...
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define RAPL "/sys/class/powercap/intel-rapl:0"

static void print_file(const char *path)
{
	char buf[64];
	FILE *f = fopen(path, "r");

	if (f && fgets(buf, sizeof(buf), f)) {
		unsigned long long v;

		if (sscanf(buf, "%llu", &v) == 1) {
			printf(" %llu", v);
			fclose(f);
			return;
		}
	}
	if (f)
		fclose(f);
	printf(" -");
}

static int read_msr(int fd, uint32_t msr, uint64_t *val)
{
	return pread(fd, val, sizeof(*val), msr) == sizeof(*val) ? 0 : -1;
}

/* Print CPU:APERF:MPERF; 1 if the CPU does not exist, -1 on error */
static int print_cpu(int cpu)
{
	char path[64];
	uint64_t a, m;
	int fd;

	snprintf(path, sizeof(path), "/dev/cpu/%d/msr", cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return access(path, F_OK) ? 1 : -1;
	if (read_msr(fd, 0xe8, &a) || read_msr(fd, 0xe7, &m)) {
		close(fd);
		return -1;
	}
	close(fd);
	printf(" %d:%llu:%llu", cpu, (unsigned long long)a, (unsigned long long)m);
	return 0;
}

int main(int argc, char **argv)
{
	struct timespec ts;
	int cpu, i;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("%llu", (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec);
	print_file(RAPL "/energy_uj");
	print_file(RAPL "/intel-rapl:0:0/energy_uj");
	for (i = 1; i < argc; i++) {
		if (print_cpu(atoi(argv[i])))
			return 1;
	}
	for (cpu = 0; argc == 1 && cpu < 1024; cpu++) {
		if (print_cpu(cpu) < 0)
			return 1;
	}
	printf("\n");
	return 0;
}
