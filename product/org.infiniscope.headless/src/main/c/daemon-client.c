/*
 * The one-shot daemon's client in C: what org.infiniscope.headless.DaemonClient does, without a JVM's start (about
 * 40 ms of every one-shot command). ./infiniscope compiles it on first use when a C compiler is present, and uses the
 * Java client otherwise. Same arguments, protocol and behaviour as the Java client:
 *
 *   daemon-client SOCKET FOLDER TTY LAUNCHER COMMAND [ARGS...]
 *
 * sends the command line to the daemon's socket (int magic, folder, int flags, int argc, the arguments: big-endian
 * ints, strings as an int length and UTF-8 bytes), copies the frames that come back (a byte kind, an int length, that
 * many bytes) to standard output and error, and exits with the command's status. Without a daemon it runs
 * `LAUNCHER daemon start` and connects again; when that fails, or the daemon refuses the command, it runs the command
 * in-process (INFINISCOPE_DAEMON=0 LAUNCHER COMMAND ARGS...) on the same standard streams. Ctrl-C, SIGTERM or SIGHUP
 * close the client's sending side of the socket: the daemon cancels the command (a subnet manager stops), and the
 * client copies what the command still prints until it ends, then dies of that signal. A second signal ends it at
 * once (closing the socket cancels the command all the same).
 *
 *   daemon-client --fast|--key|--check ROOT STATE STAMP SOURCES CHECKED LAUNCHER_JAR PRODUCT_PLUGINS JDK FABRIC
 *                 IBSIM_SOCKET DAEMON_DIR UMAD2SIM FOLDER TTY LAUNCHER COMMAND [ARGS...]
 *
 * --fast finds the socket itself (fast-path.c) and leaves the build check to a running daemon, which watches the
 * sources of its build (the request's FLAG_UNCHECKED): the daemon answers UNCHECKED alone when it cannot vouch for the
 * build, and then, or when no daemon runs yet, the client checks the build itself (fast-path.c) before it asks again
 * or starts one. What it cannot settle it leaves to the script: it runs LAUNCHER COMMAND ARGS... again with
 * INFINISCOPE_DAEMON_FAST=0, the script's own way. For the tests, --key prints the
 * socket it finds (the arguments up to FOLDER), and --check exits 0 when the build is up to date by its check (the
 * arguments up to PRODUCT_PLUGINS).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fast-path.h"

enum { MAGIC = 0x49534431, FLAG_TTY = 1, FLAG_UNCHECKED = 2, OUT = 1, ERR = 2, EXIT = 3, REFUSED = 4, UNCHECKED = 5,
    LOST = 1 };

/* The socket of the exchange, for the signal handler; the first signal that asked the command to stop. */
static volatile sig_atomic_t exchange_fd = -1;
static volatile sig_atomic_t stop_signal = 0;

/* SIGINT, SIGTERM, SIGHUP: the first one half-closes the socket (the daemon cancels the command, whose last output and
 * exit status still come back); the default action comes back for the next one. */
static void on_stop(int sig) {
    stop_signal = sig;
    signal(sig, SIG_DFL);
    if (exchange_fd >= 0) {
        shutdown(exchange_fd, SHUT_WR);
    }
}

