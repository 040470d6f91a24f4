import { spawn } from "node:child_process";

/** The system's "open this URL" command. */
function opener(url: string): [string, string[]] {
  if (process.platform === "darwin") return ["open", [url]];
  if (process.platform === "win32") return ["cmd", ["/c", "start", '""', url]];
  return ["xdg-open", [url]];
}

/** Opens the URL in the default browser; resolves to false (never throws) when that cannot be done. */
export function openBrowser(url: string): Promise<boolean> {
  const [command, args] = opener(url);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: "ignore", detached: true });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
