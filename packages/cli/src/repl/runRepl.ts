import { createInterface, type Interface } from "node:readline";
import type { CliContext } from "../cliContext.js";
import type { ReplArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { loadSchema } from "../loadSchema.js";
import { VERSION } from "../version.js";
import { completeDotCommand, runDotCommand } from "./dotCommands.js";
import { HISTORY_SIZE, historyPath, loadHistory, saveHistory } from "./historyFile.js";
import { installHighlighting } from "./installHighlighting.js";
import { isIncomplete } from "./isIncomplete.js";
import { ReplSession } from "./replSession.js";

const CONTINUATION = "... ";

type Completer = (line: string, callback: (error: Error | null, result: [string[], string]) => void) => void;

/**
 * The interactive REPL on node:readline. On a terminal it prompts, keeps
 * history, completes with Tab and highlights; from a pipe it just evaluates
 * each entry, which is also how the tests drive it.
 */
export async function runRepl(ctx: CliContext, args: ReplArgs): Promise<number> {
  const session = new ReplSession(ctx, args, { baseUrl: args.baseUrl, appKey: args.appKey, tokenFile: args.tokenFile, data: args.data });
  if (args.schema !== undefined) {
    session.schema = await loadSchema(ctx, args.schema);
    session.schemaFile = args.schema;
  }
  const terminal = ctx.tty.stdin && ctx.tty.stdout;
  const print = (text: string): void => {
    if (text !== "") ctx.out(`${text}\n`);
  };
  const warn = (text: string): void => {
    if (text !== "") ctx.err(`${text}\n`);
  };
  if (terminal) print(`itemfilter ${VERSION}: type a filter to see its ${session.mode === "find" ? "plan" : "JSON"}; .help for commands, Ctrl-D to leave.`);
  const unavailable = await session.open();
  if (unavailable !== undefined) print(unavailable);
  if (session.table !== undefined) print(await session.learnTable());

  let buffer: string[] = [];
  const completer: Completer = (line, callback) => {
    if (buffer.length === 0 && line.trimStart().startsWith(".")) {
      const { labels, word } = completeDotCommand(session, line);
      callback(null, [labels, word]);
      return;
    }
    const before = buffer.length === 0 ? "" : `${buffer.join("\n")}\n`;
    const source = before + line;
    const found = session.suggestions(source, source.length);
    const word = source.slice(Math.max(found.from, before.length));
    // Value placeholders ("" and 0) describe what may follow; inserting them helps nobody.
    const labels = found.items.filter((item) => item.kind !== "value").map((item) => item.label);
    callback(null, [labels, word]);
  };
  const historyFile = historyPath(ctx.env);
  const rl = createInterface({
    input: ctx.stdin as NodeJS.ReadableStream,
    output: ctx.stdout as NodeJS.WritableStream,
    terminal,
    completer,
    history: terminal ? await loadHistory(historyFile) : [],
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
    tabSize: 2,
  });
  if (terminal && ctx.color.stdout) installHighlighting(rl, () => buffer.length > 0);

  let closed = false;
  let exiting = false;
  const prompt = (): void => {
    if (closed || !terminal) return;
    rl.setPrompt(buffer.length === 0 ? session.prompt() : CONTINUATION);
    rl.prompt();
  };

  const onLine = async (line: string): Promise<void> => {
    if (exiting) return; // lines that were already read when .exit ran
    if (buffer.length === 0 && line.trimStart().startsWith(".")) {
      const result = await runDotCommand(session, line);
      if (result.failed === true) session.failures.usage = true;
      print(result.text);
      if (result.exit === true) {
        exiting = true;
        rl.close();
      }
      else prompt();
      return;
    }
    buffer.push(line);
    const source = buffer.join("\n");
    if (isIncomplete(source)) return prompt();
    const lines = buffer.length;
    buffer = [];
    if (lines > 1) joinHistory(rl, lines);
    await evaluate(source);
    prompt();
  };
  const evaluate = async (source: string): Promise<void> => {
    if (source.trim() === "") return;
    const { text, warnings } = await session.evaluate(source);
    print(text);
    warn(warnings);
  };

  let queue = Promise.resolve();
  rl.on("line", (line) => {
    queue = queue
      .then(() => onLine(line))
      .catch((error: unknown) => {
        // Nothing expected this: say it is a bug, and keep the session.
        session.failures.internal = true;
        warn(`internal error (a bug in itemfilter; please report it): ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      });
  });
  rl.on("SIGINT", () => {
    // Ctrl-C drops the entry being typed (all its lines) but keeps the session;
    // on an empty line, where there is nothing to drop, it says how to leave.
    const empty = buffer.length === 0 && (rl as unknown as { line: string }).line === "";
    rl.write(null, { ctrl: true, name: "e" });
    ctx.out(empty ? "^C\n(To leave, press Ctrl-D or type .exit)\n" : "^C\n");
    rl.write(null, { ctrl: true, name: "u" });
    buffer = [];
    prompt();
  });
  const done = new Promise<void>((resolve) =>
    rl.once("close", () => {
      closed = true;
      resolve();
    }),
  );
  const abort = (): void => rl.close();
  ctx.signal?.addEventListener("abort", abort, { once: true });
  prompt();
  await done;
  ctx.signal?.removeEventListener("abort", abort);
  await queue;
  // Input that ended inside an entry (a pipe whose last line is "a = 1 and")
  // is evaluated as it is, so its error shows rather than vanishing.
  if (!exiting && buffer.length > 0 && !ctx.signal?.aborted) {
    const source = buffer.join("\n");
    buffer = [];
    await evaluate(source);
  }
  if (terminal) {
    ctx.out("\n");
    const problem = await saveHistory(historyFile, historyOf(rl));
    if (problem !== undefined) ctx.err(`${problem}\n`);
  }
  await session.close();
  // From a pipe, the status says whether every entry worked, so scripts can rely on it.
  return terminal ? EXIT.ok : session.exitCode();
}

function historyOf(rl: Interface): string[] {
  const history = (rl as unknown as { history?: unknown }).history;
  return Array.isArray(history) ? history.filter((h): h is string => typeof h === "string") : [];
}

/** A multi-line entry goes into history as one line, so the up arrow brings back all of it. */
function joinHistory(rl: Interface, lines: number): void {
  const history = (rl as unknown as { history?: unknown }).history;
  if (!Array.isArray(history) || history.length < lines) return;
  const parts = history.slice(0, lines).reverse() as string[];
  history.splice(0, lines, parts.map((p) => p.trim()).join(" "));
}
