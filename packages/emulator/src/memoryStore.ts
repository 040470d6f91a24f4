import { prepareFilter } from "@itemfilter/core";
import { RequestError } from "./RequestError.js";
import { readPageInSlices } from "./readPageInSlices.js";
import { readScopedPage } from "./readScopedPage.js";
import { listStart, runListItems } from "./runListItems.js";
import { queryBounds, runQueryItems } from "./runQueryItems.js";
import type { Store } from "./Store.js";
import { buildTable, type Table } from "./Table.js";
import type { Item, Tables } from "./types.js";

/**
 * The emulator's own store: tables held in memory, checked and indexed once
 * (buildTable). A page is read in slices, yielding to the event loop between
 * them, so one long scan never holds up the answers to other requests.
 */
export function memoryStore(definitions: Tables): Store {
  const tables = new Map<string, Table>();
  for (const [name, definition] of Object.entries(definitions)) tables.set(name, buildTable(name, definition));
  const get = (name: string): Table => tables.get(name)!;
  return {
    table: async (name) => {
      const t = tables.get(name);
      return t === undefined ? undefined : { name: t.name, primaryKey: t.primaryKey, secondaryKey: t.secondaryKey, keyTypes: { primary: t.primaryType, secondary: t.secondaryType } };
    },
    tableNames: async () => [...tables.keys()],
    async listItems({ table, filters, limit, startKey, pageSize, scope }) {
      const t = get(table.name);
      // A page key of a secondary index comes from a store that has one (DynamoDB's); these tables have none.
      if (startKey?.index !== undefined) throw new RequestError(400, "'startKey' is not a stopKey of this table; send back the stopKey unchanged");
      const predicate = filters.length === 0 ? null : (prepareFilter([...filters]) as (item: Item) => boolean);
      if (scope !== undefined) {
        const conditions = filters.length + scope.conditions;
        return readScopedPage({ rows: t.rows, lo: listStart(t, startKey), hi: t.rows.length, forward: true, inScope: scope.test, predicate, limit, pageSize, conditions });
      }
      return readPageInSlices((slice) => runListItems({ table: t, predicate, ...slice }), { limit, startKey, pageSize, conditions: filters.length });
    },
    async queryItems({ table, filter, primary, limit, startKey, searchForward, pageSize, scope }) {
      const t = get(table.name);
      // A filter comes only with a secondary key (serveOperation refuses it on a table without one).
      const predicate = filter === undefined ? null : (prepareFilter(filter, { secondaryKey: table.secondaryKey! }) as (item: Item) => boolean);
      if (scope !== undefined) {
        const { rows, lo, hi } = queryBounds({ table: t, filter, primary, startKey, searchForward });
        return readScopedPage({ rows, lo, hi, forward: searchForward, inScope: scope.test, predicate, limit, pageSize, conditions: 1 + scope.conditions });
      }
      return readPageInSlices(
        (slice) =>
          runQueryItems({
            table: t,
            filter,
            predicate,
            primary,
            limit: slice.limit,
            startKey: slice.startKey,
            searchForward,
            pageSize: slice.pageSize,
          }),
        { limit, startKey, pageSize, conditions: 1 },
      );
    },
  };
}
