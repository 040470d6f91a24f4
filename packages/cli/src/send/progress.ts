import type { CliContext } from "../cliContext.js";

export interface Progress {
  update(pages: number, items: number): void;
  /** Erases the progress line so results and later messages start clean. */
  done(): void;
}

/**
 * A one-line counter on stderr, rewritten in place; only on a terminal, where
 * nobody parses it. When the data streams to the same terminal (json or
 * ndjson on a terminal stdout) there is none: the counter would land inside
 * the data, and erasing it would erase a data line that has no newline yet.
 * The data appearing is progress enough there.
 */
export function createProgress(ctx: CliContext, streamsToStdout: boolean): Progress {
  if (!ctx.tty.stderr || (ctx.tty.stdout && streamsToStdout)) return { update: () => {}, done: () => {} };
  let shown = false;
  return {
    update: (pages, items) => {
      shown = true;
      ctx.err(`\r\u001b[K${pages} ${pages === 1 ? "page" : "pages"}, ${items} ${items === 1 ? "item" : "items"}…`);
    },
    done: () => {
      if (shown) ctx.err("\r\u001b[K");
      shown = false;
    },
  };
}
