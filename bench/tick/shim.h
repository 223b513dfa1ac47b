/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tick's functions, cut out of a kernel tree by bench/tick-cost,
 * need to build as a host program: the kernel's helpers as the compiler's
 * builtins, per-CPU data as plain variables, and the static keys,
 * tracepoint and error paths in the state a booted kernel has them on a
 * working part (invariance on, no hybrid scaling, tracepoint off).
 */
#include <stdbool.h>
#include <stdint.h>

typedef uint64_t u64;
typedef int64_t s64;

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define BIT_ULL(n)		(1ULL << (n))
#define SCHED_CAPACITY_SHIFT	10
#define SCHED_CAPACITY_SCALE	(1UL << SCHED_CAPACITY_SHIFT)
#define READ_ONCE(x)		(*(volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile typeof(x) *)&(x) = (v))
#define this_cpu_ptr(p)		(p)
#define this_cpu_write(v, x)	WRITE_ONCE(v, x)
#define static_branch_unlikely(k)	0
#define arch_scale_freq_invariant()	1
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)
#define check_shl_overflow(a, s, d)	({ typeof(a) _a = (a); *(d) = _a << (s); (*(d) >> (s)) != _a; })
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define pr_warn(...)		((void)0)
#define schedule_work(w)	((void)0)
#define trace_x86_freq_scale_tp(...)	((void)0)

static inline unsigned int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline u64 div64_u64(u64 a, u64 b)
{
	return a / b;
}
