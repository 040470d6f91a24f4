import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { EDITED_MODULES, edited, trimmed, withoutLongLookahead, withoutMethods } from "./chevrotainEdits.mjs";
import { declarationText, gastRecorderStub, lookaheadWithRecordedPaths, methodText, parserWithRecordedGrammar, recordGrammar } from "./recordedGrammar.mjs";

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
 *   (src/scan/lexer.ts); chevrotain's parser reads only the constant
 *   Lexer.NA, but that constant lives on the Lexer class, which drags in the
 *   whole lexer and regexp parser (a quarter of chevrotain's size).
 * - grammar/checks.js: grammar validations, run only when skipValidations is
 *   false, and the check of an overridden rule (the core overrides none).
 * - errors_public.js: chevrotain's default messages; the core passes its own
 *   errorMessageProvider, and the grammar messages come only with a grammar
 *   error, which the validations test rules out.
 * - the CST half of parser/traits/tree_builder.js: the core builds no CST,
 *   and without that half nothing imports cst/cst.js or cst/cst_visitor.js.
 * - parser/traits/perf_tracer.js: init-time tracing, which only a parser
 *   built with traceInitPerf turns on; the stub runs each phase.
 * - parser/traits/gast_recorder.js and the recording in parser/parser.js's
 *   performSelfAnalysis: the grammar is recorded when the bundle is built and
 *   rebuilt from that record (recordedGrammar.mjs).
 * - the visitor and tracing of parser/traits/looksahead.js's
 *   preComputeLookaheadFunctions: the decisions are found by a plain walk of
 *   the grammar and given the same lookahead functions (looksaheadStub).
 *
 * And methods of the parser's traits that the grammar never reaches are cut
 * out of their classes (METHODS below): the DSL methods the grammar does not
 * call (AT_LEAST_ONE, MANY_SEP, AT_LEAST_ONE_SEP, BACKTRACK, OVERRIDE_RULE and
 * the numbered CONSUME/SUBRULE/OPTION/OR/MANY forms src/syntax/parser.ts does
 * not use) with their engine and recording implementations. Each listed
 * method must be found exactly once, and the build stops if the grammar calls
 * one of the cut DSL methods. About 1.3 KB of gzip more (figure 6a). So
 * are the engine methods src/syntax/leanParser.ts replaces whole (while it
 * does: the cut follows its source). Last, chevrotainEdits.mjs cuts checks
 * that throw for misuses of chevrotain's API the core never makes and writes
 * a few parts for what the core does (createToken for its options, a rule
 * without CST, enums without reverse mappings, token types without
 * categories, no lookahead loop for paths the grammar never has): about
 * 2.3 KB of gzip in all with the lookahead walk above
 * (issue 44).
 */
const numbered = (name) => [name, ...Array.from({ length: 9 }, (_, i) => `${name}${i + 1}`)];
const grammar = readFileSync(new URL("../src/syntax/parser.ts", import.meta.url), "utf8");
const calls = (name) => new RegExp(`\\.${name}\\(`).test(grammar);
/** DSL methods whose implementations are cut: the grammar must not call them. */
const CUT_DSL = [...numbered("AT_LEAST_ONE"), ...numbered("AT_LEAST_ONE_SEP"), ...numbered("MANY_SEP"), "atLeastOne", "BACKTRACK", "OVERRIDE_RULE", "ACTION", "subrule", "option"];
/** Whether src/syntax/leanParser.ts replaces an engine method whole: then the bundle needs only its own. */
const lean = readFileSync(new URL("../src/syntax/leanParser.ts", import.meta.url), "utf8");
const replaced = (name) => lean.includes(`\n  protected ${name}(`);
/** The numbered DSL methods the grammar does not call: one line each; the recording phase puts its own on the instance. */
const UNCALLED_NUMBERED = ["CONSUME", "SUBRULE", "OPTION", "OR", "MANY"].flatMap(numbered).filter((name) => !calls(name));
const METHODS = [
  // getSerializedGastProductions feeds syntax diagrams, which scripts/diagrams.mjs draws from the unbundled parser.
  { module: "parse/parser/traits/recognizer_api.js", methods: [...CUT_DSL, ...UNCALLED_NUMBERED, "getSerializedGastProductions"] },
  {
    module: "parse/parser/traits/recognizer_engine.js",
    methods: [
      "atLeastOneInternal",
      "atLeastOneInternalLogic",
      "atLeastOneSepFirstInternal",
      "atLeastOneSepFirstInternalLogic",
      "manySepFirstInternal",
      "manySepFirstInternalLogic",
      "repetitionSepSecondInternal",
      // Called only by the cut BACKTRACK.
      "saveRecogState",
      "reloadRecogState",
      ...(replaced("subruleInternal") ? ["subruleInternal", "subruleInternalError"] : []),
    ],
  },
  { module: "parse/parser/traits/lexer_adapter.js", methods: replaced("getLexerPosition") ? ["getLexerPosition"] : [] },
  // Grammar validations, run only when skipValidations is false (they call the stubbed checks.js).
  {
    module: "parse/grammar/llk_lookahead.js",
    methods: ["validate", "validateNoLeftRecursion", "validateEmptyOrAlternatives", "validateAmbiguousAlternationAlternatives", "validateSomeNonEmptyLookaheadPath"],
  },
  // Called only by the cut AT_LEAST_ONE forms.
  { module: "parse/parser/traits/error_handler.js", methods: ["raiseEarlyExitException"] },
];

export function chevrotainStubs() {
  const used = CUT_DSL.filter(calls);
  if (used.length > 0) throw new Error(`src/syntax/parser.ts calls ${used.join(", ")}, whose implementation the bundle cuts; update packages/core/scripts/chevrotainStubs.mjs`);
  const counts = new Map();
  let grammar;
  const stubs = [
    { module: "scan/lexer_public.js", contents: lexerStub },
    { module: "parse/grammar/checks.js", contents: throwingExports },
    { module: "parse/errors_public.js", contents: throwingExports },
    { module: "parse/parser/traits/tree_builder.js", contents: treeBuilderStub },
    { module: "parse/parser/traits/perf_tracer.js", contents: perfTracerStub },
    // The grammar recorded at build time (recordedGrammar.mjs), recorded once however many builds the plugin serves.
    { module: "parse/parser/parser.js", contents: async (real, module) => parserWithRecordedGrammar(real, module, await (grammar ??= recordGrammar())) },
    { module: "parse/parser/traits/gast_recorder.js", contents: gastRecorderStub },
    { module: "parse/grammar/lookahead.js", contents: async (real, module) => withoutLongLookahead(lookaheadWithRecordedPaths(real, module), module, (await (grammar ??= recordGrammar())).paths) },
    { module: "parse/parser/traits/looksahead.js", contents: looksaheadStub },
    ...METHODS.map((cut) => ({ module: cut.module, contents: (real) => withoutMethods(real, cut) })),
  ];
  // Modules that are only edited (chevrotainEdits.mjs).
  for (const module of EDITED_MODULES) if (!stubs.some((s) => s.module === module)) stubs.push({ module, contents: (real) => real });
  const plugin = {
    name: "chevrotain-stubs",
    setup(b) {
      b.onLoad({ filter: /[\\/]chevrotain[\\/]lib[\\/]src[\\/].*\.js$/ }, async (args) => {
        const path = args.path.replaceAll("\\", "/");
        const stub = stubs.find((s) => path.endsWith(`/chevrotain/lib/src/${s.module}`));
        if (stub === undefined) return undefined;
        counts.set(stub.module, (counts.get(stub.module) ?? 0) + 1);
        const real = trimmed(readFileSync(args.path, "utf8"), stub.module);
        return { loader: "js", contents: edited(await stub.contents(real, stub.module), stub.module) };
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
const stub = /* @__PURE__ */ new Proxy(stripped, { get: (_, key) => (key === "prototype" ? undefined : stripped()), apply: stripped, construct: stripped });
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

/**
 * The trait without its init-time tracing, which only a parser built with
 * traceInitPerf turns on (the core's never is): each phase just runs.
 */
function perfTracerStub(real, module) {
  const methods = [...real.matchAll(/^ {4}(\w+)\(/gm)].map((m) => m[1]).join(",");
  if (methods !== "initPerformanceTracer,TRACE_INIT") throw new Error(`chevrotain's ${module} has the methods ${methods}, not those its stub was written for; update packages/core/scripts/chevrotainStubs.mjs`);
  return `${never(module)}
export class PerformanceTracer {
  initPerformanceTracer(config) {
    if (config.traceInitPerf) stripped();
    this.traceInitPerf = false;
  }
  TRACE_INIT(phaseDesc, phaseImpl) {
    return phaseImpl();
  }
}
`;
}

/** preComputeLookaheadFunctions and computeLookaheadFunc of chevrotain 13.2.0's looksahead.js, which looksaheadStub replaces. */
const PRECOMPUTE_SHA256 = "d3172c615684a01dffabe1ded3b06b2860d0d5601b032f658b84499d108383ef";

/**
 * looksahead.js with preComputeLookaheadFunctions walking the grammar itself
 * rather than through a GAST visitor (DslMethodsCollectorVisitor, which only
 * sorts the decisions by kind) and without its TRACE_INIT phase names, which
 * only a tracing parser reads (perf_tracer.js's stub runs each phase): the
 * same lookahead function, built the same way, at every decision.
 * test/recordedGrammar.test.ts holds the decisions and their functions equal
 * to chevrotain's. About 0.45 KB of gzip (figures 6a and 6b).
 */
function looksaheadStub(real, module) {
  const methods = methodText(real, module, "preComputeLookaheadFunctions") + methodText(real, module, "computeLookaheadFunc");
  const sha = createHash("sha256").update(methods).digest("hex");
  if (sha !== PRECOMPUTE_SHA256) throw new Error(`chevrotain's ${module} has a preComputeLookaheadFunctions (sha256 ${sha}) other than the one its stub replaces; update packages/core/scripts/chevrotainStubs.mjs`);
  const imports = 'import { GAstVisitor, getProductionDslName, } from "@chevrotain/gast";';
  const visitor = "const collectorVisitor = new DslMethodsCollectorVisitor();";
  if (!real.includes(imports) || !real.includes(`\n${visitor}\n`) || !/^export function collectMethods\(/m.test(real)) throw new Error(`chevrotain's ${module} is laid out otherwise than its stub expects; update packages/core/scripts/chevrotainStubs.mjs`);
  let out = real
    .replace(imports, 'import { Alternation, NonTerminal, Option, Repetition, RepetitionMandatory, RepetitionMandatoryWithSeparator, RepetitionWithSeparator, Terminal } from "@chevrotain/gast";')
    .replace(`\n${visitor}\n`, "\n")
    .replace(methodText(real, module, "computeLookaheadFunc"), "")
    .replace(
      methodText(real, module, "preComputeLookaheadFunctions"),
      `preComputeLookaheadFunctions(rules) {
        // The keys and prodType names of the optional productions, by class (the visitor dispatched on the constructor too).
        const optional = new Map([[Repetition, [MANY_IDX, "Repetition"]], [Option, [OPTION_IDX, "Option"]], [RepetitionMandatory, [AT_LEAST_ONE_IDX, "RepetitionMandatory"]], [RepetitionMandatoryWithSeparator, [AT_LEAST_ONE_SEP_IDX, "RepetitionMandatoryWithSeparator"]], [RepetitionWithSeparator, [MANY_SEP_IDX, "RepetitionWithSeparator"]]]);
        for (const rule of rules) {
            const ruleIdx = this.fullRuleNameToShort[rule.name];
            const visit = (prod) => {
                const maxLookahead = prod.maxLookahead || this.maxLookahead;
                if (prod.constructor === Alternation) {
                    this.setLaFuncCache(ruleIdx, OR_IDX | prod.idx, this.lookaheadStrategy.buildLookaheadForAlternation({ prodOccurrence: prod.idx, rule, maxLookahead, hasPredicates: prod.hasPredicates, dynamicTokensEnabled: this.dynamicTokensEnabled }));
                } else if (optional.has(prod.constructor)) {
                    const [prodKey, prodType] = optional.get(prod.constructor);
                    this.setLaFuncCache(ruleIdx, prodKey | prod.idx, this.lookaheadStrategy.buildLookaheadForOptional({ prodOccurrence: prod.idx, rule, maxLookahead, dynamicTokensEnabled: this.dynamicTokensEnabled, prodType }));
                }
                // A rule reference's definition is the rule's, walked as that rule.
                if (prod.constructor !== NonTerminal && prod.constructor !== Terminal) prod.definition.forEach(visit);
            };
            rule.definition.forEach(visit);
        }
    }`,
    );
  for (const name of ["DslMethodsCollectorVisitor", "collectMethods"]) out = out.replace(declarationText(real, module, name), "");
  return out;
}
