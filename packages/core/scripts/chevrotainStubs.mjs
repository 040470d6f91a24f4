import { readFileSync } from "node:fs";

/**
 * An esbuild plugin that leaves out of the shipped bundle the parts of
 * chevrotain a built, embedded-actions parser never runs. Each is replaced by
 * a stub that throws if it is ever reached, and the build stops when
 * chevrotain changes one of those modules in a way the stub does not cover
 * (call check() after the build), so a stub can never silently diverge from
 * the real module. The tests run the core from source with all of chevrotain
 * (test/parserValidation.test.ts builds the grammar with validations on);
 * the CLI, browser and end-to-end tests run this bundle. Figure 6a of
 * packages/bench is the reason: about 4 KB of gzip.
 *
 * - scan/lexer_public.js: the core scans text with its own lexer
 *   (src/syntax/lexer.ts); chevrotain's parser reads only the constant
 *   Lexer.NA, but that constant lives on the Lexer class, which drags in the
 *   whole lexer and regexp parser (a quarter of chevrotain's size).
 * - grammar/checks.js: grammar validations, run only when skipValidations is
 *   false, and the check of an overridden rule (the core overrides none).
 * - errors_public.js: chevrotain's default messages; the core passes its own
 *   errorMessageProvider, and the grammar messages come only with a grammar
 *   error, which the validations test rules out.
 * - the CST half of parser/traits/tree_builder.js: the core builds no CST,
 *   and without that half nothing imports cst/cst.js or cst/cst_visitor.js.
 */
export function chevrotainStubs() {
  const counts = new Map();
  const stubs = [
    { module: "scan/lexer_public.js", contents: lexerStub },
    { module: "parse/grammar/checks.js", contents: throwingExports },
    { module: "parse/errors_public.js", contents: throwingExports },
    { module: "parse/parser/traits/tree_builder.js", contents: treeBuilderStub },
  ];
  const plugin = {
    name: "chevrotain-stubs",
    setup(b) {
      b.onLoad({ filter: /[\\/]chevrotain[\\/]lib[\\/]src[\\/].*\.js$/ }, (args) => {
        const path = args.path.replaceAll("\\", "/");
        const stub = stubs.find((s) => path.endsWith(`/chevrotain/lib/src/${s.module}`));
        if (stub === undefined) return undefined;
        counts.set(stub.module, (counts.get(stub.module) ?? 0) + 1);
        return { loader: "js", contents: stub.contents(readFileSync(args.path, "utf8"), stub.module) };
      });
    },
  };
  const check = () => {
    for (const { module } of stubs) {
      if (counts.get(module) !== 1) throw new Error(`expected to replace chevrotain's ${module} once, replaced it ${counts.get(module) ?? 0} times; update packages/core/scripts/chevrotainStubs.mjs`);
    }
  };
  return { plugin, check };
}

const never = (module) => `function stripped() { throw new Error("@itemfilter/core ships without chevrotain's ${module}, which its parser never runs (scripts/chevrotainStubs.mjs)"); }`;

function lexerStub(real, module) {
  const NA = "Lexer.NA = /NOT_APPLICABLE/;";
  if (!real.includes(NA)) throw new Error(`chevrotain's ${module} no longer has ${NA}; update packages/core/scripts/chevrotainStubs.mjs`);
  return `${never(module)}
export var LexerDefinitionErrorType = {};
export class Lexer {
  constructor() { stripped(); }
}
${NA}
`;
}

/** Every export of the real module, each a function or object that throws when called or read. */
function throwingExports(real, module) {
  const declared = [...real.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) (\w+)/gm)].map((m) => m[1]);
  const listed = [...real.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(",").map((s) => s.trim().split(/\s+as\s+/).pop()).filter(Boolean));
  if (/^export (?:\*|default)/m.test(real)) throw new Error(`chevrotain's ${module} has an export the stub cannot copy; update packages/core/scripts/chevrotainStubs.mjs`);
  const names = [...new Set([...declared, ...listed])];
  if (names.length === 0) throw new Error(`found no exports in chevrotain's ${module}; update packages/core/scripts/chevrotainStubs.mjs`);
  // A Proxy, not a plain function, so reading a member of a stubbed object (an error provider's method) throws the same way.
  return `${never(module)}
const stub = new Proxy(stripped, { get: (_, key) => (key === "prototype" ? undefined : stripped()), apply: stripped, construct: stripped });
export { ${names.map((n) => `stub as ${n}`).join(", ")} };
`;
}

/**
 * The trait without CST building: what initTreeBuilder does when outputCst is
 * false (no-op hooks), plus the two rule-stack readers error recovery uses.
 * The build stops if the real class gains or loses a method.
 */
function treeBuilderStub(real, module) {
  const methods = [...real.matchAll(/^ {4}(?:get )?(\w+)\(/gm)].map((m) => m[1]).join(",");
  const expected =
    "initTreeBuilder,setInitialNodeLocationOnlyOffsetRecovery,setInitialNodeLocationOnlyOffsetRegular,setInitialNodeLocationFullRecovery,setInitialNodeLocationFullRegular,cstInvocationStateUpdate,cstFinallyStateUpdate,cstPostRuleFull,cstPostRuleOnlyOffset,cstPostTerminal,cstPostNonTerminal,currCSTNode,getBaseCstVisitorConstructor,getBaseCstVisitorConstructorWithDefaults,getPreviousExplicitRuleShortName,getLastExplicitRuleOccurrenceIndex";
  if (methods !== expected) throw new Error(`chevrotain's ${module} has the methods ${methods}, not those its stub was written for; update packages/core/scripts/chevrotainStubs.mjs`);
  if (!real.includes("if (!this.outputCst) {\n            this.cstInvocationStateUpdate = () => { };")) throw new Error(`chevrotain's ${module} changed how it turns CST building off; update packages/core/scripts/chevrotainStubs.mjs`);
  return `${never(module)}
const noop = () => {};
export class TreeBuilder {
  initTreeBuilder(config) {
    if (config.outputCst) stripped();
    this.CST_STACK = [];
    this.outputCst = false;
    this.nodeLocationTracking = Object.hasOwn(config, "nodeLocationTracking") ? config.nodeLocationTracking : "none";
    this.cstInvocationStateUpdate = noop;
    this.cstFinallyStateUpdate = noop;
    this.cstPostTerminal = noop;
    this.cstPostNonTerminal = noop;
    this.cstPostRule = noop;
  }
  getBaseCstVisitorConstructor() { stripped(); }
  getBaseCstVisitorConstructorWithDefaults() { stripped(); }
  getPreviousExplicitRuleShortName() { return this.RULE_STACK[this.RULE_STACK_IDX - 1]; }
  getLastExplicitRuleOccurrenceIndex() { return this.RULE_OCCURRENCE_STACK[this.RULE_OCCURRENCE_STACK_IDX]; }
}
`;
}
