// Writes dist/bundle.js, the module that ships (the package's default
// export): src/index.ts and chevrotain (the parts the core's parser runs,
// without its lexer, validations or CST: see chevrotainStubs.mjs) as a few ES modules: bundle.js re-exports
// from parser.js (everything that reaches chevrotain) and parse-free.js (the
// rest), which share dist/chunks/. Loading four files instead of about 100
// (the core's modules, chevrotain's 42 and its @chevrotain packages) is most
// of the load time saved: see packages/bench, "time to first filter"; the
// split lets an app that imports only matches carry no parser (figure 6c). Run by `pnpm build` after `tsc -b`, which writes the
// declarations (dist/**/*.d.ts, the package's types) and the per-module
// JavaScript that the scripts here import; a separate name keeps `tsc -b`
// from overwriting the bundle.
import { build } from "esbuild";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chevrotainStubs } from "./chevrotainStubs.mjs";
import { checkMangled, MANGLED_PROPS } from "./mangledProps.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const chevrotain = JSON.parse(readFileSync(new URL("../node_modules/chevrotain/package.json", import.meta.url), "utf8"));

const stubs = chevrotainStubs();
const { parseFree, parser } = await splitExports();
const banner = `// @itemfilter/core, bundled with chevrotain ${chevrotain.version} (Apache-2.0): see THIRD_PARTY_NOTICES.md beside this file.`;
rmSync(join(root, "dist/chunks"), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // Two entries, split: what needs no parser (matches, the validators, …) and what does.
  // dist/bundle.js only re-exports from both (written below), so an app that imports just
  // `matches` never carries chevrotain: the package is sideEffects: false, so bundlers drop
  // dist/parser.js unread. One module kept the parser's set-up, which no bundler can prove
  // free of effects, so every import carried all of it.
  entryPoints: [
    { in: "itemfilter-entry:parse-free", out: "parse-free" },
    { in: "itemfilter-entry:parser", out: "parser" },
  ],
  outdir: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // Readable output (names and layout kept) minus dead code; a minifying app bundler does the rest.
  minifySyntax: true,
  treeShaking: true,
  // Chevrotain's internal property names, short (see mangledProps.mjs).
  mangleProps: MANGLED_PROPS,
  sourcemap: true,
  legalComments: "inline",
  banner: { js: banner },
  metafile: true,
  logLevel: "warning",
  plugins: [
    stubs.plugin,
    {
      name: "itemfilter-entries",
      setup(b) {
        b.onResolve({ filter: /^itemfilter-entry:/ }, (args) => ({ path: args.path.slice("itemfilter-entry:".length), namespace: "itemfilter-entry" }));
        // From the modules that define them, not through src/index.ts, which reaches every module.
        b.onLoad({ filter: /.*/, namespace: "itemfilter-entry" }, (args) => ({
          contents: reexports(args.path === "parser" ? parser : parseFree),
          resolveDir: join(root, "src"),
          loader: "ts",
        }));
      },
    },
  ],
});
stubs.check();
checkMangled(
  Object.keys(result.metafile.outputs).map((path) => ({ path, text: readFileSync(join(root, path), "utf8") })),
  Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs)).filter((i) => i.includes("chevrotain")).map((i) => readFileSync(join(root, i), "utf8")),
);
const parseFreeInputs = Object.entries(result.metafile.outputs).filter(([out]) => !out.endsWith("dist/parser.js")).flatMap(([, o]) => Object.keys(o.inputs));
if (parseFreeInputs.some((i) => i.includes("chevrotain"))) throw new Error("chevrotain reached the parse-free side of the split (scripts/bundle.mjs)");
writeFileSync(join(root, "dist/bundle.js"), `${banner}\n${reexports(parser, "./parser.js")}\n${reexports(parseFree, "./parse-free.js")}\n`);
rmSync(join(root, "dist/bundle.js.map"), { force: true });

function reexports(lines, into) {
  // From an entry, a name exported under another (`A as B`) is exported as B.
  return lines.map(({ names, from }) => `export { ${(into === undefined ? names : names.map((n) => n.split(/\s+as\s+/).pop())).join(", ")} } from ${JSON.stringify(into ?? from)};`).join("\n");
}

/**
 * The exports that need no parser: those of src/index.ts whose module does not
 * reach chevrotain through its imports (module by module, as splitting sees
 * it). Found, not listed, so a new export lands on the right side by itself.
 */
async function splitExports() {
  const lines = [...readFileSync(join(root, "src/index.ts"), "utf8").matchAll(/export\s*(type\s*)?\{([^}]*)\}\s*from\s*"([^"]+)"/g)]
    .filter((m) => m[1] === undefined)
    .map((m) => ({ from: m[3], names: m[2].split(",").map((n) => n.trim()).filter((n) => n !== "" && !n.startsWith("type ")) }))
    .filter((line) => line.names.length > 0);
  const parseFree = [];
  const parser = [];
  for (const line of lines) ((await reachesChevrotain(line.from)) ? parser : parseFree).push(line);
  if (!parseFree.some((line) => line.names.includes("matches"))) throw new Error("matches needs chevrotain now: it must not (packages/bench figure 6c)");
  return { parseFree, parser };
}

async function reachesChevrotain(from) {
  const probe = await build({
    entryPoints: [join(root, "src", from.replace(/\.js$/, ".ts"))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return Object.keys(probe.metafile.inputs).some((i) => i.includes("chevrotain"));
}

/**
 * dist/THIRD_PARTY_NOTICES.md: every package whose code is in the bundle,
 * read from esbuild's metafile, with its license; the Apache-2.0 text once.
 */
const packages = new Map();
for (const [input, info] of Object.values(result.metafile.outputs).flatMap((o) => Object.entries(o.inputs))) {
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

The chevrotain code in it is changed: parts the core's parser never runs are left out, and some are written smaller for what the core passes them. Each change is listed in packages/core/scripts/chevrotainStubs.mjs and chevrotainEdits.mjs of the itemfilter repository (https://github.com/itemfilter/itemfilter), which make them when the package is built.

${listed.map((p) => `- ${p.name} ${p.version} (${p.license}), ${typeof p.homepage === "string" ? p.homepage : `https://www.npmjs.com/package/${p.name}`}`).join("\n")}

\`\`\`
${apache.trim()}
\`\`\`
`,
);
