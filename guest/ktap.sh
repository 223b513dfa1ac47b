# KTAP output for the guest suites; sourced.  A suite calls ktap_begin
# COUNT, then one ktap_ok/ktap_fail/ktap_skip per case, then ktap_end,
# which exits non-zero when a case failed so that /init marks the suite
# failed.  The suite is named guest_<file name>, as /init's result line is.

ktap_begin() {
	KTAP_N=0
	KTAP_FAILED=0
	echo "KTAP version 1"
	echo "# Subtest: guest_${0##*/}"
	echo "1..$1"
}

ktap_ok() {
	KTAP_N=$((KTAP_N + 1))
	echo "ok $KTAP_N $1"
}

# ktap_fail NAME WHY...
ktap_fail() {
	local name=$1
	shift
	KTAP_N=$((KTAP_N + 1))
	KTAP_FAILED=1
	echo "# $name: $*"
	echo "not ok $KTAP_N $name"
}

ktap_skip() {
	KTAP_N=$((KTAP_N + 1))
	echo "ok $KTAP_N $1 # SKIP $2"
}

# ktap_expect_eq NAME EXPECTED ACTUAL
ktap_expect_eq() {
	if [ "$2" = "$3" ]; then
		ktap_ok "$1"
	else
		ktap_fail "$1" "expected '$2', got '$3'"
	fi
}

ktap_end() {
	exit "$KTAP_FAILED"
}

# Values of the form guest.KEY=VALUE on the kernel command line.
guest_arg() {
	tr ' ' '\n' </proc/cmdline | sed -n "s/^guest\.$1=//p" | tail -n 1
}

# freqinv_cpu CPU COLUMN: COLUMN (freq_scale, max_freq_ratio, capacity,
# ref_khz: the header's names) of CPU in the series' debugfs cpus file
freqinv_cpu() {
	awk -v c="$1" -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == k) col = i }
		NR > 1 && $1 == c && col { print $col }' /sys/kernel/debug/x86/freq_invariance/cpus
}

# loc CPU: CPU's local timer interrupts so far (/proc/interrupts' LOC)
loc() {
	awk -v c=$(($1 + 2)) '$1 == "LOC:" { print $c }' /proc/interrupts
}

# within PCT A B: |A - B| <= B * PCT / 100 (floating point); false when
# either is not a number
within() {
	awk -v p="$1" -v a="$2" -v b="$3" 'BEGIN {
		if (a !~ /^-?[0-9.]+$/ || b !~ /^-?[0-9.]+$/) exit 1
		d = a - b; if (d < 0) d = -d; exit !(d <= b * p / 100) }'
}

# awk_ok EXPR [VAR=VALUE...]: true if the awk expression holds
awk_ok() {
	local e=$1
	shift
	awk "$@" "BEGIN { exit !($e) }"
}

# capacity_of CPU REBUILD: CPU's capacity as the scheduler uses it
# (capacity_of(): its arch capacity less the RT, IRQ, hardware and cpufreq
# pressure) at a sched-domain rebuild, CPU REBUILD offline and online
# again; read from the rebuild's sched_verbose dump of CPU's group of one,
# which leaves "cap=" out at 1024.  Empty if no dump shows CPU.
capacity_of() {
	local v=/sys/kernel/debug/sched/verbose seen old
	seen=$(dmesg | wc -l) old=$(cat $v)
	echo Y >$v
	echo 0 >/sys/devices/system/cpu/cpu"$2"/online
	echo 1 >/sys/devices/system/cpu/cpu"$2"/online
	echo "$old" >$v
	dmesg | tail -n +$((seen + 1)) | grep -o " $1:{ span=$1[ }][^}]*}" | tail -n 1 |
		sed -n 's/.* cap=\([0-9]*\).*/\1/p; t; s/.*/1024/p'
}

# capacity_near WANT GOT...: every GOT is WANT or at most 1% below it
# (RT time the scheduler takes off a CPU's capacity)
capacity_near() {
	local want=$1 got
	shift
	for got in "$@"; do
		awk_ok 'g <= w && g >= w * 0.99' -v g="${got:-0}" -v w="$want" || return 1
	done
}

# key_value KEY: the word after KEY in the "KEY VALUE KEY VALUE ..." lines
# on stdin (utilmon's output)
key_value() {
	awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }'
}

# nearest_opp KHZ BUS_KHZ MAX_KHZ: the frequency nearest KHZ that the
# platform can run (a multiple of the bus clock), at most MAX_KHZ
nearest_opp() {
	local f=$(( ($1 + $2 / 2) / $2 * $2 ))
	[ "$f" -gt "$3" ] && f=$3
	echo "$f"
}

