/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into the guest's turbostat (scripts/build-turbostat).
 *
 * turbostat decodes the turbo ratio MSRs only when CPUID.06H:EAX[1]
 * (turbo boost) is set, and counts APERF/MPERF only when CPUID.06H:ECX[0]
 * is.  The emulated platform models a part that has both, but it can only
 * answer MSR accesses: user space executes CPUID itself, and QEMU 7.2's
 * TCG exposes no way to set those two leaf-6 bits (its only leaf-6 feature
 * is "arat").  So the guest's turbostat sees leaf 6 as the modelled part
 * would report it; everything it decodes still comes from the MSRs.
 */
#include <cpuid.h>

#undef __cpuid
#define __cpuid(level, a, b, c, d)					\
	do {								\
		unsigned int __leaf = (level);				\
		__asm__ __volatile__("cpuid"				\
				     : "=a"(a), "=b"(b), "=c"(c), "=d"(d)	\
				     : "0"(__leaf));			\
		if (__leaf == 6) {					\
			(a) |= 1U << 1;		/* turbo boost */	\
			(c) |= 1U << 0;		/* APERF/MPERF */	\
		}							\
	} while (0)
