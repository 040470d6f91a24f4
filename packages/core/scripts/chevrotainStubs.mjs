import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { createHash } from "node:crypto";
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
 * does: the cut follows its source). Last, checks that throw for misuses of
 * chevrotain's API the core never makes (GUARDS) go, and a few parts are
 * written for what the core does (EDITS: createToken for its options, a rule
 * without CST, enums without reverse mappings, token types without
 * categories): about 2 KB of gzip in all
 * with the lookahead walk above (issue 44).
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
/**
 * Checks that throw for a misuse of chevrotain's API the core's parser never
 * makes, cut with their messages (an `if` whose branch only throws, found by
 * the start of its message). The core passes a non-empty array of token types
 * and its own config (src/syntax/parser.ts: no serializedGrammar, no
 * ignoredIssues), defines its rules in its constructor and calls
 * performSelfAnalysis there, before any input is set; the tests run the core
 * from source, where every check is still in place. Each must be found
 * exactly once. About 0.55 KB of gzip (figures 6a and 6b).
 */
const GUARDS = [
  { module: "parse/parser/parser.js", messages: ["The <ignoredIssues> IParserConfig property"] },
  {
    module: "parse/parser/traits/recognizer_engine.js",
    messages: ["The Parser's configuration can no longer contain", "A Token Vocabulary cannot be empty", "The Parser constructor no longer accepts a token vector", "Grammar rule <"],
  },
  { module: "parse/parser/traits/lexer_adapter.js", messages: ["Missing <performSelfAnalysis> invocation"] },
];
/** Static methods cut, each found exactly once: the deprecated static performSelfAnalysis, which only throws. */
const STATIC_METHODS = [{ module: "parse/parser/parser.js", methods: ["performSelfAnalysis"] }];
/**
 * Parts written for what the core's parser does, each replacing text found
 * exactly once (the build stops otherwise, so a change in chevrotain cannot
 * slip past). src/syntax/parser.ts's tests run with all of chevrotain. About
 * 1 KB of gzip (figures 6a and 6b).
 */