# pin_policy POLICY-DIR KHZ: the userspace governor at KHZ on one policy
pin_policy() {
	echo userspace >"$1/scaling_governor"
	echo "$2" >"$1/scaling_setspeed"
}

# ran_for PID MS TRIES: wait until task PID has been charged MS ms of CPU
# time (/proc/PID/stat utime + stime, in 10 ms units: ticks that found it
# running), checking every 20 ms at most TRIES times
ran_for() {
	local n=0
	while [ $n -lt "$3" ]; do
		awk -v ms="$2" '{ exit !(($14 + $15) * 10 >= ms) }' "/proc/$1/stat" 2>/dev/null && return 0
		sleep 0.02
		n=$((n + 1))
	done
	return 1
}

# pin_all KHZ: every cpufreq policy pinned at KHZ
pin_all() {
	local p
	for p in /sys/devices/system/cpu/cpufreq/policy*; do
		pin_policy "$p" "$1"
	done
}

# sample_pinned KHZ: pin every cpufreq policy at KHZ with the userspace
# governor (on a part whose package shares one frequency, another CPU's
# request moves CPU0 too, and reading an MSR wakes that CPU), keep CPU0
# busy for 2 s, and set what CPU0 reports meanwhile: PIN_RATIO (PERF_STATUS
# ratio), PIN_MHZ_KHZ (cpu MHz, in kHz), PIN_CUR (scaling_cur_freq), and
# PIN_DA, PIN_DM (dAPERF, dMPERF over the 2 s).
sample_pinned() {
	local s0 s1
	pin_all "$1"
	# one process reads the APERF/MPERF pair, as close together as it can
	s0=$(pmsample 0)
	taskset 1 spin 2 0 >/dev/null &
	sleep 1
	PIN_RATIO=$(( ($(rdmsr 0 198) >> 8) & 0xff ))
	# cpu MHz is the last tick's sample (4 ms): the median of three,
	# 50 ms apart (one sample in 84 of a make test read 1.8% low, on
	# Debian's kernel, Knights Mill at 1 GHz)
	PIN_MHZ_KHZ=$(for i in 1 2 3; do mhz_of 0; sleep 0.05; done | sort -n | sed -n 2p)
	PIN_CUR=$(cat /sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq)
	wait
	s1=$(pmsample 0)
	PIN_DA=$(($(echo "${s1##* }" | cut -d: -f2) - $(echo "${s0##* }" | cut -d: -f2)))
	PIN_DM=$(($(echo "${s1##* }" | cut -d: -f3) - $(echo "${s0##* }" | cut -d: -f3)))
}

# stop_jobs: stop this shell's background jobs (busy tasks whose figures
# have been read: no need to wait their time out) and reap them
stop_jobs() {
	kill $(jobs -p) 2>/dev/null
	wait
}

# mhz_of CPU: CPU's "cpu MHz" in /proc/cpuinfo, in kHz
mhz_of() {
	awk -v c="$1" '/^processor/ { p = $3 } /^cpu MHz/ && p == c { print int($4 * 1000); exit }' /proc/cpuinfo
}

# model_khz CPU BASE_KHZ ANSWER0 ANSWER1: the frequency the model ran CPU
# at between two answers to "query-intel-dvfs | cpus.CPU.aperf
# cpus.CPU.mperf" (its own dAPERF / dMPERF times the base), in kHz;
# nothing if CPU was halted throughout
model_khz() {
	model_ratio "cpus.$1.aperf" "cpus.$1.mperf" "$2" "$3" "$4"
}

# model_ratio NUM DEN SCALE BEFORE AFTER: from two model answers, how far
# key NUM moved over how far key DEN moved, times SCALE, rounded; nothing
# if DEN did not move
model_ratio() {
	echo "$4 $5" | tr ' ' '\n' | awk -F= -v a="$1" -v m="$2" -v b="$3" '
		{ v[$1, n[$1]++] = $2 }
		END { dm = v[m, 1] - v[m, 0]; if (dm > 0) printf "%.0f", (v[a, 1] - v[a, 0]) / dm * b }'
}

# model REQUEST: ask the hardware model through its query port (the
# intel-dvfs device's query-port, named by guest.query_port): REQUEST is a
# monitor command (query-intel-dvfs, intel-dvfs-inject) and its JSON
# arguments, optionally followed by "| KEY..." to get only those keys;
# prints the answer as KEY=VALUE words ("cpus.1.aperf=N ..."), or
# error=TEXT.  The question takes no time outside the guest.
model() {
	local port
	port=$(guest_arg query_port)
	[ -n "$port" ] || { echo "error=no_query_port"; return 1; }
	model-query "$port" "$*"
}

# model_value KEY: the value of KEY in a model answer on stdin
model_value() {
	tr ' ' '\n' | sed -n "s/^$1=//p"
}
