// SPDX-License-Identifier: GPL-2.0
/*
 * cpuid LEAF [SUBLEAF]: execute CPUID on the CPU this runs on (pin it
 * with taskset) and print EAX EBX ECX EDX as 0x%08x each, one line.
 * LEAF and SUBLEAF are hex.  The guest kernels have no /dev/cpu/N/cpuid
 * (CONFIG_X86_CPUID is off in kconfig/), and a user-space CPUID is what
 * turbostat and the kernel's own early code read alike.
 */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	unsigned int leaf, sub, a, b, c, d;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: cpuid LEAF [SUBLEAF]\n");
		return 2;
	}
	leaf = strtoul(argv[1], NULL, 16);
	sub = argc > 2 ? strtoul(argv[2], NULL, 16) : 0;
	/* no range check: a leaf above the maximum is the guest's to see */
	__cpuid_count(leaf, sub, a, b, c, d);
	printf("0x%08x 0x%08x 0x%08x 0x%08x\n", a, b, c, d);
	return 0;
}
