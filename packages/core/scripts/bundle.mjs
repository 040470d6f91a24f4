// Writes dist/bundle.js, the module that ships (the package's default
// export): src/index.ts and chevrotain (the parts the core uses, without its
// lexer: see chevrotainLexerStub.mjs) as one ES module. Loading one file
// instead of about 100 (the core's modules, chevrotain's 42 and its
// @chevrotain packages) is most of the load time saved: see packages/bench,
// "time to first filter". Run by `pnpm build` after `tsc -b`, which writes the
// declarations (dist/**/*.d.ts, the package's types) and the per-module
// JavaScript that the scripts here import; a separate name keeps `tsc -b`
// from overwriting the bundle.
import { build } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chevrotainLexerStub } from "./chevrotainLexerStub.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const chevrotain = JSON.parse(readFileSync(new URL("../node_modules/chevrotain/package.json", import.meta.url), "utf8"));

const lexerStub = chevrotainLexerStub();
const result = await build({
  absWorkingDir: root,
  entryPoints: ["src/index.ts"],
  outfile: "dist/bundle.js",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // Readable output (names and layout kept) minus dead code; a minifying app bundler does the rest.
  minifySyntax: true,
  treeShaking: true,
  sourcemap: true,
  legalComments: "inline",
  banner: {
    js: `// @itemfilter/core, bundled with chevrotain ${chevrotain.version} (Apache-2.0): see THIRD_PARTY_NOTICES.md beside this file.`,
  },
  metafile: true,
  logLevel: "warning",
  plugins: [lexerStub.plugin],
});
lexerStub.check();

/**
 * dist/THIRD_PARTY_NOTICES.md: every package whose code is in the bundle,
 * read from esbuild's metafile, with its license; the Apache-2.0 text once.
 */
const packages = new Map();
for (const [input, info] of Object.entries(Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.inputs ?? {})) {
  if (info.bytesInOutput === 0 || !input.includes("node_modules")) continue;
  let dir = dirname(join(root, input));
  while (!packages.has(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (pkg.name !== undefined && pkg.version !== undefined) {
        packages.set(dir, pkg);
        break;
      }
    } catch {
      // not a package root yet
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${input}`);
    dir = up;
  }
}
const listed = [...new Map([...packages.values()].map((p) => [`${p.name}@${p.version}`, p])).values()].sort((a, b) => a.name.localeCompare(b.name));
if (listed.some((p) => p.license !== "Apache-2.0")) throw new Error(`a bundled package is not Apache-2.0: ${listed.map((p) => `${p.name} ${p.license}`).join(", ")}; extend scripts/bundle.mjs`);
const apache = readFileSync(new URL("../node_modules/chevrotain/LICENSE.txt", import.meta.url), "utf8");
writeFileSync(
  join(root, "dist/THIRD_PARTY_NOTICES.md"),
  `# Third-party code in dist/bundle.js

dist/bundle.js contains code from these packages (those parts of them that the core uses), under the Apache License 2.0, whose text follows.

${listed.map((p) => `- ${p.name} ${p.version} (${p.license}), ${typeof p.homepage === "string" ? p.homepage : `https://www.npmjs.com/package/${p.name}`}`).join("\n")}

\`\`\`
${apache.trim()}
\`\`\`
`,
);
