// SPDX-License-Identifier: GPL-2.0
/*
 * model-query PORT QUESTION: ask the hardware model (QEMU's intel-dvfs
 * device, property query-port) QUESTION through its I/O port and print
 * the answer line (docs/platform.md, "The monitor").  A question on the
 * port takes no time outside the guest, so the guest's run stays
 * deterministic, which a question over a serial line to a host process
 * does not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>

/* an answer is one line; more than this is a broken model */
#define ANSWER_MAX	65536

int main(int argc, char **argv)
{
	unsigned long port;
	const char *q;
	int c, n = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: model-query PORT QUESTION\n");
		return 2;
	}
	port = strtoul(argv[1], NULL, 0);
	if (!port || port > 0xffff || ioperm(port, 1, 1)) {
		perror("model-query: ioperm");
		return 1;
	}
	for (q = argv[2]; *q; q++)
		outb(*q, port);
	outb('\n', port);
	while ((c = inb(port)) && c != '\n' && n++ < ANSWER_MAX)
		putchar(c);
	putchar('\n');
	return c == '\n' ? 0 : 1;
}
