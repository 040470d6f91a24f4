import { compileList, compileQuery, formatDiagnostics, isFilterError, suggest, type AttributeType, type Schema, type Suggestions } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import type { ReplArgs, SendArgs, TargetArgs } from "../commands/selection.js";
import { formatFilterLines } from "../formatJson.js";
import { buildSendParams } from "../send/buildSendParams.js";
import { fetchPages } from "../send/fetchPages.js";
import { formatTable } from "../send/formatTable.js";
import { openTarget, type Target } from "../send/openTarget.js";
import { explain } from "./explain.js";
import { learnAttributes, learnedSchema } from "./learnAttributes.js";

/** Most items a REPL line shows; the command line commands are for whole result sets. */
export const SHOWN_ITEMS = 20;

/**
 * The REPL's state and what each entry does with it, apart from the terminal:
 * compiling, sending, explaining and completing. runRepl wires it to readline.
 */
export class ReplSession {
  mode: "list" | "query";
  table: string | undefined;
  key: string | undefined;
  send: boolean;
  schema: Schema | undefined;
  schemaFile: string | undefined;
  readonly secondaryKeyOption: string | undefined;
  readonly learned = new Map<string, AttributeType | null>();
  /** The last filter entered, for a bare `.explain`. */
  last: string | undefined;
  #target: Target | undefined;
  #targetError: string | undefined;

  constructor(
    readonly ctx: CliContext,
    args: ReplArgs,
    private readonly targetArgs: TargetArgs,
  ) {
    this.mode = args.mode;
    this.table = args.table;
    this.key = args.key;
    this.send = args.send;
    this.secondaryKeyOption = args.secondaryKey;
  }

  prompt(): string {
    return `${this.mode}${this.table === undefined ? "" : ` ${this.table}`}> `;
  }

  /** The secondary key's name: from --secondary-key, or the embedded table's definition. */
  secondaryKey(): string | undefined {
    if (this.secondaryKeyOption !== undefined || this.table === undefined) return this.secondaryKeyOption;
    return this.#target?.tables?.[this.table]?.secondaryKey;
  }

  /**
   * Opens where requests go: starts the embedded emulator, or makes a client
   * for the service. A failure only turns sending off, since compiling needs neither.
   */
  async open(): Promise<string | undefined> {
    try {
      this.#target = await openTarget(this.ctx, this.targetArgs);
      return undefined;
    } catch (error) {
      this.#targetError = errorLine(error);
      return `(sending is unavailable: ${this.#targetError})`;
    }
  }

  /** Table names of the embedded emulator, or undefined for a service. */
  tableNames(): string[] | undefined {
    return this.#target?.tables === undefined ? undefined : Object.keys(this.#target.tables);
  }

  /** Compiles one entry, and sends it when sending is on: the text to show. */
  async evaluate(source: string): Promise<string> {
    this.last = source;
    const secondaryKey = this.secondaryKey();
    let compiled: unknown;
    try {
      const options = this.schema === undefined ? {} : { schema: this.schema };
      compiled = this.mode === "query" ? compileQuery(source, { ...options, ...(secondaryKey === undefined ? {} : { secondaryKey }) }) : compileList(source, options);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      return formatDiagnostics(source, error, { color: this.ctx.color.stdout });
    }
    const json = formatFilterLines(compiled);
    if (!this.send) return json;
    if (this.table === undefined) return `${json}\n(sending is on, but no table is set: .table NAME)`;
    return `${json}\n${await this.results(source, secondaryKey)}`;
  }

  async #fetch(operation: "list" | "query", source: string, secondaryKey: string | undefined, limit: number): Promise<{ items: Record<string, unknown>[]; more: boolean }> {
    const target = this.#target;
    if (target === undefined) throw new Error(`sending is unavailable: ${this.#targetError ?? "not started"}`);
    const args: SendArgs = {
      operation,
      table: this.table!,
      key: this.key,
      expr: source,
      limit,
      maxPages: 10,
      output: "table",
      dryRun: false,
      curl: false,
      secondaryKey,
      schema: undefined,
      ...this.targetArgs,
    };
    const send = buildSendParams(args, this.schema, secondaryKey, this.ctx.signal);
    const items: Record<string, unknown>[] = [];
    const pages = fetchPages(target.client, send, { limit, maxPages: 10 });
    let step = await pages.next();
    while (step.done !== true) {
      items.push(...step.value.items);
      step = await pages.next();
    }
    learnAttributes(this.learned, items);
    return { items, more: step.value.truncated };
  }

  async results(source: string, secondaryKey: string | undefined): Promise<string> {
    try {
      const { items, more } = await this.#fetch(this.mode, source, secondaryKey, SHOWN_ITEMS);
      const note = more ? `(the first ${items.length} items; more may follow: use 'itemfilter ${this.mode} --table ${this.table}' for all)` : `(${items.length} ${items.length === 1 ? "item" : "items"})`;
      return `${formatTable(items)}\n${note}`;
    } catch (error) {
      return `${errorLine(error)}`;
    }
  }

  /** Reads some of the table's items to learn attribute names for completion. Quiet about failures: it is only a help. */
  async learnTable(): Promise<string> {
    if (this.table === undefined) return "";
    try {
      await this.#fetch("list", "", undefined, 200);
      const names = [...this.learned.keys()];
      return names.length === 0 ? `(${this.table} has no items to learn attribute names from)` : `(attributes: ${names.join(", ")})`;
    } catch (error) {
      return `(could not read ${this.table} to learn its attributes: ${errorLine(error)})`;
    }
  }

  explain(source: string): string {
    return explain(source, { mode: this.mode, schema: this.schema, secondaryKey: this.secondaryKey(), color: this.ctx.color.stdout });
  }

  /** Completion at `offset`: attributes from the schema, else from the table's items. */
  suggestions(source: string, offset: number): Suggestions {
    const secondaryKey = this.secondaryKey();
    const schema = this.schema ?? learnedSchema(this.learned);
    return suggest(source, offset, {
      mode: this.mode,
      ...(schema === undefined ? {} : { schema }),
      ...(secondaryKey === undefined ? {} : { secondaryKey }),
    });
  }

  async close(): Promise<void> {
    const target = this.#target;
    this.#target = undefined;
    await target?.close();
  }
}

function errorLine(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "CliError") return error.message;
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
