import { checkFields, pickFields } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import type { OutputFormat } from "../commands/selection.js";
import { createItemWriter } from "./itemWriter.js";
import { createProgress } from "./progress.js";

type Item = Record<string, unknown>;

/** Where list, query and find put their results: the items on stdout, progress and the limit note on stderr. */
export interface ResultOutput {
  /** Running counts for the progress line. */
  progress(pages: number, items: number): void;
  write(items: readonly Item[]): void;
  /** Erases the progress line; call it whether or not the walk succeeded. */
  stopProgress(): void;
  /** Finishes the output (closes the JSON array, prints the table) and says on stderr when a limit cut it short. */
  end(stopped: boolean, total: number): void;
}

/** The format asked for, else a table on a terminal and JSON otherwise. */
export function createResultOutput(ctx: CliContext, output: OutputFormat | undefined, fields?: readonly string[]): ResultOutput {
  const paths = fields === undefined ? undefined : checkFields(fields);
  const format = output ?? (ctx.tty.stdout ? "table" : "json");
  const writer = createItemWriter(ctx, format, ctx.tty.stdout);
  // A table is written once every item is in, after the progress line is erased.
  const progress = createProgress(ctx, format !== "table");
  return {
    progress: (pages, items) => progress.update(pages, items),
    // --fields: picked here for the service's items; DynamoDB's come picked by findAll, and are given no fields here.
    write: (items) => writer.write(paths === undefined ? items : items.map((item) => pickFields(item, paths))),
    stopProgress: () => progress.done(),
    end: (stopped, total) => {
      writer.end();
      if (stopped) ctx.err(`Stopped after ${total} ${total === 1 ? "item" : "items"} (--limit or --max-pages); more may follow.\n`);
    },
  };
}
