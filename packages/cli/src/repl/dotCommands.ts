import { isNumberValue, parseJson, readOrderBy, stringifyJson, type NumberValue } from "@itemfilter/core";
import type { ReplSession } from "./replSession.js";
import { loadSchema } from "../loadSchema.js";

export interface DotResult {
  text: string;
  exit?: boolean;
  /** The command was wrong (unknown, a bad argument, a file that cannot be read): a piped REPL exits 2. */
  failed?: boolean;
}

export const DOT_COMMANDS = [".mode", ".table", ".key", ".send", ".schema", ".order", ".explain", ".why", ".help", ".exit"];

const HELP = `Type a filter to see its plan (find mode) or its JSON (list and query mode),
or its errors with a caret under each problem.
An open parenthesis or quote, or a line ending in and/or/not or an operator,
continues the entry on the next line. Tab completes names and dot-commands.

  .mode find|list|query
                     find: plan any filter (or, not, every operator) and run it;
                     list: listItems filters; query: key queries
  .table [NAME]      send to this table and learn its attribute names (no NAME: list tables)
  .key [PRIMARY]     the primary key value for key queries (no PRIMARY: clear it)
  .send on|off       send each filter and show the results
  .schema FILE|off   check and complete names with a JSON schema file
  .schema infer      check names against the embedded table's items (the default)
  .order PATH [asc|desc]|off
                     find: the results in this order (.order createdAt desc);
                     off: plan order
  .explain [FILTER]  find: the plan (requests, what the server filters, what is
                     checked locally); list and query: the parse tree, each
                     rewrite, and the output (no FILTER: the last one)
  .why KEY [FILTER]  why the item with this primary key does or does not match
                     (no FILTER: the last one); for a table with two keys,
                     KEY is ["primary", "secondary"] in JSON
  .help              this text
  .exit              leave (also Ctrl-D); Ctrl-C clears the line

On a service's table (no schema), a name that no item seen has, or '=' on an
attribute that holds arrays, gets a warning on stderr.`;

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
      if (arg !== "find" && arg !== "list" && arg !== "query") return { text: `.mode takes find, list or query (now ${session.mode})`, failed: true };
      session.mode = arg;
      return { text: `mode: ${arg}${modeDetail(session)}` };
    case ".send":
      if (arg !== "on" && arg !== "off") return { text: `.send takes on or off (now ${session.send ? "on" : "off"})`, failed: true };
      session.send = arg === "on";
      return { text: `sending: ${arg}${session.send && session.table === undefined ? " (set a table with .table NAME)" : ""}` };
    case ".table": {
      if (arg === "") {
        const names = session.tableNames();
        const known = names === undefined ? "" : `; tables: ${names.join(", ")}`;
        return { text: `table: ${session.table ?? "(none)"}${known}` };
      }
      session.setTable(arg);
      const learned = await session.learnTable();
      const key = session.secondaryKey();
      return { text: `table: ${arg}${key === undefined ? "" : ` (secondary key: ${key})`}${learned === "" ? "" : `\n${learned}`}` };
    }
    case ".key":
      session.key = arg === "" ? undefined : arg;
      return { text: arg === "" ? "key: cleared (queries read every partition)" : `key: ${arg}` };
    case ".order":
      if (arg === "") return { text: `order: ${session.orderBy ?? "(plan order)"}; .order PATH [asc|desc] sets one, .order off drops it` };
      if (arg === "off") {
        session.orderBy = undefined;
        return { text: "order: off (plan order)" };
      }
      try {
        session.orderBy = readOrderBy(arg, ".order").text;
      } catch (error) {
        return { text: (error as Error).message, failed: true };
      }
      return { text: `order: ${session.orderBy}${session.mode === "find" ? "" : " (in find mode)"}` };
    case ".schema":
      if (arg === "") return { text: `schema: ${session.schemaSource()}; .schema FILE sets one, .schema off drops it, .schema infer infers it` };
      if (arg === "off") {
        session.schema = undefined;
        session.schemaFile = undefined;
        session.inferSchema = false;
        return { text: "schema: off" };
      }
      if (arg === "infer") {
        session.schema = undefined;
        session.schemaFile = undefined;
        session.inferSchema = true;
        return { text: `schema: ${session.schemaSource()}` };
      }
      try {
        session.schema = await loadSchema(session.ctx, arg);
        session.schemaFile = arg;
        return { text: `schema: ${arg} (${Object.keys(session.schema.attributes).length} attributes)` };
      } catch (error) {
        return { text: (error as Error).message, failed: true };
      }
    case ".explain": {
      const source = arg !== "" ? arg : session.last;
      if (source === undefined) return { text: ".explain FILTER, or enter a filter first" };
      return { text: session.explain(source) };
    }
    case ".why": {
      const parsed = whyArgument(arg);
      if (parsed === undefined) return { text: '.why KEY [FILTER]: the item\'s primary key value (["primary", "secondary"] for a table with two keys), then the filter', failed: true };
      const source = parsed.filter !== "" ? parsed.filter : session.last;
      if (source === undefined) return { text: ".why KEY FILTER, or enter a filter first", failed: true };
      return session.why(parsed.key, source);
    }
    default:
      return { text: `unknown command ${stringifyJson(name)}; .help lists them`, failed: true };
  }
}

