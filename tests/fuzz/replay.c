/* Runs a libFuzzer target's LLVMFuzzerTestOneInput() over files, without libFuzzer: the seeds and
 * the inputs of past findings in tests/fuzz/seeds-<target>/, in the ordinary (and the sanitizer)
 * build, as a unit test. Arguments: files or directories (each regular file in it). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
        FILE *f = fopen(path, "rb");
        uint8_t *buf = NULL;
        size_t len = 0, cap = 0;

        if (!f) {
                perror(path);
                return -1;
        }
        for (;;) {
                size_t n;
                if (len == cap) {
                        uint8_t *g = realloc(buf, cap ? cap * 2 : 4096);
                        if (!g) {
                                free(buf);
                                fclose(f);
                                return -1;
                        }
                        buf = g;
                        cap = cap ? cap * 2 : 4096;
                }
                n = fread(buf + len, 1, cap - len, f);
                if (n == 0)
                        break;
                len += n;
        }
        fclose(f);
        /* an exact-size copy, as libFuzzer passes it: a read past the end is a sanitizer report */
        {
                uint8_t *exact = malloc(len ? len : 1);
                if (!exact) {
                        free(buf);
                        return -1;
                }
                memcpy(exact, buf, len);
                free(buf);
                fprintf(stderr, "replay: %s\n", path); /* before: the target aborts on a finding */
                LLVMFuzzerTestOneInput(exact, len);
                free(exact);
        }
        return 0;
}

int main(int argc, char **argv) {
        int n = 0;

        for (int i = 1; i < argc; i++) {
                struct stat st;
                DIR *d;
                struct dirent *e;

                if (stat(argv[i], &st) < 0) {
                        perror(argv[i]);
                        return 1;
                }
                if (!S_ISDIR(st.st_mode)) {
                        if (run_file(argv[i]) < 0)
                                return 1;
                        n++;
                        continue;
                }
                if (!(d = opendir(argv[i]))) {
                        perror(argv[i]);
                        return 1;
                }
                while ((e = readdir(d))) {
                        char path[4096];
                        if (e->d_name[0] == '.')
                                continue;
                        snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
                        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                                if (run_file(path) < 0) {
                                        closedir(d);
                                        return 1;
                                }
                                n++;
                        }
                }
                closedir(d);
        }
        if (n == 0) {
                fprintf(stderr, "replay: no input\n");
                return 1;
        }
        return 0;
}
