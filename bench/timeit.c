/* `timeit RESULT CMD [ARG...] ['|' CMD [ARG...]]...`: runs one command, or a pipeline of them,
   as whole processes and writes "<nanoseconds> <peak KiB> <exit status> <CPU nanoseconds>" to the
   file RESULT.

   The time is from the first fork to the last wait4 (CLOCK_MONOTONIC). The peak is the largest
   ru_maxrss wait4 reports for the processes (KiB, mapped file pages included): the figure
   `/usr/bin/time -f %M` prints. It is measured here, in a process of about a megabyte, and not in
   the Python loop of perf16_run.py, because Linux counts the resident size of the process a
   program was exec'd from into its ru_maxrss, and Python's own 15 MiB would be every small
   program's floor. stdin, stdout and stderr are inherited (the first command reads our stdin,
   the last writes our stdout); the status is that of the first command that failed, else 0. The
   CPU time is user + system time (wait4's ru_utime + ru_stime, microseconds) summed over the
   processes: unlike the elapsed time it leaves out the time a program waited for a core (or a
   disk), so it moves less on a busy machine.
   Built by bench/perf16.sh with cc -O2. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXCMDS 8

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: timeit RESULT CMD [ARG...] ['|' CMD [ARG...]]...\n"); return 64; }
    char **cmds[MAXCMDS];
    int n = 0;
    cmds[n++] = &argv[2];
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "|") == 0) {
            if (n == MAXCMDS || i + 1 >= argc) { fprintf(stderr, "timeit: bad pipeline\n"); return 64; }
            argv[i] = NULL;
            cmds[n++] = &argv[i + 1];
        }
    }
    pid_t pids[MAXCMDS];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int in = -1;
    for (int k = 0; k < n; k++) {
        int p[2] = {-1, -1};
        if (k + 1 < n && pipe(p) != 0) { perror("timeit: pipe"); return 70; }
        pid_t pid = fork();
        if (pid < 0) { perror("timeit: fork"); return 70; }
        if (pid == 0) {
            if (in >= 0) { dup2(in, 0); close(in); }
            if (p[1] >= 0) { dup2(p[1], 1); close(p[1]); close(p[0]); }
            execv(cmds[k][0], cmds[k]);
            fprintf(stderr, "timeit: %s: %s\n", cmds[k][0], strerror(errno));
            _exit(127);
        }
        pids[k] = pid;
        if (in >= 0) close(in);
        if (p[1] >= 0) close(p[1]);
        in = p[0];
    }
    long peak = 0;
    long long cpu = 0;
    int status_out = 0;
    for (int k = 0; k < n; k++) {
        int status;
        struct rusage ru;
        while (wait4(pids[k], &status, 0, &ru) < 0) {
            if (errno != EINTR) { perror("timeit: wait4"); return 70; }
        }
        if (ru.ru_maxrss > peak) peak = ru.ru_maxrss;
        cpu += ((long long)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL + ((long long)ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        if (code != 0 && status_out == 0) status_out = code;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
    FILE *f = fopen(argv[1], "w");
    if (!f) { perror("timeit: result file"); return 70; }
    fprintf(f, "%lld %ld %d %lld\n", ns, peak, status_out, cpu);
    fclose(f);
    return 0;
}
