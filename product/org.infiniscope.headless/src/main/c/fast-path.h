/* The fast path of a one-shot command through the daemon (fast-path.c). */
#ifndef INFINISCOPE_FAST_PATH_H
#define INFINISCOPE_FAST_PATH_H

#include <stddef.h>

/* The files of the build check, as the script names them. */
struct fast_paths {
    const char *root;            /* ROOT: the checkout; the sources' list is relative to it */
    const char *state;           /* STATE */
    const char *stamp;           /* STAMP: the last successful build's end */
    const char *sources;         /* SOURCES: its list of sources, NUL-separated */
    const char *checked;         /* CHECKED: up to when the sources were last found unchanged */
    const char *launcher_jar;    /* the headless runtime's launcher jar */
    const char *product_plugins; /* the desktop product's plugins folder */
};

/* What else makes the daemon's key. */
struct fast_configuration {
    const char *jdk;
    const char *fabric;
    const char *ibsim_socket; /* ibsim:SOCKET[@NODE]'s SOCKET, or empty for other fabrics */
    const char *daemon_dir;
    const char *umad2sim;
    const char *folder; /* the caller's working folder (the script's PWD) */
};

/* Whether the build is up to date by the list of the last build's sources (1), or the script must decide (0). */
int fast_unchanged(const struct fast_paths *p);

/* The daemon socket of this configuration, as the script's daemon_key names it (0); -1 when the daemon folder is not
 * private, or an ibsim fabric's server does not run. */
int fast_key(const struct fast_paths *p, const struct fast_configuration *c, char *socket_path, size_t size);

#endif
