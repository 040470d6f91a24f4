import { spawn } from "node:child_process";

/** $BROWSER when set (the convention many tools follow), else the system's "open this URL" command. */
function opener(url: string, browser: string | undefined): [string, string[]] {
  if (browser !== undefined && browser.trim() !== "") return [browser.trim(), [url]];
  if (process.platform === "darwin") return ["open", [url]];
  if (process.platform === "win32") return ["cmd", ["/c", "start", '""', url]];
  return ["xdg-open", [url]];
}

/** Opens the URL in the default browser; resolves to false (never throws) when that cannot be done. */
export function openBrowser(url: string, env: Readonly<Record<string, string | undefined>>): Promise<boolean> {
  const [command, args] = opener(url, env.BROWSER);
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
