// SPDX-License-Identifier: GPL-2.0
/*
 * guest-exit CODE: end the VM with QEMU exit status CODE * 2 + 1 through
 * the isa-debug-exit device at port 0xf4.  A plain reboot would make a
 * finished run look like a panic with panic=-1; this does not.  If the
 * device is missing, fall back to a reboot, which -no-reboot turns into an
 * exit of QEMU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>
#include <sys/reboot.h>
#include <unistd.h>

#define DEBUG_EXIT_PORT 0xf4

int main(int argc, char **argv)
{
	int code = argc > 1 ? atoi(argv[1]) : 0;

	sync();
	if (ioperm(DEBUG_EXIT_PORT, 4, 1) == 0)
		outb(code, DEBUG_EXIT_PORT);
	else
		perror("guest-exit: ioperm");
	reboot(RB_AUTOBOOT);
	perror("guest-exit: reboot");
	return 1;
}
