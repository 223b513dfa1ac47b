# Shared helpers for the freqinv scripts; sourced, never run.
# shellcheck shell=bash

FREQINV_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything big (kernel tree, build directories, ccache, logs) lives here,
# outside the checkout, so nothing of the kernel is ever committed.
FREQINV_CACHE=${FREQINV_CACHE:-$HOME/.cache/freqinv}
FREQINV_TREE=$FREQINV_CACHE/linux
# The anchor kernel's tree: Debian's pristine tree, a git worktree of the
# one above at its "pristine" tag (see scripts/prepare-anchor-tree).
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

# The kernel series: patches/linux, with its cover letter (not applied).
FREQINV_SERIES_DIR=$FREQINV_TOP/patches/linux

# The patches of patches/linux/series, in order, one per line.
series_patches() {
	local name rest
	while read -r name rest; do
		case "$name" in '' | '#'*) continue ;; esac
		printf '%s\n' "$name"
	done <"$FREQINV_SERIES_DIR/series"
}

# The kconfig variant booted as the series' kernel: freqinv, or what
# FREQINV_SERIES_VARIANT names (scripts/test-debug boots the debug one).
series_variant() {
	echo "${FREQINV_SERIES_VARIANT:-freqinv}"
}

# Identity used for commits made in the cache tree: the repository's own.
tree_git() {
	git -C "$FREQINV_TREE" \
		-c user.name="$(git -C "$FREQINV_TOP" config user.name || echo freqinv)" \
		-c user.email="$(git -C "$FREQINV_TOP" config user.email || echo freqinv@localhost)" \
		"$@"
}

# The hardware model: Debian's QEMU source (the version of the installed
# qemu-system-x86) with patches/qemu applied as commits, built for
# x86_64-softmmu only (scripts/prepare-qemu-tree, scripts/build-qemu).
FREQINV_QEMU_TREE=$FREQINV_CACHE/qemu
FREQINV_QEMU_BUILD=$FREQINV_CACHE/build/qemu
# FREQINV_QEMU: the model's binary (another build of it may be named)
FREQINV_QEMU=${FREQINV_QEMU:-$FREQINV_QEMU_BUILD/qemu-system-x86_64}
# The quantum scheduler's round, in virtual ns (docs/platform.md, "Time"),
# and the I/O port of the model's query port for the guest's suites
FREQINV_QUANTUM_NS=${FREQINV_QUANTUM_NS:-50000}
# The guest's date at boot (the RTC's base on the virtual clock), UTC;
# also the date of every file in the initramfs (pack_cpio)
FREQINV_GUEST_DATE=2026-01-01T00:00:00
FREQINV_QUERY_PORT=0x7f0
# Its firmware, from Debian's seabios and ipxe-qemu packages (the dfsg
# source has none): QEMU options, one word each
FREQINV_QEMU_FIRMWARE="-L /usr/share/seabios -L /usr/lib/ipxe/qemu -L /usr/share/qemu"
# Debian's own binary kernel, unpacked from its package (never installed
# on the host): scripts/fetch-debian-kernel.
FREQINV_DEBIAN_KERNEL_PKG=linux-image-6.12.118+deb12-amd64
FREQINV_DEBIAN_ROOT=$FREQINV_CACHE/debian/root
# Heavy jobs (kernel and QEMU builds, timing-sensitive boots) take this
# lock, so that two never share the machine's cores.
FREQINV_LOCK=${FREQINV_LOCK:-$FREQINV_CACHE/build.lock}

# locked CMD...: run CMD (a program, or a function of one command) holding
# $FREQINV_LOCK; nested calls, and the scripts CMD starts, do not take it
# again.  Its status is CMD's.
locked() {
	local fd rc
	if [ -n "${FREQINV_LOCKED:-}" ]; then
		"$@"
		return
	fi
	mkdir -p "$FREQINV_CACHE"
	exec {fd}>>"$FREQINV_LOCK"
	flock "$fd"
	export FREQINV_LOCKED=1
	"$@" && rc=0 || rc=$?
	unset FREQINV_LOCKED
	exec {fd}>&-
	return "$rc"
}

# profile_file NAME: the hardware profile tests/profiles/NAME.conf, or die
# naming the profiles there.
profile_file() {
	local f=$FREQINV_TOP/tests/profiles/$1.conf
	[ -f "$f" ] && { echo "$f"; return; }
	die "no profile '$1': tests/profiles has $(cd "$FREQINV_TOP/tests/profiles" && ls -- *.conf | sed 's/\.conf$//' | paste -sd' ' -)"
}

