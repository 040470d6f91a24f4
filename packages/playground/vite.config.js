import { defineConfig } from "vite";

// The page is built from the workspace packages' TypeScript sources (the
// "@itemfilter/source" export condition), so it does not wait for `tsc -b`.
export default defineConfig({
  resolve: {
    conditions: ["@itemfilter/source", "module", "browser", "development|production"],
    // One copy of each: CodeMirror checks facets and state by identity.
    dedupe: ["@codemirror/autocomplete", "@codemirror/commands", "@codemirror/language", "@codemirror/lint", "@codemirror/state", "@codemirror/view", "@lezer/highlight"],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // No inline script or style may end up in the page: it runs under `script-src 'self'`.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
    // CodeMirror, the core (chevrotain) and the client make one ~550 kB module, ~171 kB gzipped; splitting it would not make the page usable sooner.
    chunkSizeWarningLimit: 800,
  },
});
