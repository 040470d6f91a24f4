import { createEmulator } from "@itemfilter/emulator";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { untilInterrupted, type CliContext } from "../cliContext.js";
import { serviceError } from "../cliError.js";
import type { PlaygroundArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { loadTables } from "../send/loadTables.js";
import { DEMO_CREDENTIALS } from "../send/serveAccess.js";
import { openBrowser } from "./openBrowser.js";
import { playgroundDistPath } from "./playgroundDist.js";
import { createPlaygroundServer, type PlaygroundServer } from "./playgroundServer.js";
import { loadStaticFiles } from "./staticFiles.js";
import { tableInfo } from "./tableInfo.js";

export interface StartedPlayground {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the playground: one server on `port` for the page and for the
 * emulator's two operations (through the emulator's own handler, Host check
 * included). Shared by the command and by tests.
 */
export async function startPlayground(ctx: CliContext, args: PlaygroundArgs): Promise<StartedPlayground> {
  const dist = playgroundDistPath();
  if (!existsSync(join(dist, "index.html"))) {
    throw serviceError(`the playground page is not built (${dist} has no index.html); run 'pnpm install' or 'pnpm build' in the repository`);
  }
  const tables = await loadTables(ctx, args.data);
  const files = await loadStaticFiles(dist);
  const emulator = createEmulator({ tables, credentials: [DEMO_CREDENTIALS] });
  let server: PlaygroundServer;
  let url: string;
  try {
    server = createPlaygroundServer({
      files,
      tables: Object.entries(tables).map(([name, table]) => tableInfo(name, table)),
      credentials: DEMO_CREDENTIALS,
      operations: (req, res) => void emulator.handle(req, res),
    });
    url = await server.start(args.port);
  } catch (error) {
    const message = (error as Error).message;
    const why = message.includes("EADDRINUSE") ? `port ${args.port} is in use; pick another with --port, or --port 0 for any free one` : message;
    throw serviceError(`the playground could not start: ${why}`);
  }
  return {
    url,
    stop: async () => {
      await server.stop();
      await emulator.stop();
    },
  };
}

/** `itemfilter playground`: serves the page until the signal aborts (Ctrl-C). The URL goes to stdout. */
export async function runPlayground(ctx: CliContext, args: PlaygroundArgs): Promise<number> {
  const playground = await startPlayground(ctx, args);
  ctx.out(`${playground.url}\n`);
  ctx.err(`The itemfilter playground is on ${playground.url} (the emulator's listItems and queryItems too, with applicationKey "${DEMO_CREDENTIALS.applicationKey}" and authenticationToken "${DEMO_CREDENTIALS.authenticationToken}").\n`);
  if (args.open && !(await openBrowser(playground.url, ctx.env))) ctx.err(`Could not open a browser; open ${playground.url} yourself.\n`);
  ctx.err("Press Ctrl-C to stop.\n");
  await untilInterrupted(ctx);
  await playground.stop();
  ctx.err("Stopped.\n");
  return EXIT.ok;
}
