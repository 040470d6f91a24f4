import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";

export interface StaticFile {
  body: Buffer;
  type: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Every file of the built page, read once into memory and keyed by URL path
 * (`/assets/index-abc.js`). Requests can only name these, so no path from a
 * request ever reaches the file system. A few hundred kilobytes at most.
 */
export async function loadStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const type = CONTENT_TYPES[extname(entry.name).toLowerCase()] ?? "application/octet-stream";
        files.set(`/${relative(root, path).split(sep).join("/")}`, { body: await readFile(path), type });
      }
    }
  };
  await walk(root);
  return files;
}
