// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong ROUNDS PAIRS BLOCKS: the tbench-like workload.  PAIRS
 * client/server pairs talk over loopback TCP: the client sends a 64-byte
 * request, the server does BLOCKS blocks of work (guest/include/work.h)
 * and answers with 64 bytes, the client does BLOCKS / 2 blocks on the
 * answer and sends the next request, ROUNDS times.  Each side sleeps on
 * the other for most of a round trip, so every CPU is busy in short
 * bursts with wakeups in between: what a non-invariant schedutil
 * underestimates.  Prints the elapsed seconds for the fixed work.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "work.h"

#define MSG	64

static int full(ssize_t (*io)(int, void *, size_t), int fd, char *buf)
{
	size_t done = 0;

	while (done < MSG) {
		ssize_t n = io(fd, buf + done, MSG - done);

		if (n <= 0)
			return -1;
		done += n;
	}
	return 0;
}

static ssize_t rd(int fd, void *buf, size_t len)
{
	return read(fd, buf, len);
}

static ssize_t wr(int fd, void *buf, size_t len)
{
	return write(fd, buf, len);
}

/* Serve one connection until the client closes it. */
static void serve(int fd, long blocks)
{
	char buf[MSG];

	while (!full(rd, fd, buf)) {
		do_blocks(blocks);
		if (full(wr, fd, buf))
			break;
	}
	_exit(0);
}

static int client(struct sockaddr_in *addr, long rounds, long blocks)
{
	char buf[MSG] = "request";
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
	long r;

	if (fd < 0 || connect(fd, (struct sockaddr *)addr, sizeof(*addr))) {
		perror("pingpong: connect");
		return 1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	for (r = 0; r < rounds; r++) {
		if (full(wr, fd, buf) || full(rd, fd, buf)) {
			fprintf(stderr, "pingpong: connection lost\n");
			return 1;
		}
		do_blocks(blocks / 2);
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	socklen_t len = sizeof(addr);
	long rounds, pairs, blocks, p;
	int lfd, one = 1, failed = 0, status;
	double t0;

	if (argc != 4 || (rounds = atol(argv[1])) <= 0 || (pairs = atol(argv[2])) <= 0 ||
	    (blocks = atol(argv[3])) < 0) {
		fprintf(stderr, "usage: pingpong ROUNDS PAIRS BLOCKS\n");
		return 2;
	}
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0 || setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(lfd, (struct sockaddr *)&addr, sizeof(addr)) || listen(lfd, pairs) ||
	    getsockname(lfd, (struct sockaddr *)&addr, &len)) {
		perror("pingpong: listen on 127.0.0.1 (is lo up?)");
		return 1;
	}
	t0 = now();
	for (p = 0; p < pairs; p++) {
		if (!fork())
			_exit(client(&addr, rounds, blocks));
	}
	for (p = 0; p < pairs; p++) {
		int fd = accept(lfd, NULL, NULL);

		if (fd < 0) {
			perror("pingpong: accept");
			return 1;
		}
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		if (!fork())
			serve(fd, blocks);
		close(fd);
	}
	while (wait(&status) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	if (failed) {
		fprintf(stderr, "pingpong: a client or server failed\n");
		return 1;
	}
	printf("%.3f\n", now() - t0);
	return 0;
}