const EDITS = [
  {
    module: "scan/tokens_public.js",
    // createToken for the options the core passes (name, pattern, label), in chevrotain's order; any other throws.
    from: declarationTextOf("createTokenInternal"),
    to: `function createTokenInternal(config) {
    const other = Object.keys(config).find((key) => key !== "name" && key !== "pattern" && key !== "label");
    if (other !== undefined) throw new Error("@itemfilter/core's chevrotain makes tokens of a name, a pattern and a label, not " + other + " (scripts/chevrotainStubs.mjs)");
    const tokenType = { name: config.name };
    if (config.pattern !== undefined) tokenType.PATTERN = config.pattern;
    augmentTokenTypes([tokenType]);
    if (Object.hasOwn(config, "label")) tokenType.LABEL = config.label;
    return tokenType;
}`,
  },
  {
    module: "parse/parser/traits/recognizer_engine.js",
    // The core passes its token types as an array (ALL_TOKENS); a multi-mode lexer's vocabulary or a dictionary is not taken.
    from: `        else if (Object.hasOwn(tokenVocabulary, "modes") &&
            Object.values(tokenVocabulary.modes)
                .flat()
                .every(isTokenType)) {
            const allTokenTypes = Object.values(tokenVocabulary.modes).flat();
            const uniqueTokens = [...new Set(allTokenTypes)];
            this.tokensMap = uniqueTokens.reduce((acc, tokType) => {
                acc[tokType.name] = tokType;
                return acc;
            }, {});
        }
        else if (typeof tokenVocabulary === "object" &&
            tokenVocabulary !== null) {
            this.tokensMap = Object.assign({}, tokenVocabulary);
        }
        else {
            throw new Error("<tokensDictionary> argument must be An Array of Token constructors," +
                " A dictionary of Token constructors or an IMultiModeLexerDefinition");
        }`,
    to: `        else {
            throw new Error("@itemfilter/core's chevrotain takes token types as an array (scripts/chevrotainStubs.mjs)");
        }`,
  },
  {
    module: "parse/parser/traits/recognizer_api.js",
    // A rule defined twice: the recorded grammar's check in performSelfAnalysis throws for it (its rule names would differ).
    from: `        if (this.definedRulesNames.includes(name)) {
            const errMsg = defaultGrammarValidatorErrorProvider.buildDuplicateRuleNameError({
                topLevelRule: name,
                grammarName: this.className,
            });
            const error = {
                message: errMsg,
                type: ParserDefinitionErrorType.DUPLICATE_RULE_NAME,
                ruleName: name,
            };
            this.definitionErrors.push(error);
        }
`,
    to: "",
  },
  // Rules without CST building, which TreeBuilder's stub turns off for good (outputCst is false; a CST config throws).
  {
    module: "parse/parser/traits/recognizer_engine.js",
    from: `        if (this.outputCst === true) {
            coreRuleFunction = function invokeRuleWithTry(...args) {
                try {
                    this.ruleInvocationStateUpdate(shortName, ruleName, this.subruleIdx);
                    impl.apply(this, args);
                    const cst = this.CST_STACK[this.CST_STACK.length - 1];
                    this.cstPostRule(cst);
                    return cst;
                }
                catch (e) {
                    return this.invokeRuleCatch(e, resyncEnabled, recoveryValueFunc);
                }
                finally {
                    this.ruleFinallyStateUpdate();
                }
            };
        }
        else {
            coreRuleFunction`,
    to: `        {
            coreRuleFunction`,
  },
  {
    module: "parse/parser/traits/recognizer_engine.js",
    from: `                    if (this.outputCst) {
                        const partialCstResult = this.CST_STACK[this.CST_STACK.length - 1];
                        partialCstResult.recoveredNode = true;
                        return partialCstResult;
                    }
                    else {
                        return recoveryValueFunc(e);
                    }`,
    to: `                    return recoveryValueFunc(e);`,
  },
  {
    module: "parse/parser/traits/recognizer_engine.js",
    from: `                    if (this.outputCst) {
                        const partialCstResult = this.CST_STACK[this.CST_STACK.length - 1];
                        partialCstResult.recoveredNode = true;
                        recogError.partialCstResult = partialCstResult;
                    }
`,
    to: "",
  },
  // Token types without categories, which createToken above does not take: none is a parent, none matches another type.
  {
    module: "scan/tokens.js",
    from: declarationTextOf("augmentTokenTypes"),
    to: `export function augmentTokenTypes(tokenTypes) {
    assignTokenDefaultProps(tokenTypes);
    for (const tokType of tokenTypes) {
        if (tokType.CATEGORIES.length > 0) throw new Error("@itemfilter/core's chevrotain takes no token categories (scripts/chevrotainStubs.mjs)");
        tokType.categoryMatches = [];
        tokType.isParent = false;
    }
}`,
  },
  ...["expandCategories", "assignCategoriesMapProp", "assignCategoriesTokensProp", "singleAssignCategoriesToksMap"].map((name) => ({ module: "scan/tokens.js", from: declarationTextOf(name), to: "" })),
  // TypeScript enums without their reverse mapping (name by number), which nothing in chevrotain reads.
  { module: "parse/parser/parser.js", from: enumText("ParserDefinitionErrorType"), to: (real) => enumAsObject(real, "ParserDefinitionErrorType") },
  { module: "parse/grammar/lookahead.js", from: enumText("PROD_TYPE"), to: (real) => enumAsObject(real, "PROD_TYPE") },
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
    { module: "parse/grammar/lookahead.js", contents: lookaheadWithRecordedPaths },
    { module: "parse/parser/traits/looksahead.js", contents: looksaheadStub },
    ...METHODS.map((cut) => ({ module: cut.module, contents: (real) => withoutMethods(real, cut) })),
  ];
  // Modules that are only edited, trimmed of guards or of static methods.
  for (const { module } of [...EDITS, ...GUARDS, ...STATIC_METHODS]) if (!stubs.some((s) => s.module === module)) stubs.push({ module, contents: (real) => real });
  const plugin = {
    name: "chevrotain-stubs",
    setup(b) {
      b.onLoad({ filter: /[\\/]chevrotain[\\/]lib[\\/]src[\\/].*\.js$/ }, async (args) => {
        const path = args.path.replaceAll("\\", "/");
        const stub = stubs.find((s) => path.endsWith(`/chevrotain/lib/src/${s.module}`));
        if (stub === undefined) return undefined;
        counts.set(stub.module, (counts.get(stub.module) ?? 0) + 1);
        const real = readFileSync(args.path, "utf8");
        const statics = STATIC_METHODS.find((c) => c.module === stub.module);
        const guards = GUARDS.find((g) => g.module === stub.module);
        const trimmed = withoutGuards(statics === undefined ? real : withoutMethods(real, { ...statics, static: true }), stub.module, guards?.messages ?? []);
        return { loader: "js", contents: edited(await stub.contents(trimmed, stub.module), stub.module) };
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

/**
 * The module's text without the listed methods (and accessors) of its classes; each must be found exactly once.
 * With cut.static, only static methods are cut (and only instance methods without it).
 */
function withoutMethods(text, cut) {
  const source = ts.createSourceFile(cut.module, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const ranges = [];
  const isStatic = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Static) !== 0;
  const visit = (node) => {
    if ((ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node)) && ts.isClassLike(node.parent) && isStatic(node) === (cut.static === true) && cut.methods.includes(node.name.getText(source))) {
      ranges.push({ name: node.name.getText(source), start: node.getFullStart(), end: node.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const missing = cut.methods.filter((m) => ranges.filter((r) => r.name === m).length !== 1);
  if (missing.length > 0) throw new Error(`chevrotain's ${cut.module} no longer has exactly one of ${missing.join(", ")}; update packages/core/scripts/chevrotainStubs.mjs`);
  let out = text;
  for (const r of ranges.sort((a, b) => b.start - a.start)) out = out.slice(0, r.start) + out.slice(r.end);
  return out;
}

/** The module's text without the `if` statements whose branch only throws an error whose message starts with one of `messages`; each must be found exactly once. */
function withoutGuards(text, module, messages) {
  if (messages.length === 0) return text;
  const source = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const ranges = [];
  const thrown = (statement) => {
    const only = ts.isBlock(statement) && statement.statements.length === 1 ? statement.statements[0] : statement;
    if (!ts.isThrowStatement(only) || !(ts.isCallExpression(only.expression) || ts.isNewExpression(only.expression))) return undefined;
    let arg = only.expression.arguments?.[0];
    while (arg !== undefined && ts.isBinaryExpression(arg)) arg = arg.left;
    return arg !== undefined && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) || ts.isTemplateExpression(arg)) ? (ts.isTemplateExpression(arg) ? arg.head.text : arg.text) : undefined;
  };
  const visit = (node) => {
    if (ts.isIfStatement(node) && node.elseStatement === undefined) {
      const message = thrown(node.thenStatement);
      const found = message === undefined ? undefined : messages.find((m) => message.startsWith(m));
      if (found !== undefined) ranges.push({ message: found, start: node.getStart(source), end: node.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const missing = messages.filter((m) => ranges.filter((r) => r.message === m).length !== 1);
  if (missing.length > 0) throw new Error(`chevrotain's ${module} no longer has exactly one check that throws ${missing.map((m) => JSON.stringify(m)).join(", ")}; update packages/core/scripts/chevrotainStubs.mjs`);
  let out = text;
  for (const r of ranges.sort((a, b) => b.start - a.start)) out = `${out.slice(0, r.start)};${out.slice(r.end)}`;
  return out;
}

/** A matcher for the module's top-level function `name` (EDITS' from). */
function declarationTextOf(name) {
  return (real, module) => declarationText(real, module, name);
}

/** A matcher for the TypeScript enum `name` as tsc writes it (EDITS' from). */
function enumText(name) {
  return (real, module) => {
    const found = real.match(new RegExp(`^export var ${name};\\n\\(function \\(${name}\\) \\{\\n(?:    ${name}\\[${name}\\["\\w+"\\] = \\d+\\] = "\\w+";\\n)+\\}\\)\\(${name} \\|\\| \\(${name} = \\{\\}\\)\\);$`, "m"));
    if (found === null) throw new Error(`chevrotain's ${module} no longer writes the enum ${name} as tsc does; update packages/core/scripts/chevrotainStubs.mjs`);
    return found[0];
  };
}

/** The enum as an object of its members' numbers; the build stops if any chevrotain module reads it by number. */
function enumAsObject(real, name) {
  const members = [...real.matchAll(new RegExp(`${name}\\[${name}\\["(\\w+)"\\] = (\\d+)\\]`, "g"))].map((m) => `${m[1]}: ${m[2]}`);
  const lib = fileURLToPath(new URL("../node_modules/chevrotain/lib/src/", import.meta.url));
  for (const file of readdirSync(lib, { recursive: true }).filter((f) => f.endsWith(".js"))) {
    const reads = [...readFileSync(join(lib, file), "utf8").matchAll(new RegExp(`\\b${name}\\[(?!${name}\\[|")`, "g"))];
    if (reads.length > 0) throw new Error(`chevrotain's ${file} reads the enum ${name} by number; update packages/core/scripts/chevrotainStubs.mjs`);
  }
  return `export var ${name} = { ${members.join(", ")} };`;
}

/** The module's text with its EDITS; each `from` must be found exactly once. */
function edited(text, module) {
  let out = text;
  for (const edit of EDITS.filter((e) => e.module === module)) {
    const from = typeof edit.from === "function" ? edit.from(text, module) : edit.from;
    const count = out.split(from).length - 1;
    if (count !== 1) throw new Error(`chevrotain's ${module} has ${count} copies, not one, of the text an edit replaces (${JSON.stringify(from.slice(0, 60))}); update packages/core/scripts/chevrotainStubs.mjs`);
    out = out.replace(from, () => (typeof edit.to === "function" ? edit.to(text, module) : edit.to));
  }
  return out;
}
