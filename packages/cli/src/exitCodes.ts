/** The process exit codes, part of the command's contract (documented in --help and the README). */
export const EXIT = {
  ok: 0,
  /** The filter text (or its JSON) was rejected: caret diagnostics are on stderr. */
  filter: 1,
  /** The command line, a file it names, or the credentials were wrong. */
  usage: 2,
  /** The service or the network failed, or the emulator could not start. */
  service: 3,
  /** `why`: the table holds no item with the key given. */
  noItem: 4,
  /** A bug in itemfilter: an error no code path expected (EX_SOFTWARE of sysexits.h). */
  internal: 70,
  /** Ctrl-C (SIGINT) stopped the command, as shells report it. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = "Exit codes: 0 ok, 1 filter error, 2 usage error, 3 service or network error,\n4 no item with that key (why), 70 internal error (a bug),\n130 interrupted (Ctrl-C).";
