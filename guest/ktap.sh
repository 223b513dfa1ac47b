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
