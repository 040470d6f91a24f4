import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { CliContext } from "../cliContext.js";
import { serviceError } from "../cliError.js";
import { throwIfAborted } from "../readText.js";

/** How long `load` waits by default for the endpoint to accept connections, in seconds. */
export const DEFAULT_WAIT_SECONDS = 30;

const RETRY_MS = 250;

/** One TCP connection attempt: the error code it failed with, or undefined when something listens. */
function tryConnect(url: URL): Promise<string | undefined> {
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  // URL keeps an IPv6 host in brackets; net.connect wants it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise((resolve) => {
    // No abort signal here: net.connect leaves a listener on it per attempt. An attempt ends within
    // its timeout, and the sleep between attempts is what Ctrl-C cuts short.
    const socket = connect({ host, port });
    socket.setTimeout(5_000, () => socket.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
    socket.once("connect", () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.name));
  });
}

/**
 * Waits up to `seconds` while nothing listens at the endpoint yet (connection
 * refused), with one line on stderr: DynamoDB Local takes seconds to start, and
 * the README's session runs `load` right after starting it in the background.
 * Any other outcome (it listens, the host is unknown, the network fails) returns
 * at once, for the AWS SDK to report as it does for every command; so does an
 * endpoint that is not an http(s) URL, for openDynamoClient to refuse.
 */
export async function waitForEndpoint(ctx: CliContext, endpoint: string, seconds: number): Promise<void> {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) return;
  const deadline = Date.now() + seconds * 1000;
  let said = false;
  for (;;) {
    const code = await tryConnect(url);
    throwIfAborted(ctx);
    if (code !== "ECONNREFUSED") return;
    if (Date.now() + RETRY_MS > deadline) {
      const waited = said ? ` within ${seconds} s` : "";
      throw serviceError(`DynamoDB at ${endpoint} did not answer${waited} (ECONNREFUSED); is DynamoDB Local running there?`);
    }
    if (!said) ctx.err(`Waiting up to ${seconds} s for DynamoDB at ${endpoint} to answer…\n`);
    said = true;
    // Ctrl-C rejects the sleep with the AbortError the command reports as interrupted.
    await sleep(RETRY_MS, undefined, ctx.signal === undefined ? {} : { signal: ctx.signal });
  }
}
