# KTAP documents written by host-side checks; sourced.  One document per
# file: ktap_host_begin FILE SUITE, then ktap_host_case OK|FAIL|SKIP NAME
# [DIAGNOSTIC], then ktap_host_end.  The cases are buffered so that the
# plan line can state their number.
# shellcheck shell=bash

ktap_host_begin() {
	KH_FILE=$1
	KH_SUITE=$2
	KH_CASES=()
	KH_FAILED=0
}

ktap_host_case() {
	local status=$1 name=$2 diag=${3:-} n=$((${#KH_CASES[@]} + 1)) line pre=
	case "$status" in
	OK) line="ok $n $name" ;;
	SKIP) line="ok $n $name # SKIP $diag" diag= ;;
	*) line="not ok $n $name" KH_FAILED=1 ;;
	esac
	[ -z "$diag" ] || pre=$(printf '%s\n' "$diag" | sed 's/^/    # /')$'\n'
	KH_CASES+=("$pre    $line")
}

ktap_host_end() {
	{
		echo "KTAP version 1"
		echo "1..1"
		echo "    KTAP version 1"
		echo "    # Subtest: $KH_SUITE"
		echo "    1..${#KH_CASES[@]}"
		printf '%s\n' "${KH_CASES[@]}"
		if [ "$KH_FAILED" -eq 0 ]; then echo "ok 1 $KH_SUITE"; else echo "not ok 1 $KH_SUITE"; fi
	} >"$KH_FILE"
}
