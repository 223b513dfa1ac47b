# Shared by the bench/run-* scripts; sourced after scripts/lib.sh.

# bench_boot RAW NAME LABEL VARIANT SMP MODEL ARG...: boot the VARIANT
# kernel at SMP CPUs as Intel CPU model MODEL, with intel_pstate passive,
# KUnit off and the kernel arguments ARG..., and run the bench suite
# (guest/tests/bench); its result lines, prefixed with LABEL, are appended
# to RAW.  NAME names the boot's log folder.
bench_boot() {
	local raw=$1 name=$2 label=$3 variant=$4 smp=$5 model=$6
	shift 6
	"$FREQINV_TOP/scripts/boot-guest" --variant "$variant" --smp "$smp" --mem 512M \
		--timeout 2400 --cpu "max,vendor=GenuineIntel,family=6,model=$model" \
		--append "intel_pstate=passive kunit.enable=0 $*" --run bench "$name" >&2 ||
		die "boot $name failed: see $FREQINV_CACHE/logs/boot/$name"
	sed -n 's/^bench: \([a-z]\)/\1/p' "$FREQINV_CACHE/logs/boot/$name/console.log" |
		sed "s/^/$label /" >>"$raw"
}
