/* The floor of SPEC §13: read standard input in 64 KiB blocks and sum the digit runs
   (each maximal run of ASCII digits read as a decimal number, the sum mod 2^64), then print
   the sum. It is the cost of reading the bytes once. Built by bench/perf16.sh with cc -O2. */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <errno.h>

int main(void) {
    static unsigned char buf[65536];
    uint64_t sum = 0, run = 0;
    int in_run = 0;
    for (;;) {
        ssize_t n = read(0, buf, sizeof buf);
        if (n < 0) { if (errno == EINTR) continue; perror("floor: read"); return 1; }
        if (n == 0) break;
        for (ssize_t i = 0; i < n; i++) {
            unsigned d = (unsigned)buf[i] - '0';
            if (d < 10) { run = run * 10 + d; in_run = 1; }
            else if (in_run) { sum += run; run = 0; in_run = 0; }
        }
    }
    if (in_run) sum += run;
    printf("%llu\n", (unsigned long long)sum);
    return 0;
}
