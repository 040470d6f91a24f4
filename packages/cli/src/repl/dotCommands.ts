import type { ReplSession } from "./replSession.js";
import { loadSchema } from "../loadSchema.js";

export interface DotResult {
  text: string;
  exit?: boolean;
}

export const DOT_COMMANDS = [".mode", ".table", ".key", ".send", ".schema", ".explain", ".help", ".exit"];

const HELP = `Type a filter to see its JSON, or its errors with a caret under each problem.
Open parentheses or quotes continue the entry on the next line. Tab completes.

  .mode list|query   compile listItems filters or key queries
  .table [NAME]      send to this table and learn its attribute names (no NAME: list tables)
  .key [PRIMARY]     the primary key value for key queries (no PRIMARY: clear it)
  .send on|off       send each filter and show the results
  .schema FILE|off   check and complete names with a JSON schema file
  .explain [FILTER]  the parse tree, each rewrite, and the output (no FILTER: the last one)
  .help              this text
  .exit              leave (also Ctrl-D); Ctrl-C clears the line`;

/** Runs one dot command against the session and returns what to show. */
export async function runDotCommand(session: ReplSession, line: string): Promise<DotResult> {
  const trimmed = line.trim();
  const space = trimmed.search(/\s/);
  const name = space === -1 ? trimmed : trimmed.slice(0, space);
  const arg = space === -1 ? "" : trimmed.slice(space + 1).trim();
  switch (name) {
    case ".help":
      return { text: `${HELP}\n\n${settings(session)}` };
    case ".exit":
      return { text: "", exit: true };
    case ".mode":
      if (arg !== "list" && arg !== "query") return { text: `.mode takes list or query (now ${session.mode})` };
      session.mode = arg;
      return { text: `mode: ${arg}${arg === "query" && session.secondaryKey() !== undefined ? ` (secondary key: ${session.secondaryKey()})` : ""}` };
    case ".send":
      if (arg !== "on" && arg !== "off") return { text: `.send takes on or off (now ${session.send ? "on" : "off"})` };
      session.send = arg === "on";
      return { text: `sending: ${arg}${session.send && session.table === undefined ? " (set a table with .table NAME)" : ""}` };
    case ".table": {
      if (arg === "") {
        const names = session.tableNames();
        const known = names === undefined ? "" : `; tables: ${names.join(", ")}`;
        return { text: `table: ${session.table ?? "(none)"}${known}` };
      }
      session.table = arg;
      session.learned.clear();
      const learned = await session.learnTable();
      const key = session.secondaryKey();
      return { text: `table: ${arg}${key === undefined ? "" : ` (secondary key: ${key})`}${learned === "" ? "" : `\n${learned}`}` };
    }
    case ".key":
      session.key = arg === "" ? undefined : arg;
      return { text: arg === "" ? "key: cleared (queries read every partition)" : `key: ${arg}` };
    case ".schema":
      if (arg === "") return { text: `schema: ${session.schemaFile ?? "(none)"}; .schema FILE sets one, .schema off drops it` };
      if (arg === "off") {
        session.schema = undefined;
        session.schemaFile = undefined;
        return { text: "schema: off" };
      }
      try {
        session.schema = await loadSchema(session.ctx, arg);
        session.schemaFile = arg;
        return { text: `schema: ${arg} (${Object.keys(session.schema.attributes).length} attributes)` };
      } catch (error) {
        return { text: (error as Error).message };
      }
    case ".explain": {
      const source = arg !== "" ? arg : session.last;
      if (source === undefined) return { text: ".explain FILTER, or enter a filter first" };
      return { text: session.explain(source) };
    }
    default:
      return { text: `unknown command ${JSON.stringify(name)}; .help lists them` };
  }
}

function settings(session: ReplSession): string {
  const key = session.secondaryKey();
  return [
    `mode: ${session.mode}`,
    `table: ${session.table ?? "(none)"}${key === undefined ? "" : ` (secondary key: ${key})`}`,
    `key: ${session.key ?? "(none)"}`,
    `sending: ${session.send ? "on" : "off"}`,
    `schema: ${session.schemaFile ?? "(none)"}`,
  ].join("\n");
}
