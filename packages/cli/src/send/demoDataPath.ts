import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The demo data shipped in packages/cli/demo. This module sits two levels
 * below the package both as source (src/send) and when bundled
 * (dist-bundle/chunks); the one-level form covers a bundle without chunks.
 */
export function demoDataPath(): string {
  const candidates = [new URL("../../demo/demo.json", import.meta.url), new URL("../demo/demo.json", import.meta.url)];
  const found = candidates.find((url) => existsSync(url)) ?? candidates[0]!;
  return fileURLToPath(found);
}
