# Shared helpers for the freqinv scripts; sourced, never run.
# shellcheck shell=bash

FREQINV_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything big (kernel tree, build directories, ccache, logs) lives here,
# outside the checkout, so nothing of the kernel is ever committed.
FREQINV_CACHE=${FREQINV_CACHE:-$HOME/.cache/freqinv}
FREQINV_TREE=$FREQINV_CACHE/linux
# The anchor kernel's tree: Debian's tree plus the emulated platform only,
# a git worktree of the one above (see scripts/prepare-anchor-tree).
FREQINV_ANCHOR_TREE=$FREQINV_CACHE/anchor/linux
FREQINV_SOURCE_TARBALL=${FREQINV_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
FREQINV_JOBS=${FREQINV_JOBS:-$(nproc)}
export CCACHE_DIR=${CCACHE_DIR:-$FREQINV_CACHE/ccache}
export PYTHONDONTWRITEBYTECODE=1
# Debian's own tools first: checkpatch's spdxcheck.py needs the python3-ply
# and python3-git packages, which only Debian's python3 sees.
export PATH=/usr/bin:/bin:$PATH

say() { printf '%s: %s\n' "${0##*/}" "$*"; }
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# step NAME LOG CMD...: run CMD with its output in LOG; a failure names the
# step and the log, so nobody has to guess what broke.
step() {
	local name=$1 log=$2
	shift 2
	say "$name"
	mkdir -p "$(dirname "$log")"
	if ! "$@" >"$log" 2>&1; then
		tail -n 20 "$log" >&2
		die "$name failed; the whole log is $log"
	fi
}

# The patches of patches/series, in order, one per line.
series_patches() {
	local name rest
	while read -r name rest; do
		case "$name" in '' | '#'*) continue ;; esac
		printf '%s\n' "$name"
	done <"$FREQINV_TOP/patches/series"
}

# The patches that lead the series and that the anchor kernel (Debian's
# tree without the series) carries too: the emulated platform's (x86/emu)
# and fixes to Debian's scheduler that the tests would otherwise trip on
# (sched/debug).
anchor_patches() {
	series_patches | grep -E -- '-(sched-debug|x86-emu)-' || true
}

# The kconfig variant booted as the series' kernel: freqinv, or what
# FREQINV_SERIES_VARIANT names (scripts/test-debug boots the debug one).
series_variant() {
	echo "${FREQINV_SERIES_VARIANT:-freqinv}"
}

# kernel_boot KERNEL [bench]: the kconfig variant and the extra boot
# arguments, as "VARIANT ARGS", of one of the kernels compared side by
# side: series (our invariance), off (the series booted with
# freq_invariance=off) or anchor (Debian's own 6.12 invariance); with
# "bench", their builds with loopback TCP for bench/run-bench.
kernel_boot() {
	local suffix=
	[ "${2:-}" = bench ] && suffix=bench
	case "$1" in
	series) echo "${suffix:-$(series_variant)}" ;;
	off) echo "${suffix:-$(series_variant)} freq_invariance=off" ;;
	fixed) echo "${suffix:-$(series_variant)} freq_invariance=fixed" ;;
	anchor) echo "${suffix:+$suffix-}anchor" ;;
	*) die "unknown kernel '$1': series, off, fixed or anchor" ;;
	esac
}

# Identity used for commits made in the cache tree: the repository's own.
tree_git() {
	git -C "$FREQINV_TREE" \
		-c user.name="$(git -C "$FREQINV_TOP" config user.name || echo freqinv)" \
		-c user.email="$(git -C "$FREQINV_TOP" config user.email || echo freqinv@localhost)" \
		"$@"
}

# profile_line PROFILE: PROFILE's line of tests/profiles, or die
profile_line() {
	grep -E "^${1}[[:space:]]" "$FREQINV_TOP/tests/profiles" ||
		die "no profile '$1' in tests/profiles"
}

# Hash of patches/series and the patches it lists: what a tree was made from.
series_hash() {
	(cd "$FREQINV_TOP/patches" && cat series $(series_patches)) | sha256sum | cut -d' ' -f1
}
FREQINV_STAMP=$FREQINV_TREE/.git/freqinv-series
