/* What the seccomp user-notification helpers (hold-guard, hold-keeper) share: the monotonic clock
 * in ms, letting a held call go on, and the notification descriptor handed over a socket to the
 * supervising child (which is not under the filter). */
#pragma once

#include <errno.h>
#include <poll.h>
#include <seccomp.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

static inline long long now_ms(void) {
        struct timespec ts;

        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline void answer(int nfd, const struct seccomp_notif *req, struct seccomp_notif_resp *resp) {
        memset(resp, 0, sizeof(*resp));
        resp->id = req->id;
        resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        (void) seccomp_notify_respond(nfd, resp); /* ENOENT: the caller is gone */
}

/* One turn of a supervisor that holds at most one call (held, until *held_until in now_ms()
 * terms; -1: none held): waits for the next notification, or for that time, when the held call
 * goes on. 1: req holds a new notification; 0: nothing new (a timeout, a signal, a caller gone
 * before it was read); -1: no process is under the filter any more. */
static inline int notify_next(int nfd, struct seccomp_notif *req, struct seccomp_notif_resp *resp,
                              const struct seccomp_notif *held, long long *held_until) {
        struct pollfd p = { .fd = nfd, .events = POLLIN };
        int timeout = *held_until < 0 ? -1 : (int) (*held_until - now_ms() > 0 ? *held_until - now_ms() : 0);
        int n = poll(&p, 1, timeout);

        if (n < 0 && errno == EINTR)
                return 0;
        if (*held_until >= 0 && now_ms() >= *held_until) {
                answer(nfd, held, resp);
                *held_until = -1;
        }
        if (n <= 0)
                return 0;
        if (p.revents & POLLIN) {
                memset(req, 0, sizeof(*req));
                return seccomp_notify_receive(nfd, req) < 0 ? 0 : 1;
        }
        return p.revents & (POLLHUP | POLLERR) ? -1 : 0;
}

static inline int send_fd(int sock, int fd) {
        char c = 0, cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
        struct iovec iov = { .iov_base = &c, .iov_len = 1 };
        struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
        struct cmsghdr *cm = CMSG_FIRSTHDR(&m);

        cm->cmsg_level = SOL_SOCKET;
        cm->cmsg_type = SCM_RIGHTS;
        cm->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(cm), &fd, sizeof(int));
        return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static inline int recv_fd(int sock) {
        char c, cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
        struct iovec iov = { .iov_base = &c, .iov_len = 1 };
        struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
        struct cmsghdr *cm;
        int fd;

        if (recvmsg(sock, &m, 0) != 1 || !(cm = CMSG_FIRSTHDR(&m)) || cm->cmsg_type != SCM_RIGHTS)
                return -1;
        memcpy(&fd, CMSG_DATA(cm), sizeof(int));
        return fd;
}
