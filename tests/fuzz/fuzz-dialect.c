/* libFuzzer target: the dialect file parser. Any text either parses into a dialect that then
 * classifies (its own text as stderr) without error, each of its denial signatures alone reading
 * denied, or fails with a message naming the origin. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "classify-internal.h"
#include "sbx-classify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };
        int r = sbx_dialect_parse((const char *) data, size, "fuzz.dialect", &d, &diag);

        if (r < 0) {
                if (d || strncmp(diag.msg, "fuzz.dialect", 12) != 0)
                        abort();
                return 0;
        }
        if (!d || d->n_rules > SBX_RULES_MAX || d->n_denial > SBX_SIGNATURES_MAX)
                abort();
        for (size_t i = 0; i < d->n_rules; i++)
                if (d->rules[i].n_fatal == 0 || !d->rules[i].fatal_re.code)
                        abort();

        struct sbx_classifier *c = NULL;
        struct sbx_classify_result res;
        struct sbx_exit_status st = { .exit_code = 1 };
        if (sbx_classifier_new(d, &c, NULL) < 0 || sbx_classify_feed(c, data, size) < 0 ||
            sbx_classify_finish(c, &st, &res, NULL) < 0)
                abort();
        /* every denial signature, fed back as stderr alone, is found; but one that names a call on
         * an internet socket with its address and port, which is never a file's denial
         * (sbx_denial_line_names_socket(), bcc8e0a), and sqlite3's "Error: cannot open \"", a
         * denial only with the argv's context, which this classifier has not. With runner rules
         * too, for a death by signal, which never proves a runner failure (classify/README.md):
         * before, a dialect with a rule had none of its signatures checked */
        for (size_t i = 0; i < d->n_denial; i++) {
                const struct sbx_exit_status killed = { .signal = 9 };
                const char *sig = d->denial[i];
                struct sbx_classifier *c2 = NULL;

                if (sbx_denial_line_names_socket(sig, strlen(sig)) || sbx_denial_sig_sqlite_open(sig))
                        continue;
                if (sbx_classifier_new(d, &c2, NULL) < 0 || sbx_classify_feed(c2, sig, strlen(sig)) < 0 ||
                    sbx_classify_finish(c2, d->n_rules == 0 ? &st : &killed, &res, NULL) < 0 ||
                    res.verdict != SBX_VERDICT_DENIED)
                        abort();
                sbx_classifier_free(c2);
        }
        sbx_classifier_free(c);
        sbx_dialect_free(d);
        return 0;
}
