# freqinv: thin entry points; each target is one script under scripts/.
# Big state (kernel tree, builds, ccache, logs) is in $FREQINV_CACHE,
# default ~/.cache/freqinv, never in this checkout.

.PHONY: run test test-full test-debug check-bisect tree kernel initramfs export-patches deps

# make run [PROFILE=name]: the emulated machine to boot (tests/emu-profiles).
run:
	scripts/run-demo $(PROFILE)

test:
	scripts/run-tests

test-full:
	scripts/run-tests-full

test-debug:
	scripts/test-debug

check-bisect:
	scripts/check-bisect

deps:
	scripts/install-deps

tree: deps
	scripts/prepare-tree

kernel: tree
	scripts/build-kernel

initramfs:
	scripts/build-initramfs

export-patches:
	scripts/export-patches
