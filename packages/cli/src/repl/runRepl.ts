import { createInterface, type Interface } from "node:readline";
import type { CliContext } from "../cliContext.js";
import type { ReplArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { loadSchema } from "../loadSchema.js";
import { VERSION } from "../version.js";
import { runDotCommand } from "./dotCommands.js";
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
  if (terminal) print(`itemfilter ${VERSION}: type a filter to see its JSON; .help for commands, Ctrl-D to leave.`);
  const unavailable = await session.open();
  if (unavailable !== undefined) print(unavailable);
  if (session.table !== undefined) print(await session.learnTable());

  let buffer: string[] = [];
  const completer: Completer = (line, callback) => {
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
  if (terminal && ctx.color.stdout) installHighlighting(rl);

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
    if (source.trim() !== "") print(await session.evaluate(source));
    prompt();
  };

  let queue = Promise.resolve();
  rl.on("line", (line) => {
    queue = queue.then(() => onLine(line)).catch((error: unknown) => print(`error: ${(error as Error).message}`));
  });
  rl.on("SIGINT", () => {
    // Ctrl-C drops the entry being typed (all its lines) but keeps the session.
    rl.write(null, { ctrl: true, name: "e" });
    ctx.out("^C\n");
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
  if (terminal) {
    ctx.out("\n");
    const problem = await saveHistory(historyFile, historyOf(rl));
    if (problem !== undefined) ctx.err(`${problem}\n`);
  }
  await session.close();
  return EXIT.ok;
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
