import type { CliContext } from "../cliContext.js";

export interface Progress {
  update(pages: number, items: number): void;
  /** Erases the progress line so results and later messages start clean. */
  done(): void;
}

/** A one-line counter on stderr, rewritten in place; only on a terminal, where nobody parses it. */
export function createProgress(ctx: CliContext): Progress {
  if (!ctx.tty.stderr) return { update: () => {}, done: () => {} };
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
