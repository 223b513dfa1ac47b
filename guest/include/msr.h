/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A CPU's MSRs as the guest programs read them: through /dev/cpu/N/msr,
 * as any user-space tool (turbostat) would.
 */
#ifndef GUEST_MSR_H
#define GUEST_MSR_H
#include <stdint.h>
#include <unistd.h>

#define MSR_MPERF	0xe7
#define MSR_APERF	0xe8

/* MSR @msr through @fd (an open /dev/cpu/N/msr): 0, or -1 if unread */
static inline int msr_read(int fd, uint32_t msr, uint64_t *val)
{
	return pread(fd, val, sizeof(*val), msr) == sizeof(*val) ? 0 : -1;
}
#endif
