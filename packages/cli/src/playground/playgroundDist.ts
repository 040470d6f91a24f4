import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * packages/playground/dist, which `pnpm install` builds (the playground's
 * `bundle` script). This module is three levels below packages/ as source
 * (cli/src/playground), compiled (cli/dist/playground) and bundled
 * (cli/dist-bundle/chunks); the two-level form covers a bundle without chunks.
 */
export function playgroundDistPath(): string {
  const candidates = [new URL("../../../playground/dist/", import.meta.url), new URL("../../playground/dist/", import.meta.url)];
  const found = candidates.find((url) => existsSync(new URL("index.html", url))) ?? candidates[0]!;
  return fileURLToPath(found);
}
