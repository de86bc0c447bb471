/*
 * Makes every fsync and fdatasync of the process it is preloaded into (LD_PRELOAD) take longer: a slow
 * disk under a ZooKeeper server's transaction log, for the integration tests that check which log the
 * verdict names. The delay is ZKLOAD_FSYNC_DELAY_MS for every process it is preloaded into, or, with
 * ZKLOAD_FSYNC_DELAY_DIR, the number of milliseconds in the file named for the process's pid in that
 * folder (none: no delay), read again at most every 200 ms: a test slows the server that turned out to
 * lead, or its followers, once the ensemble has elected.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static useconds_t delay(void) {
    static long long read_at = -1000;
    static useconds_t cached = 0;
    const char *ms = getenv("ZKLOAD_FSYNC_DELAY_MS");
    if (ms != NULL) {
        return (useconds_t) atoi(ms) * 1000;
    }
    const char *dir = getenv("ZKLOAD_FSYNC_DELAY_DIR");
    if (dir == NULL) {
        return 0;
    }
    long long now = now_ms();
    if (now - read_at >= 200) {
        char path[4096];
        int value = 0;
        snprintf(path, sizeof path, "%s/%d", dir, (int) getpid());
        FILE *f = fopen(path, "r");
        if (f != NULL) {
            if (fscanf(f, "%d", &value) != 1) {
                value = 0;
            }
            fclose(f);
        }
        cached = (useconds_t) value * 1000;
        read_at = now;
    }
    return cached;
}

int fdatasync(int fd) {
    static int (*real)(int) = NULL;
    if (real == NULL) {
        real = (int (*)(int)) dlsym(RTLD_NEXT, "fdatasync");
    }
    usleep(delay());
    return real(fd);
}

int fsync(int fd) {
    static int (*real)(int) = NULL;
    if (real == NULL) {
        real = (int (*)(int)) dlsym(RTLD_NEXT, "fsync");
    }
    usleep(delay());
    return real(fd);
}
