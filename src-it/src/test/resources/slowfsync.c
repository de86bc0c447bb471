/*
 * Makes every fsync and fdatasync of the process it is preloaded into (LD_PRELOAD) take
 * ZKLOAD_FSYNC_DELAY_MS longer: a slow disk under a ZooKeeper server's transaction log, for the
 * integration test that checks the verdict names the log.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static useconds_t delay(void) {
    const char *ms = getenv("ZKLOAD_FSYNC_DELAY_MS");
    return ms == NULL ? 0 : (useconds_t) atoi(ms) * 1000;
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