/**
 * `.why`'s argument: a key word (or a JSON array of the primary and secondary
 * values, which may hold spaces), then the filter, if any.
 */
export function whyArgument(arg: string): { key: readonly (string | NumberValue)[]; filter: string } | undefined {
  if (arg === "") return undefined;
  if (arg.startsWith("[")) {
    for (let end = arg.indexOf("]"); end !== -1; end = arg.indexOf("]", end + 1)) {
      try {
        const key: unknown = parseJson(arg.slice(0, end + 1));
        if (!Array.isArray(key) || key.length < 1 || key.length > 2 || !key.every((v) => typeof v === "string" || isNumberValue(v))) return undefined;
        return { key, filter: arg.slice(end + 1).trim() };
      } catch {
        // Not the end of the array yet (a "]" inside a string): try the next one.
      }
    }
    return undefined;
  }
  const space = arg.search(/\s/);
  return space === -1 ? { key: [arg], filter: "" } : { key: [arg.slice(0, space)], filter: arg.slice(space + 1).trim() };
}

/** What the mode uses of the table: the secondary key for key queries, both keys for plans. */
function modeDetail(session: ReplSession): string {
  if (session.mode === "query") return session.secondaryKey() === undefined ? "" : ` (secondary key: ${session.secondaryKey()})`;
  if (session.mode !== "find") return "";
  try {
    const keys = session.planKeys();
    if (keys === undefined) return "";
    return ` (primary key: ${keys.primary}${keys.secondary === undefined ? "" : `, secondary key: ${keys.secondary}`})`;
  } catch (error) {
    return ` (${(error as Error).message})`;
  }
}

function settings(session: ReplSession): string {
  const key = session.secondaryKey();
  return [
    `mode: ${session.mode}`,
    `table: ${session.table ?? "(none)"}${key === undefined ? "" : ` (secondary key: ${key})`}`,
    `key: ${session.key ?? "(none)"}`,
    `sending: ${session.send ? "on" : "off"}`,
    `schema: ${session.schemaSource()}`,
    `order: ${session.orderBy ?? "(plan order)"}`,
  ].join("\n");
}

/** The words a dot-command's argument may be, where they are few. */
function argumentChoices(session: ReplSession, command: string): readonly string[] {
  switch (command) {
    case ".mode":
      return ["find", "list", "query"];
    case ".send":
      return ["on", "off"];
    case ".schema":
      return ["off", "infer"];
    case ".table":
      return session.tableNames() ?? [];
    default:
      return [];
  }
}

/**
 * Tab completion on a line that starts with a dot: the command names, then
 * the choices of its argument. The word being completed is the text after
 * the last space, as readline's completer expects.
 */
export function completeDotCommand(session: ReplSession, line: string): { labels: string[]; word: string } {
  const command = /^\s*(\.\S*)$/.exec(line);
  if (command !== null) {
    const word = command[1]!;
    return { labels: DOT_COMMANDS.filter((c) => c.startsWith(word)), word };
  }
  const argument = /^\s*(\.\S+)\s+(\S*)$/.exec(line);
  if (argument === null) return { labels: [], word: "" };
  const word = argument[2]!;
  return { labels: argumentChoices(session, argument[1]!).filter((c) => c.startsWith(word)), word };
}
