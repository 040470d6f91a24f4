import {
  compileList,
  compileQuery,
  explainMatch,
  formatDiagnostics,
  formatExplanation,
  formatPlan,
  isFilterError,
  plan as planFilter,
  stringifyJson,
  suggest,
  type AttributeType,
  type NumberValue,
  type Plan,
  type PlanKeys,
  type Schema,
  type Suggestions,
} from "@itemfilter/core";
import { attributeHints, MAX_SEEN, schemaOfItems } from "../attributeHints.js";
import type { CliContext } from "../cliContext.js";
import { CliError } from "../cliError.js";
import { clientErrorText } from "../clientErrorText.js";
import type { Operation, ReplArgs, TargetArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { formatFilterLines } from "../formatJson.js";
import { buildSendParams } from "../send/buildSendParams.js";
import { explainPlan } from "../send/describePlan.js";
import { fetchPages, findItems } from "../send/fetchPages.js";
import { findByKey } from "../send/findByKey.js";
import { keyValue } from "../send/keyValue.js";
import { formatTable } from "../send/formatTable.js";
import { tableNamed } from "../send/loadTables.js";
import { openTarget, type Target } from "../send/openTarget.js";
import { tableKeys } from "../send/tableKeys.js";
import { explain } from "./explain.js";
import { learnAttributes, learnedSchema } from "./learnAttributes.js";

/** Most items a REPL line shows; the command line commands are for whole result sets. */
export const SHOWN_ITEMS = 20;

type Item = Record<string, unknown>;

/** Most pages a REPL line reads (over all of a plan's requests). */
const SHOWN_PAGES = 10;

/** What one entry gives: the text for stdout, and warnings for stderr. */
export interface Evaluated {
  text: string;
  warnings: string;
}

/**
 * The REPL's state and what each entry does with it, apart from the terminal:
 * compiling, sending, explaining and completing. runRepl wires it to readline.
 */
export class ReplSession {
  mode: Operation;
  table: string | undefined;
  key: string | undefined;
  send: boolean;
  /** The schema file's schema (--schema or .schema FILE). */
  schema: Schema | undefined;
  schemaFile: string | undefined;
  /** find mode: the results in this order (.order), as canonical text; none: plan order. */
  orderBy: string | undefined;
  /** Without a schema file, check names against the embedded table's items. */
  inferSchema: boolean;
  readonly primaryKeyOption: string | undefined;
  readonly secondaryKeyOption: string | undefined;
  readonly learned = new Map<string, AttributeType | null>();
  /** Items of the current table seen so far (at most MAX_SEEN), for warnings about names. */
  seen: Item[] = [];
  /** The last filter entered, for a bare `.explain`. */
  last: string | undefined;
  /** The worst failure so far, for the exit status of a REPL fed from a pipe. */
  failures = { filter: false, usage: false, service: false, internal: false };
  #target: Target | undefined;
  #targetError: string | undefined;
  #inferred: { table: string; schema: Schema } | undefined;

  constructor(
    readonly ctx: CliContext,
    args: ReplArgs,
    private readonly targetArgs: TargetArgs,
  ) {
    this.mode = args.mode;
    this.table = args.table;
    this.key = args.key;
    this.send = args.send;
    this.primaryKeyOption = args.primaryKey;
    this.secondaryKeyOption = args.secondaryKey;
    this.inferSchema = args.inferSchema;
  }

  prompt(): string {
    return `${this.mode}${this.table === undefined ? "" : ` ${this.table}`}> `;
  }

  /** The secondary key's name: from --secondary-key, or the embedded table's definition. */
  secondaryKey(): string | undefined {
    if (this.secondaryKeyOption !== undefined || this.table === undefined) return this.secondaryKeyOption;
    return tableNamed(this.#target?.tables, this.table)?.secondaryKey;
  }

  /**
   * The table's keys for find plans: --primary-key and --secondary-key, else
   * the embedded table's. Throws CliError when they clash.
   */
  planKeys(): PlanKeys | undefined {
    const table = this.table === undefined ? undefined : tableNamed(this.#target?.tables, this.table);
    return tableKeys({ primaryKey: this.primaryKeyOption, secondaryKey: this.secondaryKeyOption }, table);
  }

  /** The schema filters are checked against: the file's, else the embedded table's items (unless inference is off). */
  activeSchema(): Schema | undefined {
    if (this.schema !== undefined) return this.schema;
    // Key queries name only the key, which compileQuery checks itself (see runSend).
    const items = this.table === undefined || !this.inferSchema || this.mode === "query" ? undefined : tableNamed(this.#target?.tables, this.table)?.items;
    if (items === undefined) return undefined;
    if (this.#inferred === undefined || this.#inferred.table !== this.table) this.#inferred = { table: this.table!, schema: schemaOfItems(items) };
    return this.#inferred.schema;
  }

  /** Where the active schema comes from, for .help and .schema. */
  schemaSource(): string {
    if (this.schemaFile !== undefined) return this.schemaFile;
    return this.activeSchema() === undefined ? "(none)" : `inferred from the items of ${this.table}`;
  }

  /** Exit status for a REPL fed from a pipe: 70 for a bug, else 1 if any filter failed, else 2 for a bad dot-command, else 3 for a failed send. */
  exitCode(): number {
    if (this.failures.internal) return EXIT.internal;
    if (this.failures.filter) return EXIT.filter;
    if (this.failures.usage) return EXIT.usage;
    if (this.failures.service) return EXIT.service;
    return EXIT.ok;
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

  /** Switches to another table: what was learned of the last one no longer holds. */
  setTable(table: string): void {
    this.table = table;
    this.learned.clear();
    this.seen = [];
  }

  /** Compiles one entry, and sends it when sending is on: the text to show, and warnings. */
  async evaluate(source: string): Promise<Evaluated> {
    this.last = source;
    const mode = this.mode;
    if (mode === "find") return this.#evaluateFind(source);
    const secondaryKey = this.secondaryKey();
    const schema = this.activeSchema();
    let compiled: unknown;
    try {
      const options = schema === undefined ? {} : { schema };
      compiled = mode === "query" ? compileQuery(source, { ...options, ...(secondaryKey === undefined ? {} : { secondaryKey }) }) : compileList(source, options);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      this.failures.filter = true;
      return { text: formatDiagnostics(source, error, { color: this.ctx.color.stdout }), warnings: "" };
    }
    const json = formatFilterLines(compiled);
    let text = json;
    if (this.send && this.table === undefined) text = `${json}\n(sending is on, but no table is set: .table NAME)`;
    else if (this.send) text = `${json}\n${await this.#results(mode, source, secondaryKey)}`;
    return { text, warnings: this.warnings(source) };
  }

  /** A find entry: the plan's summary (.explain shows all of it), and the first items when sending is on. */
  async #evaluateFind(source: string): Promise<Evaluated> {
    let planned: { plan: Plan; keys: PlanKeys | undefined };
    try {
      planned = this.#plan(source);
    } catch (error) {
      if (error instanceof CliError) {
        this.failures.usage = true;
        return { text: error.message, warnings: "" };
      }
      if (!isFilterError(error)) throw error;
      this.failures.filter = true;
      return { text: formatDiagnostics(source, error, { color: this.ctx.color.stdout }), warnings: "" };
    }
    const summary = `plan: ${formatPlan(planned.plan).split("\n")[0]}`;
    let text = summary;
    if (this.send && this.table === undefined) text = `${summary}\n(sending is on, but no table is set: .table NAME)`;
    else if (this.send) text = `${summary}\n${await this.#findResults(planned.plan, planned.keys)}`;
    return { text, warnings: this.warnings(source) };
  }

  /** Throws FilterError for the filter, CliError for clashing keys. */
  #plan(source: string): { plan: Plan; keys: PlanKeys | undefined } {
    const keys = this.planKeys();
    const schema = this.activeSchema();
    const order = this.orderBy === undefined ? {} : { orderBy: this.orderBy };
    return { plan: planFilter(source, { ...(schema === undefined ? {} : { schema }), ...(keys === undefined ? {} : { keys }), ...order }), keys };
  }

  async #findResults(plan: Plan, keys: PlanKeys | undefined): Promise<string> {
    try {
      const target = this.#target;
      if (target === undefined) throw new Error(`sending is unavailable: ${this.#targetError ?? "not started"}`);
      const items: Item[] = [];
      const run = findItems(this.ctx, target.client, plan, { table: this.table!, keys, limit: SHOWN_ITEMS, maxPages: SHOWN_PAGES });
      let step = await run.next();
      while (step.done !== true) {
        items.push(step.value);
        step = await run.next();
      }
      this.#saw(items);
      return this.#shown(items, step.value.truncated || step.value.limitReached);
    } catch (error) {
      this.failures.service = true;
      return errorLine(error);
    }
  }

  /** Names no item seen has, and `=` on arrays, when no schema file checks them: warnings, never errors. */
  warnings(source: string): string {
    if (this.schema !== undefined) return "";
    const hints = attributeHints(source, this.seen, { mode: this.mode === "query" ? "query" : "list" });
    return hints.length === 0 ? "" : `warning: ${formatDiagnostics(source, hints, { color: this.ctx.color.stderr })}`;
  }

  async #fetch(operation: Exclude<Operation, "find">, source: string, secondaryKey: string | undefined, limit: number): Promise<{ items: Item[]; more: boolean }> {
    const target = this.#target;
    if (target === undefined) throw new Error(`sending is unavailable: ${this.#targetError ?? "not started"}`);
    const send = buildSendParams({ operation, table: this.table!, key: this.key }, source, this.activeSchema(), secondaryKey, this.ctx.signal);
    const items: Item[] = [];
    const pages = fetchPages(this.ctx, target.client, send, { limit, maxPages: SHOWN_PAGES });
    let step = await pages.next();
    while (step.done !== true) {
      for (const item of step.value.items) items.push(item);
      step = await pages.next();
    }
    this.#saw(items);
    return { items, more: step.value.truncated };
  }

  /** Learns names (for completion) and keeps a sample (for warnings) from items shown. */
  #saw(items: readonly Item[]): void {
    learnAttributes(this.learned, items);
    for (const item of items) if (this.seen.length < MAX_SEEN) this.seen.push(item);
  }

  /** Items as a table, and how many; an empty result is one line, since the table says "(no items)" already. */
  #shown(items: readonly Item[], more: boolean): string {
    if (items.length === 0) return formatTable(items);
    const note = more ? `(the first ${items.length} items; more may follow: use 'itemfilter ${this.mode} --table ${this.table}' for all)` : `(${items.length} ${items.length === 1 ? "item" : "items"})`;
    return `${formatTable(items)}\n${note}`;
  }

  async #results(mode: Exclude<Operation, "find">, source: string, secondaryKey: string | undefined): Promise<string> {
    try {
      const { items, more } = await this.#fetch(mode, source, secondaryKey, SHOWN_ITEMS);
      return this.#shown(items, more);
    } catch (error) {
      this.failures.service = true;
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

  /** find mode: the whole plan; list and query mode: the parse tree, each rewrite and the output. */
  explain(source: string): string {
    if (this.mode === "find") {
      try {
        const { plan, keys } = this.#plan(source);
        return explainPlan(plan, keys, this.table, this.ctx.color.stdout);
      } catch (error) {
        if (error instanceof CliError) return error.message;
        if (!isFilterError(error)) throw error;
        return formatDiagnostics(source, error, { color: this.ctx.color.stdout });
      }
    }
    return explain(source, { mode: this.mode, schema: this.activeSchema(), secondaryKey: this.secondaryKey(), color: this.ctx.color.stdout });
  }

  /**
   * `.why`: reads the item with this key from the current table and explains
   * the filter against it (core's explainMatch), as `itemfilter why` prints it.
   * A key word is read as --key reads it; values from a JSON array are taken as they are.
   */
  async why(key: readonly (string | NumberValue)[], source: string): Promise<{ text: string; failed?: boolean }> {
    if (this.table === undefined) return { text: ".why needs a table: set one with .table NAME", failed: true };
    const target = this.#target;
    if (target === undefined) return { text: `.why reads the item, and sending is unavailable: ${this.#targetError ?? "not started"}`, failed: true };
    const query = this.mode === "query" ? this.secondaryKey() : undefined;
    const options = { ...(this.activeSchema() === undefined ? {} : { schema: this.activeSchema()! }), ...(query === undefined ? {} : { secondaryKey: query }) };
    try {
      explainMatch(source, {}, options);
      const keys = this.planKeys();
      if (keys === undefined) return { text: `.why reads the item by its key, and the primary key of '${this.table}' is not known; start with --primary-key NAME`, failed: true };
      const [primary, secondary] = key.map((v) => (typeof v === "string" && key.length === 1 ? keyValue(v) : v));
      const item = await findByKey(this.ctx, target.client, this.table, keys, { primary: primary!, secondary });
      if (item === undefined) return { text: `no item of '${this.table}' has ${keys.primary} ${stringifyJson(primary)}${secondary === undefined ? "" : ` and ${keys.secondary} ${stringifyJson(secondary)}`}`, failed: true };
      return { text: formatExplanation(source, explainMatch(source, item, options), { color: this.ctx.color.stdout }) };
    } catch (error) {
      if (isFilterError(error)) {
        this.failures.filter = true;
        return { text: formatDiagnostics(source, error, { color: this.ctx.color.stdout }) };
      }
      if (error instanceof CliError) return { text: error.message, failed: true };
      this.failures.service = true;
      return { text: `.why could not read the item: ${errorLine(error)}` };
    }
  }

  /** Completion at `offset`: attributes from the schema, else from the table's items. */
  suggestions(source: string, offset: number): Suggestions {
    const secondaryKey = this.secondaryKey();
    const schema = this.activeSchema() ?? learnedSchema(this.learned);
    return suggest(source, offset, {
      // A find filter is written as a list filter is; `or` and `not` need no special completion.
      mode: this.mode === "query" ? "query" : "list",
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
    return clientErrorText(error);
  }
  return String(error);
}
