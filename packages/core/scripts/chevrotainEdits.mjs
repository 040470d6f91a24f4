import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { declarationText } from "./recordedGrammar.mjs";

/*
 * Edits to chevrotain's modules for the shipped bundle, which
 * chevrotainStubs.mjs's plugin applies around each module's stub: static
 * methods and guards cut from the real text (trimmed), then EDITS on what
 * the stub gives (edited). Each edit must find its text exactly once, so a
 * change in chevrotain stops the build instead of slipping past.
 */

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
 * 1.2 KB of gzip (figures 6a and 6b).
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
  // With no categories (above), a token type matches its own tokens only: chevrotain's matcher for that case, everywhere.
  {
    module: "parse/parser/traits/recognizer_engine.js",
    from: `        const allTokenTypes = Object.hasOwn(tokenVocabulary, "modes")
            ? Object.values(tokenVocabulary.modes).flat()
            : Object.values(tokenVocabulary);
        const noTokenCategoriesUsed = allTokenTypes.every(
        // intentional "==" to also cover "undefined"
        (tokenConstructor) => { var _a; return ((_a = tokenConstructor.categoryMatches) === null || _a === void 0 ? void 0 : _a.length) == 0; });
        this.tokenMatcher = noTokenCategoriesUsed
            ? tokenStructuredMatcherNoCategories
            : tokenStructuredMatcher;`,
    to: "        this.tokenMatcher = tokenStructuredMatcherNoCategories;",
  },
  ...["getLookaheadPathsForOr(occurrence, ruleGrammar, maxLookahead)", "getLookaheadPathsForOptionalProd(occurrence, ruleGrammar, prodType, k)"].map((call) => ({
    module: "parse/grammar/lookahead.js",
    from: `    const lookAheadPaths = ${call};
    const tokenMatcher = areTokenCategoriesNotUsed(lookAheadPaths)
        ? tokenStructuredMatcherNoCategories
        : tokenStructuredMatcher;`,
    to: `    const lookAheadPaths = ${call};
    const tokenMatcher = tokenStructuredMatcherNoCategories;`,
  })),
  {
    module: "parse/grammar/lookahead.js",
    from: `                currTokType.categoryMatches.forEach((currExtendingType) => {
                    if (!Object.hasOwn(result, currExtendingType)) {
                        result[currExtendingType] = idx;
                    }
                });
`,
    to: "",
  },
  {
    module: "parse/grammar/lookahead.js",
    from: `                currTokType.categoryMatches.forEach((currExtendingType) => {
                    result[currExtendingType] = true;
                });
`,
    to: "",
  },
  { module: "parse/grammar/lookahead.js", from: declarationTextOf("areTokenCategoriesNotUsed"), to: "" },
  { module: "scan/tokens_public.js", from: 'import { augmentTokenTypes, tokenStructuredMatcher } from "./tokens.js";', to: 'import { augmentTokenTypes, tokenStructuredMatcherNoCategories } from "./tokens.js";' },
  {
    module: "scan/tokens_public.js",
    from: `export function tokenMatcher(token, tokType) {
    return tokenStructuredMatcher(token, tokType);
}`,
    to: `export function tokenMatcher(token, tokType) {
    return tokenStructuredMatcherNoCategories(token, tokType);
}`,
  },
  // TypeScript enums without their reverse mapping (name by number), which nothing in chevrotain reads.
  { module: "parse/parser/parser.js", from: enumText("ParserDefinitionErrorType"), to: (real) => enumAsObject(real, "ParserDefinitionErrorType") },
  { module: "parse/grammar/lookahead.js", from: enumText("PROD_TYPE"), to: (real) => enumAsObject(real, "PROD_TYPE") },
];

/** The chevrotain modules these edits touch (lib/src/…). */
export const EDITED_MODULES = [...new Set([...STATIC_METHODS, ...GUARDS, ...EDITS].map((e) => e.module))];

/** The module's real text without its cut static methods and guards (what its stub then reads). */
export function trimmed(real, module) {
  const statics = STATIC_METHODS.find((c) => c.module === module);
  const guards = GUARDS.find((g) => g.module === module);
  return withoutGuards(statics === undefined ? real : withoutMethods(real, { ...statics, static: true }), module, guards?.messages ?? []);
}

/**
 * The module's text without the listed methods (and accessors) of its classes; each must be found exactly once.
 * With cut.static, only static methods are cut (and only instance methods without it).
 */
