import { stringifyJson } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import type { OutputFormat } from "../commands/selection.js";
import { formatTable } from "./formatTable.js";

type Item = Record<string, unknown>;

export interface ItemWriter {
  write(items: readonly Item[]): void;
  /** Finishes the output: closes the JSON array, or prints the table. */
  end(): void;
}

/**
 * json streams one array as pages arrive, ndjson one item per line, and
 * table waits for every item to size its columns. Numbers are written with
 * every digit (stringifyJson): an ExactNumber is a JSON number, never a string.
 */
export function createItemWriter(ctx: CliContext, format: OutputFormat, pretty: boolean): ItemWriter {
  switch (format) {
    case "ndjson":
      return {
        write: (items) => {
          if (items.length > 0) ctx.out(items.map((item) => `${stringifyJson(item)}\n`).join(""));
        },
        end: () => {},
      };
    case "json": {
      let count = 0;
      const indent = (text: string): string => (pretty ? `  ${text.replace(/\n/g, "\n  ")}` : text);
      return {
        write: (items) => {
          for (const item of items) {
            ctx.out(`${count === 0 ? "[\n" : ",\n"}${indent(stringifyJson(item, pretty ? 2 : undefined))}`);
            count++;
          }
        },
        end: () => ctx.out(count === 0 ? "[]\n" : "\n]\n"),
      };
    }
    case "table": {
      const all: Item[] = [];
      return {
        write: (items) => {
          for (const item of items) all.push(item);
        },
        end: () => ctx.out(`${formatTable(all)}\n`),
      };
    }
  }
}
