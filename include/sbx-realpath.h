/* sbx-realpath.h: canonical paths, in as few system calls as the kernel allows. */
#pragma once

/* Pure lexical normalization of an absolute path: collapses //, /./ and /x/.. . -EINVAL for a
 * relative path, -ENOMEM. Caller frees *ret_path. */
int sbx_path_normalize(const char *path, char **ret_path);

/* realpath(path, NULL), in two system calls where no symlink lies on the way: an absolute path
 * the kernel walks without following any (openat2() RESOLVE_NO_SYMLINKS, magic links included)
 * is its own real path once normalized, each .. being the parent of what precedes it. Anything
 * else (a symlink on the way, a relative path, an error, a kernel without openat2()) is
 * realpath()'s, errno included. Caller frees. */
char *sbx_realpath(const char *path);