export function withoutMethods(text, cut) {
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
  if (missing.length > 0) throw new Error(`chevrotain's ${module} no longer has exactly one check that throws ${missing.map((m) => JSON.stringify(m)).join(", ")}; update packages/core/scripts/chevrotainEdits.mjs`);
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
    if (found === null) throw new Error(`chevrotain's ${module} no longer writes the enum ${name} as tsc does; update packages/core/scripts/chevrotainEdits.mjs`);
    return found[0];
  };
}

/** The enum as an object of its members' numbers; the build stops if any chevrotain module reads it by number. */
function enumAsObject(real, name) {
  const members = [...real.matchAll(new RegExp(`${name}\\[${name}\\["(\\w+)"\\] = (\\d+)\\]`, "g"))].map((m) => `${m[1]}: ${m[2]}`);
  const lib = fileURLToPath(new URL("../node_modules/chevrotain/lib/src/", import.meta.url));
  for (const file of readdirSync(lib, { recursive: true }).filter((f) => f.endsWith(".js"))) {
    const reads = [...readFileSync(join(lib, file), "utf8").matchAll(new RegExp(`\\b${name}\\[(?!${name}\\[|")`, "g"))];
    if (reads.length > 0) throw new Error(`chevrotain's ${file} reads the enum ${name} by number; update packages/core/scripts/chevrotainEdits.mjs`);
  }
  return `export var ${name} = { ${members.join(", ")} };`;
}

/** The module's text with its EDITS; each `from` must be found exactly once. */
export function edited(text, module) {
  let out = text;
  for (const edit of EDITS.filter((e) => e.module === module)) {
    const from = typeof edit.from === "function" ? edit.from(text, module) : edit.from;
    const count = out.split(from).length - 1;
    if (count !== 1) throw new Error(`chevrotain's ${module} has ${count} copies, not one, of the text an edit replaces (${JSON.stringify(from.slice(0, 60))}); update packages/core/scripts/chevrotainEdits.mjs`);
    out = out.replace(from, () => (typeof edit.to === "function" ? edit.to(text, module) : edit.to));
  }
  return out;
}

/**
 * lookahead.js without the lookahead functions for paths longer or shorter
 * than one token (without predicates), which the grammar never needs: every
 * path the parser builds a function from is one token (an OR's paths, an
 * OPTION's or MANY's first alternative), checked here against the paths
 * recorded at build time (recordedGrammar.mjs). What is left: one token's
 * table, and the loop over paths for alternatives with predicates.
 */
export function withoutLongLookahead(text, module, recordedPaths) {
  for (const [rule, decisions] of Object.entries(JSON.parse(recordedPaths))) {
    for (const [key, alternatives] of Object.entries(decisions)) {
      // lookahead.js's PROD_TYPE.ALTERNATION is 5; the other decisions build their function from the first alternative.
      const built = key.startsWith("5:") ? alternatives : alternatives.slice(0, 1);
      const long = built.some((alternative) => alternative !== null && alternative.split(",").some((path) => path === "" || path.includes(" ")));
      if (long) throw new Error(`the grammar's ${rule} takes a lookahead path of other than one token at ${key}, whose function the bundle leaves out; update packages/core/scripts/chevrotainEdits.mjs`);
    }
  }
  const source = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const ranges = [];
  for (const name of ["buildAlternativesLookAheadFunc", "buildSingleAlternativeLookaheadFunction"]) {
    const fn = source.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === name);
    const chain = fn?.body?.statements.filter(ts.isIfStatement) ?? [];
    let last = chain.length === 1 ? chain[0] : undefined;
    while (last !== undefined && last.elseStatement !== undefined && ts.isIfStatement(last.elseStatement)) last = last.elseStatement;
    const general = last?.elseStatement;
    const returnsLoop = general !== undefined && ts.isBlock(general) && general.statements.length === 1 && ts.isReturnStatement(general.statements[0]) && /nextPath: for/.test(general.getText(source));
    if (!returnsLoop) throw new Error(`chevrotain's ${module} no longer ends ${name} with the general lookahead loop; update packages/core/scripts/chevrotainEdits.mjs`);
    ranges.push({ start: general.getStart(source), end: general.getEnd() });
  }
  let out = text;
  for (const r of ranges.sort((a, b) => b.start - a.start)) out = `${out.slice(0, r.start)}{ stripped(); }${out.slice(r.end)}`;
  return out;
}
