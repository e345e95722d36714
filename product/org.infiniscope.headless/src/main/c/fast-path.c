/*
 * The fast path of a one-shot command through the daemon: what ./infiniscope does before it hands the command to the
 * client (the build check, the daemon folder's check, the configuration's key), done here without a process of its own
 * for each step (find, stat, grep, md5sum: about 20 ms of every command on a quiet 2-core machine, twice that loaded).
 * It settles only the usual case: the build is up to date by the list of the last build's sources and its checks so
 * far, the private daemon folder exists, and an ibsim fabric's server runs. Anything else (a source changed, a folder
 * of the build whose entries the script must compare, no list, no folder, no ibsim) is the script's to decide: the
 * client runs it again with INFINISCOPE_DAEMON_FAST=0.
 *
 * The key must be the script's (daemon_key): the same fields, the same variables of the environment in the same order,
 * the first 24 hex digits of their MD5. LauncherScriptIT compares the two.
 */
#define _GNU_SOURCE
#include "fast-path.h"

#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/* --- MD5 (RFC 1321) --- */

typedef struct {
    uint32_t state[4];
    uint64_t length;
    unsigned char block[64];
    size_t used;
} md5;

static uint32_t md5_k[64];

static const unsigned char md5_shift[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

static void md5_init(md5 *m) {
    for (int i = 0; i < 64; i++) {
        md5_k[i] = (uint32_t) (fabs(sin((double) (i + 1))) * 4294967296.0);
    }
    m->state[0] = 0x67452301;
    m->state[1] = 0xefcdab89;
    m->state[2] = 0x98badcfe;
    m->state[3] = 0x10325476;
    m->length = 0;
    m->used = 0;
}

static void md5_block(md5 *m) {
    uint32_t w[16];
    for (int i = 0; i < 16; i++) {
        const unsigned char *b = m->block + 4 * i;
        w[i] = (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
    }
    uint32_t a = m->state[0], b = m->state[1], c = m->state[2], d = m->state[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        f += a + md5_k[i] + w[g];
        a = d;
        d = c;
        c = b;
        b += f << md5_shift[i] | f >> (32 - md5_shift[i]);
    }
    m->state[0] += a;
    m->state[1] += b;
    m->state[2] += c;
    m->state[3] += d;
}

static void md5_update(md5 *m, const void *data, size_t size) {
    const unsigned char *p = data;
    m->length += size;
    while (size > 0) {
        size_t n = 64 - m->used < size ? 64 - m->used : size;
        memcpy(m->block + m->used, p, n);
        m->used += n;
        p += n;
        size -= n;
        if (m->used == 64) {
            md5_block(m);
            m->used = 0;
        }
    }
}

/* The digest as lowercase hex (33 bytes with the terminating NUL). */
static void md5_hex(md5 *m, char *hex) {
    uint64_t bits = m->length * 8;
    unsigned char pad = 0x80;
    md5_update(m, &pad, 1);
    pad = 0;
    while (m->used != 56) {
        md5_update(m, &pad, 1);
    }
    unsigned char size[8];
    for (int i = 0; i < 8; i++) {
        size[i] = (unsigned char) (bits >> (8 * i));
    }
    md5_update(m, size, 8);
    for (int i = 0; i < 16; i++) {
        sprintf(hex + 2 * i, "%02x", (m->state[i / 4] >> (8 * (i % 4))) & 0xff);
    }
}

/* --- the build check --- */

static int newer(const struct timespec *a, const struct timespec *b) {
    return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* Whether no listed source changed its status after the last check (find -cnewer's test, as sources_changed runs it):
 * every path of the NUL-separated list, relative to root, is still there and older. A folder among the changes is for
 * the script to judge (it compares the folder's entries with the list), so any change says no here. */
static int sources_unchanged(const struct fast_paths *p) {
    struct stat stamp, list, checked;
    if (stat(p->stamp, &stamp) < 0 || stat(p->sources, &list) < 0 || newer(&list.st_mtim, &stamp.st_mtim) ||
        newer(&stamp.st_mtim, &list.st_mtim)) {
        return 0; /* no list of this build's sources: the script walks the tree */
    }
    struct stat runtime, product;
    if (stat(p->launcher_jar, &runtime) < 0 || stat(p->product_plugins, &product) < 0 || !S_ISDIR(product.st_mode)) {
        return 0;
    }
    struct timespec since = stamp.st_mtim;
    if (stat(p->checked, &checked) == 0 && newer(&checked.st_mtim, &stamp.st_mtim)) {
        since = checked.st_mtim;
    }
    int fd = open(p->sources, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    size_t size = (size_t) list.st_size;
    char *names = malloc(size + 1);
    size_t got = 0;
    while (names != NULL && got < size) {
        ssize_t n = read(fd, names + got, size - got);
        if (n <= 0) {
            break;
        }
        got += (size_t) n;
    }
    close(fd);
    int root = open(p->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (names == NULL || got != size || root < 0) {
        free(names);
        if (root >= 0) {
            close(root);
        }
        return 0;
    }
    names[size] = '\0';
    int unchanged = 1;
    for (size_t at = 0; at < size && unchanged;) {
        const char *name = names + at;
        size_t length = strlen(name);
        struct stat s;
        if (length > 0 && (fstatat(root, name, &s, AT_SYMLINK_NOFOLLOW) < 0 || newer(&s.st_ctim, &since))) {
            unchanged = 0;
        }
        at += length + 1;
    }
    close(root);
    free(names);
    return unchanged;
}

/* --- the key --- */

/* stat -L -c '%a|%.9Y' of a path, as the script's BUILD_ID takes it. */
static int mode_and_time(const char *path, char *out, size_t size) {
    struct stat s;
    if (stat(path, &s) < 0) {
        return 0;
    }
    return snprintf(out, size, "%o|%lld.%09ld", (unsigned) (s.st_mode & 07777), (long long) s.st_mtim.tv_sec,
               s.st_mtim.tv_nsec) < (int) size;
}

/* The inode of the control socket ibsim serves on socket (the 7th field of its line in /proc/net/unix). */
static int ibsim_server(const char *socket, char *inode, size_t size) {
    FILE *table = fopen("/proc/net/unix", "re");
    if (table == NULL) {
        return 0;
    }
    char suffix[256];
    if (snprintf(suffix, sizeof(suffix), " @%s:ctl@", socket) >= (int) sizeof(suffix)) {
        fclose(table);
        return 0;
    }
    size_t suffix_length = strlen(suffix);
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof(line), table) != NULL) {
        size_t length = strcspn(line, "\n");
        line[length] = '\0';
        if (length < suffix_length || strcmp(line + length - suffix_length, suffix) != 0) {
            continue;
        }
        char *field = strtok(line, " ");
        for (int i = 0; i < 6 && field != NULL; i++) {
            field = strtok(NULL, " ");
        }
        found = field != NULL && snprintf(inode, size, "%s", field) < (int) size;
    }
    fclose(table);
    return found;
}

static void field(md5 *m, const char *value) {
    md5_update(m, value, strlen(value) + 1);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *) a, *(char *const *) b);
}

/* The environment's NAME=VALUE entries whose names start with prefix, by name (bash's ${!PREFIX@} order), into m. */
static void variables(md5 *m, const char *prefix) {
    size_t count = 0, prefix_length = strlen(prefix);
    for (char **e = environ; *e != NULL; e++) {
        count++;
    }
    char **chosen = calloc(count + 1, sizeof(char *));
    if (chosen == NULL) {
        return;
    }
    size_t n = 0;
    for (char **e = environ; *e != NULL; e++) {
        if (strncmp(*e, prefix, prefix_length) != 0 || strchr(*e, '=') == NULL) {
            continue;
        }
        /* the launcher's own choices of the moment are no part of a configuration */
        if (strcmp(prefix, "INFINISCOPE_") == 0 &&
            (strncmp(*e, "INFINISCOPE_DAEMON", 18) == 0 || strncmp(*e, "INFINISCOPE_FABRIC=", 19) == 0)) {
            continue;
        }
        chosen[n++] = *e;
    }
    qsort(chosen, n, sizeof(char *), by_name);
    for (size_t i = 0; i < n; i++) {
        field(m, chosen[i]);
    }
    free(chosen);
}

static int private_folder(const char *dir) {
    struct stat s;
    return lstat(dir, &s) == 0 && S_ISDIR(s.st_mode) && s.st_uid == geteuid() && (s.st_mode & 07777) == 0700 &&
           access(dir, W_OK) == 0;
}

int fast_key(const struct fast_paths *p, const struct fast_configuration *c, char *socket_path, size_t size) {
    if (!private_folder(c->daemon_dir)) {
        return -1;
    }
    char jar[64], stamp[64], build[160], server[64] = "";
    if (!mode_and_time(p->launcher_jar, jar, sizeof(jar)) || !mode_and_time(p->stamp, stamp, sizeof(stamp))) {
        return -1;
    }
    snprintf(build, sizeof(build), "%s %s", jar, stamp);
    if (c->ibsim_socket[0] != '\0' && (access(c->umad2sim, R_OK) < 0 ||
                                          !ibsim_server(c->ibsim_socket, server, sizeof(server)))) {
        return -1;
    }
    md5 m;
    md5_init(&m);
    const char *fields[] = {p->root, p->state, c->jdk, build, c->fabric, server, c->folder, c->umad2sim};
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
        field(&m, fields[i]);
    }
    static const char *const single[] = {"LD_PRELOAD", "LD_LIBRARY_PATH", "SIM_HOST", "LANG", "TZ",
        "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"};
    for (size_t i = 0; i < sizeof(single) / sizeof(single[0]); i++) {
        const char *value = getenv(single[i]);
        if (value != NULL) {
            md5_update(&m, single[i], strlen(single[i]));
            md5_update(&m, "=", 1);
            field(&m, value);
        }
    }
    static const char *const prefixes[] = {"IBSIM_", "UMAD_", "IBV_", "RDMAV_", "LC_", "INFINISCOPE_"};
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
        variables(&m, prefixes[i]);
    }
    char hex[33];
    md5_hex(&m, hex);
    return snprintf(socket_path, size, "%s/%.24s.sock", c->daemon_dir, hex) < (int) size ? 0 : -1;
}

int fast_unchanged(const struct fast_paths *p) {
    return sources_unchanged(p);
}
