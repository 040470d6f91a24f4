import { readFileSync } from "node:fs";

/**
 * An esbuild plugin for bundles that contain chevrotain's parser but not its
 * lexer. The core scans text with its own lexer (src/syntax/lexer.ts) and
 * never builds a chevrotain Lexer; chevrotain's parser reads only the
 * constant Lexer.NA (the "no pattern" marker of EOF and of its recording
 * token). But that constant lives on the Lexer class, which drags in
 * chevrotain's whole lexer and regexp parser: about a quarter of chevrotain's
 * bundled size and load time. So that module is replaced by the class with
 * just that constant, and a Lexer built by mistake throws. The build stops if
 * chevrotain changes that module, so the stub can never silently diverge from
 * the real one: call check() after the build.
 */
export function chevrotainLexerStub() {
  const LEXER_MODULE = /[\\/]chevrotain[\\/]lib[\\/]src[\\/]scan[\\/]lexer_public\.js$/;
  const LEXER_NA = "Lexer.NA = /NOT_APPLICABLE/;";
  let stubbed = 0;
  const plugin = {
    name: "chevrotain-lexer-constants-only",
    setup(b) {
      b.onLoad({ filter: LEXER_MODULE }, (args) => {
        const real = readFileSync(args.path, "utf8");
        if (!real.includes(LEXER_NA)) throw new Error(`chevrotain's ${args.path} no longer has ${LEXER_NA}; update packages/core/scripts/chevrotainLexerStub.mjs`);
        stubbed++;
        return {
          loader: "js",
          contents: `export var LexerDefinitionErrorType = {};
export class Lexer {
  constructor() { throw new Error("this bundle ships without chevrotain's Lexer (@itemfilter/core has its own scanner)"); }
}
${LEXER_NA}
`,
        };
      });
    },
  };
  const check = () => {
    if (stubbed !== 1) throw new Error(`expected to replace chevrotain's lexer module once, replaced it ${stubbed} times; update packages/core/scripts/chevrotainLexerStub.mjs`);
  };
  return { plugin, check };
}
