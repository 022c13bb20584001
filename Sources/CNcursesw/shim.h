#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* C globals Swift 6 refuses as not concurrency-safe. */
static inline WINDOW *cncursesw_stdscr(void) { return stdscr; }
static inline WINDOW *cncursesw_curscr(void) { return curscr; }
static inline WINDOW *cncursesw_newscr(void) { return newscr; }
static inline FILE *cncursesw_stdout(void) { return stdout; }
static inline FILE *cncursesw_stdin(void) { return stdin; }
/// COLOR_PAIRS is a C global: how many colour pairs the terminal has (after start_color).
static inline int cncursesw_color_pairs(void) { return COLOR_PAIRS; }

/* Attribute macros (built with NCURSES_BITS, which Swift does not import). */
static inline attr_t cncursesw_a_normal(void) { return A_NORMAL; }
static inline attr_t cncursesw_a_bold(void) { return A_BOLD; }
static inline attr_t cncursesw_a_dim(void) { return A_DIM; }
static inline attr_t cncursesw_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncursesw_a_reverse(void) { return A_REVERSE; }

/* tigetstr answers (char *)-1 for "not a string capability"; make that NULL. */
static inline const char *cncursesw_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/* ioctl is variadic. Returns 0 and the size of the terminal on fd, or -1. */
static inline int cncursesw_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}
#endif
