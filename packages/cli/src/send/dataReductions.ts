import { attributes, isFilterError, type ListFilter, type Plan, type Scalar, type Schema } from "@itemfilter/core";
import type { FindArgs, SendArgs } from "../commands/selection.js";
import { buildSendParams } from "./buildSendParams.js";
import { embeddedSchema } from "./embeddedSchema.js";
import { keepOf } from "./keepOf.js";
import type { SendParams } from "./fetchPages.js";
import type { Tables } from "./loadTables.js";
import type { DataReduction, StreamedTable } from "./streamedTable.js";


/*
 * Why the reduced table gives the whole file's answers: an NDJSON data file
 * is one table keyed by "id" alone, so the commands send listItems, and
 * queryItems only for a whole partition (key.primary without a filter): the
 * items with that id, which the filter `id = v` keeps. Any other queryItems
 * is refused (the table has no secondary key), and a refusal reads only the
 * table's keys and their types, which the reduced table keeps. A page ends
 * at its last matching item or at the range's end (the CLI sends no
 * evaluation limit), so a table holding every item that matches a request,
 * and the item with the greatest key, answers that request with the same
 * pages, stopKeys and truncation (scanNdjsonTable).
 * Keeping every item that matches any of the requests (before the plan's
 * residual checks) keeps each request's answer whole, so find's union, its
 * order, its page counts and --max-pages are the same too.
 *
 * Each reduction is built from the filter compiled without the inferred
 * schema (the file is not read yet), and holds only if, with the schema the
 * whole file gives, the command builds the very same requests. An inferred
 * schema has no aliases, so it only refuses filters; a name no item has is
 * refused with "did you mean" over every name, which the reduction did not
 * collect, so then the whole file is loaded as before.
 */

/** The one key of a data file's table. */
const DATA_KEY = "id";

/** The schema list or query compiles with, as runSend chooses it. */
export type SendSchema = (tables: Tables | undefined, streamed: StreamedTable | undefined) => Schema | undefined;

/** For list and query over an NDJSON data file; undefined where the filter does not compile before the file is read. */
export function sendReduction(args: SendArgs, source: string, fileSchema: Schema | undefined, schemaFor: SendSchema): DataReduction | undefined {
  // The table's own secondary key: an NDJSON table has none.
  const secondaryKey = args.secondaryKey;
  let before: SendParams;
  try {
    before = buildSendParams(args, source, fileSchema, secondaryKey, undefined, args.dates);
  } catch {
    // A filter error, or a bad --key: reported after the file is checked, as it always was.
    return undefined;
  }
  const inferred = fileSchema === undefined && args.inferSchema;
  let filters: (readonly ListFilter[])[];
  let names: string[] = [];
  if (before.operation === "list") {
    const filter = before.params.filter;
    // compileList gives an array of conditions; no filter keeps every item.
    filters = [filter === undefined ? [] : (filter as readonly ListFilter[])];
    if (inferred) names = attributes(source);
  } else {
    // queryItems on a table without a secondary key returns only a whole partition; any other is refused.
    const { key, filter } = before.params;
    filters = key !== undefined && filter === undefined ? [partitionOf(key.primary)] : [];
    if (inferred && secondaryKey !== undefined) names = [secondaryKey];
  }
  const mustKnow = before.operation === "list" && inferred ? names : [];
  return {
    table: args.table,
    names,
    filters,
    keep: keepOf(filters),
    holds: (streamed) => {
      if (mustKnow.some((name) => !streamed.inference.has(name))) return false;
      const tables = { [streamed.name]: { primaryKey: DATA_KEY, items: [] } };
      return same(() => buildSendParams(args, source, schemaFor(tables, streamed), secondaryKey, undefined, args.dates), before);
    },
  };
}

/** For find over an NDJSON data file: `planOf` plans as runFind does, with the table's keys and a schema (and throws what it throws). */
export function findReduction(args: FindArgs, source: string, fileSchema: Schema | undefined, planOf: (tables: Tables, schema: Schema | undefined) => Plan): DataReduction | undefined {
  const tables: Tables = { [args.table]: { primaryKey: DATA_KEY, items: [] } };
  let before: Plan;
  try {
    // Without the inferred schema: the file is not read yet.
    before = planOf(tables, fileSchema);
  } catch {
    return undefined;
  }
  // Every item a request of the plan can return, before its residual (a queryItems only a whole partition; any other is refused).
  const filters = before.requests.flatMap((request) => {
    if (request.operation === "listItems") return [request.filter];
    return request.key !== undefined && request.filter === undefined ? [partitionOf(request.key.primary)] : [];
  });
  const names = fileSchema === undefined && args.inferSchema ? attributes(source) : [];
  return {
    table: args.table,
    names,
    filters,
    keep: keepOf(filters),
    holds: (streamed) =>
      !names.some((name) => !streamed.inference.has(name)) && same(() => planOf(tables, fileSchema ?? embeddedSchema(tables, args.table, args.inferSchema, streamed)), before),
  };
}

/** The items of a whole partition of a data file's table, as a listItems filter: those whose "id" is the value. */
function partitionOf(primary: Scalar): ListFilter[] {
  return [{ item: DATA_KEY, operator: "equals", value: primary }];
}

/** Whether `build` gives what was built before the file was read; a filter error counts as the same (it is reported as it was). */
function same(build: () => unknown, before: unknown): boolean {
  let after: unknown;
  try {
    after = build();
  } catch (error) {
    return isFilterError(error);
  }
  return JSON.stringify(after) === JSON.stringify(before);
}
