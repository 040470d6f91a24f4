import { createCli } from "./createCli.js";

/** The process entry of the bundled `itemfilter` binary. */
const controller = new AbortController();
for (const signal of ["SIGTERM", "SIGHUP"] as const) process.once(signal, () => controller.abort());
// Ctrl-C asks a running command (serve, a long listing) to stop cleanly; a second one ends the process.
process.on("SIGINT", () => {
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});
// A closed pipe (`itemfilter list ... | head`) is the reader being done, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const cli = createCli({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  isTTY: { stdin: process.stdin.isTTY === true, stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  cwd: process.cwd(),
  columns: process.stdout.columns ?? 80,
  signal: controller.signal,
  // Built beside this module (scripts/bundle.mjs), with the same extension.
  dataWorker: new URL(`./dataWorker${import.meta.url.slice(import.meta.url.lastIndexOf("."))}`, import.meta.url),
});
process.exitCode = await cli.run(process.argv.slice(2));
// An interrupted read of stdin would otherwise keep the process waiting.
if (controller.signal.aborted) process.exit(process.exitCode);
