// Small wrappers around libedit's variadic functions (el_set, el_get, history), which Swift
// cannot call, taking exactly the arguments the REPL passes.
#ifndef CEDITLINESHIM_H
#define CEDITLINESHIM_H

#include <histedit.h>
#include <stdio.h>

/// Returns the prompt to show; called by libedit before each line.
typedef char *(*island_prompt_function)(EditLine *editor);
/// Completes the word before the cursor; returns one of libedit's CC_ codes.
typedef unsigned char (*island_complete_function)(EditLine *editor, int key);

/// Opens an editor on the standard input, output and error, in emacs mode, with libedit's signal handling, the
/// prompt and completion functions, `client` as its client data, and the history `list` (may be NULL).
/// Tab completes. Reads ~/.editrc, as every libedit program does. NULL on failure.
EditLine *island_editor_open(
  const char *program, History *list,
  island_prompt_function prompt, island_complete_function complete, void *client);

/// Writes `text` to the editor's output and flushes it (a completion's list of candidates).
void island_editor_print(EditLine *editor, const char *text);

/// The client data given to island_editor_open.
void *island_editor_client(EditLine *editor);

/// Closes an editor.
void island_editor_close(EditLine *editor);

/// Opens a history that keeps at most `size` lines and skips a line equal to the one before.
History *island_history_open(int size);

/// Adds `line` to the history.
void island_history_add(History *list, const char *line);

/// Loads the history from `path`; returns -1 on failure.
int island_history_load(History *list, const char *path);

/// Saves the history to `path`; returns -1 on failure.
int island_history_save(History *list, const char *path);

/// Closes a history.
void island_history_close(History *list);

#endif
