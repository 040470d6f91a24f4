import { createEmulator } from "@itemfilter/emulator";
import type { CliContext } from "../cliContext.js";
import { serviceError } from "../cliError.js";
import type { ServeArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { loadTables } from "./loadTables.js";
import { resolveCredentials } from "./resolveCredentials.js";

/** The credentials `serve` accepts when none are configured: it serves demo data to this machine only. */
export const DEMO_CREDENTIALS = { applicationKey: "demo-app", authenticationToken: "demo-token" };

/**
 * `itemfilter serve`: runs the emulator on 127.0.0.1 until the signal aborts
 * (Ctrl-C or SIGTERM for the binary). The URL goes to stdout, for scripts;
 * everything else to stderr.
 */
export async function runServe(ctx: CliContext, args: ServeArgs): Promise<number> {
  const tables = await loadTables(ctx, args.data);
  const found = await resolveCredentials(ctx, args);
  const configured = found.applicationKey !== undefined || found.authenticationToken !== undefined;
  const credentials = {
    applicationKey: found.applicationKey ?? DEMO_CREDENTIALS.applicationKey,
    authenticationToken: found.authenticationToken ?? DEMO_CREDENTIALS.authenticationToken,
  };
  const emulator = createEmulator({ tables, credentials: [credentials] });
  let url: string;
  try {
    url = await emulator.start(args.port);
  } catch (error) {
    const message = (error as Error).message;
    // The emulator wraps the listen error; its message keeps the system code.
    const why = message.includes("EADDRINUSE") ? `port ${args.port} is in use; pick another with --port, or --port 0 for any free one` : message;
    throw serviceError(`the emulator could not start: ${why}`);
  }
  ctx.out(`${url}\n`);
  const names = Object.entries(tables).map(([name, t]) => `${name} (${t.items.length} items${t.secondaryKey === undefined ? "" : `, secondary key ${t.secondaryKey}`})`);
  ctx.err(`Serving ${names.join(", ")} on ${url}\n`);
  ctx.err(
    configured
      ? "It accepts the application key and token you configured.\n"
      : `It accepts applicationKey "${DEMO_CREDENTIALS.applicationKey}" with authenticationToken "${DEMO_CREDENTIALS.authenticationToken}" (demo values; set ITEMFILTER_AUTH_TOKEN or --token-file to choose).\n`,
  );
  ctx.err(`Try: ITEMFILTER_BASE_URL=${url} ITEMFILTER_APPLICATION_KEY=… ITEMFILTER_AUTH_TOKEN=… itemfilter list --table users 'age >= 30'\nPress Ctrl-C to stop.\n`);
  await new Promise<void>((resolve) => {
    if (ctx.signal === undefined) return; // runs until the process ends
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  await emulator.stop();
  ctx.err("Stopped.\n");
  return EXIT.ok;
}
