// SPDX-License-Identifier: GPL-2.0
/*
 * rdmsr CPU MSR: print MSR (hex) of CPU as 0x%016llx, read through
 * /dev/cpu/CPU/msr as any user-space tool (turbostat) would.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "msr.h"

int main(int argc, char **argv)
{
	char path[64];
	uint64_t val;
	uint32_t msr;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: rdmsr CPU MSR\n");
		return 2;
	}
	msr = strtoul(argv[2], NULL, 16);
	snprintf(path, sizeof(path), "/dev/cpu/%s/msr", argv[1]);
	fd = open(path, O_RDONLY);
	if (fd < 0 || msr_read(fd, msr, &val)) {
		perror(path);
		return 1;
	}
	printf("0x%016llx\n", (unsigned long long)val);
	return 0;
}