static int connect_to(const char *path) {
    struct sockaddr_un address;
    if (strlen(path) >= sizeof(address.sun_path)) {
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return -1;
    }
    memset(&address, 0, sizeof(address));
    address.sun_family = AF_UNIX;
    strcpy(address.sun_path, path);
    while (connect(fd, (struct sockaddr *) &address, sizeof(address)) < 0) {
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

/* LAUNCHER daemon start: starts this configuration's daemon and returns once it serves (1), or failed (0). */
static int start_daemon(const char *launcher) {
    pid_t pid = fork();
    if (pid < 0) {
        return 0;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
        }
        execl(launcher, launcher, "daemon", "start", (char *) NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            return 0;
        }
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* INFINISCOPE_DAEMON_TRACE=1: says on standard error which way the fast path took (the tests, an operator's why). */
static void trace(const char *what) {
    const char *wanted = getenv("INFINISCOPE_DAEMON_TRACE");
    if (wanted != NULL && strcmp(wanted, "1") == 0) {
        fprintf(stderr, "infiniscope: fast path: %s\n", what);
    }
}

/* Runs LAUNCHER COMMAND ARGS... on this process's own standard streams with variable=0: never returns. */
static void relaunch(const char *launcher, int argc, char **argv, const char *variable) {
    char **command = calloc((size_t) argc + 2, sizeof(char *));
    if (command == NULL) {
        _exit(1);
    }
    command[0] = (char *) launcher;
    for (int i = 0; i < argc; i++) {
        command[i + 1] = argv[i];
    }
    setenv(variable, "0", 1);
    signal(SIGPIPE, SIG_DFL);
    execv(launcher, command);
    fprintf(stderr, "infiniscope: cannot run %s: %s\n", launcher, strerror(errno));
    _exit(1);
}

/* Runs the command without the daemon: never returns. */
static void in_process(const char *launcher, int argc, char **argv) {
    relaunch(launcher, argc, argv, "INFINISCOPE_DAEMON");
}

/* The script again, its own way, for what the fast path cannot settle: never returns. */
static void script(const char *launcher, int argc, char **argv) {
    trace("the script's way");
    relaunch(launcher, argc, argv, "INFINISCOPE_DAEMON_FAST");
}

static int write_all(int fd, const unsigned char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        bytes += n;
        length -= (size_t) n;
    }
    return 0;
}

/* Reads exactly length bytes; 0 at the end of the stream before them, -1 on an error. */
static int read_all(int fd, unsigned char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = read(fd, bytes, length);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return n == 0 ? 0 : -1;
        }
        bytes += n;
        length -= (size_t) n;
    }
    return 1;
}

static unsigned char *put_int(unsigned char *at, uint32_t value) {
    at[0] = (unsigned char) (value >> 24);
    at[1] = (unsigned char) (value >> 16);
    at[2] = (unsigned char) (value >> 8);
    at[3] = (unsigned char) value;
    return at + 4;
}

static unsigned char *put_string(unsigned char *at, const char *s) {
    size_t length = strlen(s);
    at = put_int(at, (uint32_t) length);
    memcpy(at, s, length);
    return at + length;
}

static uint32_t get_int(const unsigned char *at) {
    return (uint32_t) at[0] << 24 | (uint32_t) at[1] << 16 | (uint32_t) at[2] << 8 | (uint32_t) at[3];
}

/* Sends the request and copies the frames until the exit status; -REFUSED when the daemon refused the command,
 * -UNCHECKED when it ran nothing because it cannot vouch for the build (flags FLAG_UNCHECKED). */
static int exchange(int fd, const char *folder, int flags, int argc, char **argv) {
    size_t size = 16 + strlen(folder);
    for (int i = 0; i < argc; i++) {
        size += 4 + strlen(argv[i]);
    }
    unsigned char *request = malloc(size);
    if (request == NULL) {
        return LOST;
    }
    unsigned char *at = put_int(request, MAGIC);
    at = put_string(at, folder);
    at = put_int(at, (uint32_t) flags);
    at = put_int(at, (uint32_t) argc);
    for (int i = 0; i < argc; i++) {
        at = put_string(at, argv[i]);
    }
    if (write_all(fd, request, (size_t) (at - request)) < 0) {
        free(request);
        return stop_signal ? LOST : -REFUSED; /* the daemon went away before it read the command: run it in-process */
    }
    free(request);
    if (stop_signal) {
        shutdown(fd, SHUT_WR); /* a signal came while the request was written */
    }
    int broken[3] = {0, 0, 0}; /* a standard stream that failed (a closed pipe) drops output, as System.out does */
    static unsigned char buffer[1 << 16];
    for (;;) {
        unsigned char header[5];
        int r = read_all(fd, header, sizeof(header));
        if (r <= 0) {
            static const char message[] = "infiniscope: the daemon went away in the middle of the command\n";
            if (write_all(2, (const unsigned char *) message, sizeof(message) - 1) < 0) {
                /* nowhere to say it */
            }
            return LOST;
        }
        uint32_t length = get_int(header + 1);
        int kind = header[0];
        if (kind == EXIT) {
            unsigned char status[4];
            if (length != 4 || read_all(fd, status, 4) <= 0) {
                return LOST;
            }
            return (int) get_int(status);
        }
        if (kind == REFUSED) {
            return -REFUSED;
        }
        if (kind == UNCHECKED) {
            return -UNCHECKED;
        }
        if (kind != OUT && kind != ERR) {
            fprintf(stderr, "infiniscope: unknown frame %d from the daemon\n", kind);
            return LOST;
        }
        int out = kind == OUT ? 1 : 2;
        while (length > 0) {
            size_t chunk = length < sizeof(buffer) ? length : sizeof(buffer);
            if (read_all(fd, buffer, chunk) <= 0) {
                static const char message[] = "infiniscope: the daemon went away in the middle of the command\n";
                if (write_all(2, (const unsigned char *) message, sizeof(message) - 1) < 0) {
                    /* nowhere to say it */
                }
                return LOST;
            }
            if (!broken[out] && write_all(out, buffer, chunk) < 0) {
                broken[out] = 1;
            }
            length -= (uint32_t) chunk;
        }
    }
}

/* --fast, --key or --check, and their arguments (up to FOLDER for --key, PRODUCT_PLUGINS for --check). */
static int fast_mode(int argc, char **argv) {
    if (argc < 2) {
        return 0;
    }
    int mode = strcmp(argv[1], "--fast") == 0    ? 'f'
               : strcmp(argv[1], "--key") == 0   ? 'k'
               : strcmp(argv[1], "--check") == 0 ? 'c'
                                                 : 0;
    if (mode != 0 && argc < (mode == 'f' ? 18 : mode == 'k' ? 15 : 9)) {
        fprintf(stderr, "usage: daemon-client --fast|--key|--check ROOT STATE STAMP SOURCES CHECKED LAUNCHER_JAR "
                        "PRODUCT_PLUGINS JDK FABRIC IBSIM_SOCKET DAEMON_DIR UMAD2SIM FOLDER TTY LAUNCHER COMMAND "
                        "[ARGS...]\n");
        exit(2);
    }
    return mode;
}

int main(int argc, char **argv) {
    static char fast_path[4096];
    /* --fast: the build is not checked yet; the daemon's watch over the sources vouches for it, or this checks it */
    const struct fast_paths *fast = NULL;
    struct fast_paths paths;
    int mode = fast_mode(argc, argv);
    if (mode != 0) {
        paths = (struct fast_paths) {argv[2], argv[3], argv[4], argv[5], argv[6], argv[7], argv[8]};
        if (mode == 'c') {
            return fast_unchanged(&paths) ? 0 : 1;
        }
        struct fast_configuration configuration = {argv[9], argv[10], argv[11], argv[12], argv[13], argv[14]};
        if (mode == 'k') {
            if (fast_key(&paths, &configuration, fast_path, sizeof(fast_path)) < 0) {
                return 1;
            }
            printf("%s\n", fast_path);
            return 0;
        }
        if (fast_key(&paths, &configuration, fast_path, sizeof(fast_path)) < 0) {
            script(argv[16], argc - 17, argv + 17);
        }
        argv[13] = fast_path; /* as the script calls the client: SOCKET FOLDER TTY LAUNCHER COMMAND [ARGS...] */
        argv += 12;
        argc -= 12;
        fast = &paths;
    }
    if (argc < 6) {
        fprintf(stderr, "usage: daemon-client SOCKET FOLDER TTY LAUNCHER COMMAND [ARGS...]\n");
        return 2;
    }
    const char *socket_path = argv[1];
    const char *folder = argv[2];
    int tty = strcmp(argv[3], "1") == 0;
    const char *launcher = argv[4];
    int count = argc - 5;
    char **command = argv + 5;
    signal(SIGPIPE, SIG_IGN); /* a closed pipe fails the write instead */
    int flags = tty ? FLAG_TTY : 0;
    int fd = connect_to(socket_path);
    if (fd >= 0 && fast != NULL) {
        flags |= FLAG_UNCHECKED;
    } else if (fd < 0) {
        if (fast != NULL && !fast_unchanged(fast)) {
            script(launcher, count, command); /* no daemon started from a build that is not up to date */
        }
        if (fast != NULL) {
            trace("the client checked the build; no daemon ran");
        }
        if (start_daemon(launcher)) {
            fd = connect_to(socket_path);
        }
    }
    if (fd < 0) {
        in_process(launcher, count, command);
    }
    exchange_fd = fd;
    struct sigaction stop;
    memset(&stop, 0, sizeof(stop));
    stop.sa_handler = on_stop;
    sigemptyset(&stop.sa_mask);
    stop.sa_flags = SA_RESTART;
    sigaction(SIGINT, &stop, NULL);
    sigaction(SIGTERM, &stop, NULL);
    sigaction(SIGHUP, &stop, NULL);
    int status = exchange(fd, folder, flags, count, command);
    if ((flags & FLAG_UNCHECKED) && status != -UNCHECKED) {
        trace("the daemon vouched for the build");
    }
    if (status == -UNCHECKED && !stop_signal) {
        /* the daemon's watch cannot vouch for the build (a source changed, or it is still starting): check it here,
         * then ask again, or leave it to the script */
        exchange_fd = -1;
        close(fd);
        if (!fast_unchanged(fast)) {
            script(launcher, count, command);
        }
        trace("the client checked the build");
        fd = connect_to(socket_path);
        if (fd < 0) {
            in_process(launcher, count, command);
        }
        exchange_fd = fd;
        status = exchange(fd, folder, flags & ~FLAG_UNCHECKED, count, command);
    }
    exchange_fd = -1;
    close(fd);
    if (status == -REFUSED && !stop_signal) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        in_process(launcher, count, command);
    }
    if (stop_signal) {
        int sig = stop_signal; /* the command stopped: die of the signal, as an in-process run does */
        signal(sig, SIG_DFL);
        raise(sig);
    }
    return status < 0 ? LOST : status;
}