# profile_key FILE GROUP KEY: the value of KEY in [GROUP] of a profile.
profile_key() {
	awk -v g="[$2]" -v k="$3" '
		/^[[:space:]]*(#|$)/ { next }
		/^\[/ { in_g = ($0 == g); next }
		in_g { i = index($0, "="); if (i && substr($0, 1, i - 1) == k) { print substr($0, i + 1); exit } }
	' "$1"
}

# profile_khz FILE KEY: the [clock] ratio KEY (min, base; turbo: its
# first, the 1-core ratio) of the profile, in kHz (times bus-khz).
profile_khz() {
	local ratio
	ratio=$(profile_key "$1" clock "$2" | cut -d, -f1)
	echo $((ratio * $(profile_key "$1" clock bus-khz)))
}

# profile_cpu FILE: the -cpu argument that presents the profile's part.
profile_cpu() {
	local base fam model step
	base=$(profile_key "$1" cpu qemu-cpu)
	fam=$(profile_key "$1" cpu family)
	model=$(profile_key "$1" cpu model)
	step=$(profile_key "$1" cpu stepping)
	[ -n "$base" ] && [ -n "$fam" ] && [ -n "$model" ] ||
		die "profile $1: [cpu] needs qemu-cpu, family and model"
	echo "$base,vendor=GenuineIntel,family=$fam,model=$model${step:+,stepping=$step}"
}

# The patches of patches/qemu/series, in order, one per line.
qemu_patches() {
	local name rest
	while read -r name rest; do
		case "$name" in '' | '#'*) continue ;; esac
		printf '%s\n' "$name"
	done <"$FREQINV_TOP/patches/qemu/series"
}

# Hash of patches/qemu/series and its patches: what the QEMU tree carries.
qemu_series_hash() {
	(cd "$FREQINV_TOP/patches/qemu" && cat series $(qemu_patches)) | sha256sum | cut -d' ' -f1
}

# Hash of patches/linux/series and the patches it lists: what a tree was
# made from.
series_hash() {
	(cd "$FREQINV_SERIES_DIR" && cat series $(series_patches)) | sha256sum | cut -d' ' -f1
}
FREQINV_STAMP=$FREQINV_TREE/.git/freqinv-series

# add_deb_src PACKAGE: make apt-get source work for PACKAGE: when it does
# not, add Debian's sources as deb-src (the same archives and suites; as
# root).
add_deb_src() {
	local list=/etc/apt/sources.list.d/freqinv-deb-src.sources
	apt-get source --print-uris -q "$1" >/dev/null 2>&1 && return 0
	[ "$(id -u)" -eq 0 ] || die "no deb-src entry for $1; run this as root to add $list"
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$list"
	elif [ -f /etc/apt/sources.list ]; then
		sed -n 's/^deb \(.*\)/deb-src \1/p' /etc/apt/sources.list >"${list%.sources}.list"
	else
		die "no Debian sources found to mirror as deb-src"
	fi
	apt-get update -q >"$FREQINV_CACHE/apt-src.log" 2>&1 ||
		die "apt-get update failed; see $FREQINV_CACHE/apt-src.log"
}

# pack_cpio DIR OUT: DIR as an uncompressed newc archive OUT, files in a
# fixed order, owned by root, stamped with the guest's boot date
# ($FREQINV_GUEST_DATE) and numbered by cpio --reproducible, so that
# the same files give the same bytes in every clone and cache: the
# kernel parses each header's hex fields with branches that depend on
# the digits, so a build's file times alone would move every later
# instruction of the guest on the instruction-count model
pack_cpio() {
	find "$1" -exec touch -h -d "${FREQINV_GUEST_DATE}Z" {} + &&
		(cd "$1" && find . | LC_ALL=C sort |
			cpio --quiet -o -H newc --owner=0:0 --reproducible) >"$2.tmp" ||
		die "cannot pack $1 into $2"
	mv "$2.tmp" "$2"
	say "built $2 ($(du -k "$2" | cut -f1) KiB)"
}

# need_space MB WHAT: stop before WHAT when the disk of the cache has less
# than MB megabytes free, rather than fail half-way through with a full
# disk; checked before anything is written, so the cache stays usable
need_space() {
	local dir=$FREQINV_CACHE free
	while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
	free=$(df -Pm "$dir" | awk 'NR == 2 { print $4 }')
	[ "${free:-0}" -ge "$1" ] ||
		die "$2 needs about $1 MB in $FREQINV_CACHE, whose disk has $free MB free: free some space (the cache can go whole: rm -rf $FREQINV_CACHE)"
}
