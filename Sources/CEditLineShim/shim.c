#include "CEditLineShim.h"

EditLine *island_editor_open(
  const char *program, History *list,
  island_prompt_function prompt, island_complete_function complete, void *client) {
  EditLine *editor = el_init(program, stdin, stdout, stderr);
  if (editor == NULL) return NULL;
  el_set(editor, EL_EDITOR, "emacs");
  el_set(editor, EL_SIGNAL, 1);
  el_set(editor, EL_CLIENTDATA, client);
  el_set(editor, EL_PROMPT, prompt);
  if (list != NULL) el_set(editor, EL_HIST, history, list);
  el_set(editor, EL_ADDFN, "island-complete", "complete a command, id, target or name", complete);
  el_set(editor, EL_BIND, "^I", "island-complete", NULL);
  el_source(editor, NULL);
  return editor;
}

void island_editor_print(EditLine *editor, const char *text) {
  FILE *output = NULL;
  if (el_get(editor, EL_GETFP, 1, &output) != 0 || output == NULL) output = stdout;
  fputs(text, output);
  fflush(output);
}

void *island_editor_client(EditLine *editor) {
  void *client = NULL;
  el_get(editor, EL_CLIENTDATA, &client);
  return client;
}

void island_editor_close(EditLine *editor) { el_end(editor); }

History *island_history_open(int size) {
  HistEvent event;
  History *list = history_init();
  if (list == NULL) return NULL;
  history(list, &event, H_SETSIZE, size);
  history(list, &event, H_SETUNIQUE, 1);
  return list;
}

void island_history_add(History *list, const char *line) {
  HistEvent event;
  history(list, &event, H_ENTER, line);
}

int island_history_load(History *list, const char *path) {
  HistEvent event;
  return history(list, &event, H_LOAD, path);
}

int island_history_save(History *list, const char *path) {
  HistEvent event;
  return history(list, &event, H_SAVE, path);
}

void island_history_close(History *list) { history_end(list); }
