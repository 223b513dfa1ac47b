# freqinv: thin entry points; each target is one script under scripts/.
# Big state (kernel tree, builds, ccache, logs) is in $FREQINV_CACHE,
# default ~/.cache/freqinv, never in this checkout.

.PHONY: help run test check test-full test-debug check-bisect bench tree kernel qemu initramfs export-patches deps

help:
	@echo "make run [PROFILE=name]  build the series kernel and the hardware model, boot it, show invariance at work"
	@echo "make test                 all tests (CI); ends with 'N passed, N failed'"
	@echo "make check [PROFILE=name] the edit loop: rebuild, KUnit, one profile's boot"
	@echo "make test-full            make test, every prefix builds, every variant boots, the stress boot"
	@echo "make test-debug           the series' suites on a KASAN/UBSAN/lockdep kernel"
	@echo "make check-bisect         build the kernel after each patch of the series"
	@echo "make bench [PROFILE=name] benchmarks: the series against Debian's kernel and intel_pstate (docs/benchmarks.md)"
	@echo "make tree                 the kernel tree in the cache: Debian's tree + patches/linux as commits"
	@echo "make kernel               build the series kernel"
	@echo "make qemu                 build the hardware model (Debian's QEMU + patches/qemu)"
	@echo "make initramfs            build the guest's initramfs"
	@echo "make export-patches       write patches/linux back from the tree's commits"
	@echo "make deps                 install the Debian packages the rest needs"

# make run [PROFILE=name]: the hardware model's profile to boot (tests/profiles).
run:
	scripts/run-demo $(PROFILE)

test:
	scripts/run-tests

check:
	scripts/run-check $(PROFILE)

test-full:
	scripts/run-tests-full

test-debug:
	scripts/test-debug

check-bisect:
	scripts/check-bisect

# make bench [PROFILE=name]: not a test; see docs/benchmarks.md
bench:
	bench/run-benchmarks $(PROFILE)

deps:
	scripts/install-deps

tree: deps
	scripts/prepare-tree

kernel: tree
	scripts/build-kernel

qemu: deps
	scripts/prepare-qemu-tree
	scripts/build-qemu

initramfs:
	scripts/build-initramfs

export-patches:
	scripts/export-patches
