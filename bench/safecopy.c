/* `safecopy FILE`: the reference for akkord's writes (SPEC §13): read FILE whole, write it
   back safely once, as §6 asks of every write: a temporary file in the same directory, fsync,
   rename over FILE, fsync of the directory. Built by bench/perf16.sh with cc -O2. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void die(const char *what, const char *path) {
    fprintf(stderr, "safecopy: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: safecopy FILE\n"); return 64; }
    const char *path = argv[1];

    /* Read the whole file. */
    int in = open(path, O_RDONLY);
    if (in < 0) die("open", path);
    struct stat st;
    if (fstat(in, &st) != 0) die("stat", path);
    size_t cap = st.st_size > 0 ? (size_t)st.st_size : 1, len = 0;
    char *data = malloc(cap);
    if (!data) die("malloc", path);
    for (;;) {
        if (len == cap) { cap *= 2; data = realloc(data, cap); if (!data) die("realloc", path); }
        ssize_t n = read(in, data + len, cap - len);
        if (n < 0) { if (errno == EINTR) continue; die("read", path); }
        if (n == 0) break;
        len += (size_t)n;
    }
    close(in);

    /* Temporary file in the same directory. */
    char dircopy[4096], tmp[4200];
    snprintf(dircopy, sizeof dircopy, "%s", path);
    const char *dir = dirname(dircopy);
    snprintf(tmp, sizeof tmp, "%s/.safecopy-XXXXXX", dir);
    int out = mkstemp(tmp);
    if (out < 0) die("mkstemp", tmp);
    fchmod(out, st.st_mode & 07777);
    for (size_t off = 0; off < len;) {
        ssize_t n = write(out, data + off, len - off);
        if (n < 0) { if (errno == EINTR) continue; unlink(tmp); die("write", tmp); }
        off += (size_t)n;
    }
    if (fsync(out) != 0) { unlink(tmp); die("fsync", tmp); }
    if (close(out) != 0) { unlink(tmp); die("close", tmp); }
    if (rename(tmp, path) != 0) { unlink(tmp); die("rename", tmp); }
    int d = open(dir, O_RDONLY | O_DIRECTORY);
    if (d < 0) die("open", dir);
    if (fsync(d) != 0) die("fsync", dir);
    close(d);
    free(data);
    return 0;
}
