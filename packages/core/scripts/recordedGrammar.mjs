import { createHash } from "node:crypto";
import { build } from "esbuild";
import ts from "typescript";

/**
 * The grammar recording of chevrotain's performSelfAnalysis, done at build
 * time: chevrotainStubs.mjs ships chevrotain's parser.js with a
 * performSelfAnalysis that rebuilds the grammar (GAST) the real one records
 * from data written here, and gast_recorder.js (the recording phase, which
 * runs every rule once with recording versions of the DSL methods) without
 * its recording. The rest of the analysis (follows for recovery, lookahead
 * functions) is chevrotain's own, computed from that grammar as before, and
 * the grammar is the one error messages and recovery walk.
 *
 * The data comes from src/syntax/parser.ts itself, bundled with all of
 * chevrotain and built once, so it cannot fall behind the grammar;
 * test/recordedGrammar.test.ts holds the rebuilt grammar equal to the
 * recorded one. Figure 6a and 6b of packages/bench are the reason: about
 * 2 KB of gzip.
 */

/** performSelfAnalysis of chevrotain 13.2.0's parser.js, which the replacement below was written for. */
const SELF_ANALYSIS_SHA256 = "84cb56fe5769f9ac3079b1c7411323be1f8520c826e373eaa62cbf75354b46e6";

const KINDS = ["Alternation", "Alternative", "NonTerminal", "Option", "Repetition", "RepetitionMandatory", "RepetitionMandatoryWithSeparator", "RepetitionWithSeparator", "Rule", "Terminal"];

/**
 * src/syntax/parser.ts's parser, built with all of chevrotain, and the GAST
 * classes of that chevrotain (by name, since a bundle may rename a class).
 */
export async function liveParser(plugins = []) {
  const bundled = await build({
    stdin: { contents: `export { parser } from "./syntax/parser.ts";\nexport { ${KINDS.join(", ")}, getLookaheadPaths } from "chevrotain";`, resolveDir: new URL("../src", import.meta.url).pathname, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
    plugins,
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].contents).toString("base64")}`);
  return { parser: module.parser, kinds: Object.fromEntries(KINDS.map((kind) => [kind, module[kind]])), getLookaheadPaths: module.getLookaheadPaths };
}

/**
 * The grammar's rules as chevrotain records them (an array literal of encoded
 * productions) and, by rule, the lookahead paths of each of its decisions
 * (lookaheadPaths()), as JavaScript.
 */
export async function recordGrammar() {
  const live = await liveParser();
  const { parser, kinds } = live;
  const rules = Object.values(parser.getGAstProductions());
  return {
    rules: JSON.stringify(rules.map((rule) => encode(rule, parser.tokensMap, kinds))),
    paths: JSON.stringify(Object.fromEntries(rules.map((rule) => [rule.name, Object.fromEntries(lookaheadPaths(live, rule).map(({ key, paths }) => [key, paths.map(encodeAlternative)]))]))),
  };
}

/**
 * The decisions (OR, OPTION, MANY, …) of a rule as PROD_TYPE (lookahead.js's
 * numbers), occurrence and lookahead depth, each with chevrotain's lookahead
 * paths: those the parser builds its lookahead functions from (at the
 * production's depth) and those an error message lists (at the parser's).
 */
export function lookaheadPaths({ parser, kinds, getLookaheadPaths }, rule) {
  const decisions = [];
  const visit = (node) => {
    const kind = KINDS.find((k) => Object.getPrototypeOf(node) === kinds[k].prototype);
    const type = PROD_TYPES.indexOf(kind);
    if (type >= 0) {
      for (const k of new Set([node.maxLookahead || parser.maxLookahead, parser.maxLookahead])) {
        decisions.push({ key: `${type}:${node.idx}:${k}`, paths: getLookaheadPaths({ occurrence: node.idx, rule, prodType: kind, maxLookahead: k }) });
      }
    }
    if (kind !== "Terminal" && kind !== "NonTerminal") node.definition.forEach(visit);
  };
  visit(rule);
  return decisions;
}

/** lookahead.js's PROD_TYPE, in order. */
const PROD_TYPES = ["Option", "Repetition", "RepetitionMandatory", "RepetitionMandatoryWithSeparator", "RepetitionWithSeparator", "Alternation"];

/**
 * One alternative's lookahead paths, short: null for none, else the paths
 * joined by commas, each its token types' names joined by spaces (an empty
 * path is the empty string).
 */
function encodeAlternative(paths) {
  return paths.length === 0 ? null : paths.map((path) => path.map((t) => plainName(t.name)).join(" ")).join(",");
}

/** A token type's or rule's name, which the short forms write bare. */
function plainName(name) {
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`the grammar has a token type or rule named ${JSON.stringify(name)}, which scripts/recordedGrammar.mjs cannot write bare`);
  return name;
}

/**
 * A production, short: a terminal as its token type's name and a rule
 * reference as "@" and the rule's name, each with ":" and its occurrence when
 * that is not 1; anything else as [kind (its index in KINDS), options if any,
 * ...its productions]. The options are its own properties less those its
 * constructor sets by default; the shipped parser's tokensMap and rules give
 * back token types and rules by name.
 */
function encode(node, tokens, kinds) {
  const kind = KINDS.find((k) => Object.getPrototypeOf(node) === kinds[k].prototype);
  if (kind === undefined) throw new Error(`a production of the grammar is a ${node.constructor.name}, which scripts/recordedGrammar.mjs does not know`);
  const defaults = new kinds[kind]({ definition: [] });
  const options = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "_definition" || key === "referencedRule") continue;
    if (key === "terminalType") {
      if (tokens[value.name] !== value) throw new Error(`the grammar consumes ${value.name}, which is not in the parser's vocabulary (scripts/recordedGrammar.mjs)`);
      options[key] = value.name;
    } else if (value !== defaults[key]) {
      if (!["string", "number", "boolean"].includes(typeof value)) throw new Error(`a ${kind}'s ${key} is ${typeof value}, which scripts/recordedGrammar.mjs cannot write`);
      options[key] = value;
    }
  }
  const { idx, ...named } = options;
  const occurrence = idx === undefined ? "" : `:${idx}`;
  if (kind === "Terminal" && Object.keys(named).join() === "terminalType") return plainName(named.terminalType) + occurrence;
  if (kind === "NonTerminal" && Object.keys(named).join() === "nonTerminalName") return `@${plainName(named.nonTerminalName)}${occurrence}`;
  const inner = kind === "Terminal" || kind === "NonTerminal" ? [] : node.definition.map((child) => encode(child, tokens, kinds));
  return Object.keys(options).length === 0 ? [KINDS.indexOf(kind), ...inner] : [KINDS.indexOf(kind), options, ...inner];
}

/** chevrotain's parser.js with performSelfAnalysis taking the recorded grammar instead of recording it. */
export function parserWithRecordedGrammar(real, module, recorded) {
  const method = methodText(real, module, "performSelfAnalysis");
  const sha = createHash("sha256").update(method).digest("hex");
  if (sha !== SELF_ANALYSIS_SHA256) throw new Error(`chevrotain's ${module} has a performSelfAnalysis (sha256 ${sha}) other than the one scripts/recordedGrammar.mjs replaces; update it`);
  const replaced = real.replace(
    method,
    `performSelfAnalysis() {
        this.selfAnalysisDone = true;
        toFastProperties(this);
        const rules = recordedGrammar(this.tokensMap);
        if (Object.keys(rules).join() !== this.definedRulesNames.join()) throw new Error("@itemfilter/core's parser has the rules " + this.definedRulesNames.join() + ", not those recorded when it was built (scripts/recordedGrammar.mjs)");
        this.gastProductionsCache = rules;
        if (this.definitionErrors.length === 0) {
            const all = Object.values(rules);
            if (this.recoveryEnabled) this.resyncFollows = computeAllProdsFollows(all);
            this.lookaheadStrategy.initialize?.({ rules: all });
            this.preComputeLookaheadFunctions(all);
        }
        if (!Parser.DEFER_DEFINITION_ERRORS_HANDLING && this.definitionErrors.length !== 0) {
            throw new Error(\`Parser Definition Errors detected:\\n \${this.definitionErrors.map((defError) => defError.message).join("\\n-------------------------------\\n")}\`);
        }
    }`,
  );
  return `import { ${KINDS.join(", ")} } from "@chevrotain/gast";
${replaced}
const RECORDED = ${recorded.rules};
const RECORDED_PATHS = ${recorded.paths};
const lookaheadPaths = new WeakMap();
/** The lookahead paths recorded for a decision of a rule of the recorded grammar (lookahead.js's getLookaheadPathsForOr and …ForOptionalProd). */
export function recordedLookaheadPaths(rule, type, occurrence, k) {
    const paths = lookaheadPaths.get(rule)?.[\`\${type}:\${occurrence}:\${k}\`];
    if (paths === undefined) throw new Error(\`@itemfilter/core's parser recorded no lookahead for \${type}:\${occurrence}:\${k} of \${rule.name} when it was built (scripts/recordedGrammar.mjs)\`);
    return paths.map((alt) => alt.map((path) => path.slice()));
}
function recordedGrammar(tokens) {
    const kinds = [${KINDS.join(", ")}];
    const rules = {};
    const references = [];
    const rebuild = (encoded) => {
        let kind, options, inner;
        if (typeof encoded === "string") {
            const [name, idx] = encoded.split(":");
            const reference = name[0] === "@";
            kind = reference ? NonTerminal : Terminal;
            options = { ...(idx === undefined ? {} : { idx: Number(idx) }), [reference ? "nonTerminalName" : "terminalType"]: reference ? name.slice(1) : name };
        } else {
            kind = kinds[encoded[0]];
            const named = typeof encoded[1] === "object" && !Array.isArray(encoded[1]);
            options = named ? encoded[1] : {};
            inner = encoded.slice(named ? 2 : 1);
        }
        const node = new kind(kind === Terminal ? { ...options, terminalType: tokens[options.terminalType] } : kind === NonTerminal ? options : { ...options, definition: inner.map(rebuild) });
        if (kind === NonTerminal) references.push(node);
        return node;
    };
    const path = (text) => (text === "" ? [] : text.split(" ").map((name) => tokens[name]));
    for (const encoded of RECORDED) {
        const rule = rebuild(encoded);
        rules[rule.name] = rule;
        const paths = {};
        for (const [key, alts] of Object.entries(RECORDED_PATHS[rule.name])) paths[key] = alts.map((alt) => (alt === null ? [] : alt.split(",").map(path)));
        lookaheadPaths.set(rule, paths);
    }
    for (const reference of references) reference.referencedRule = rules[reference.nonTerminalName];
    return rules;
}
`;
}

/**
 * chevrotain's lookahead.js with the lookahead paths of a decision read from
 * the recorded grammar (recordedLookaheadPaths) instead of computed from the
 * grammar: the walkers and the path search go; the lookahead functions are
 * still chevrotain's, built from those paths.
 */
export function lookaheadWithRecordedPaths(real, module) {
  for (const [i, kind] of ["OPTION", "REPETITION", "REPETITION_MANDATORY", "REPETITION_MANDATORY_WITH_SEPARATOR", "REPETITION_WITH_SEPARATOR", "ALTERNATION"].entries()) {
    if (!real.includes(`PROD_TYPE[PROD_TYPE["${kind}"] = ${i}] = "${kind}";`)) throw new Error(`chevrotain's ${module} numbers PROD_TYPE otherwise; update packages/core/scripts/recordedGrammar.mjs`);
  }
  const replaced = {
    getLookaheadPathsForOr: `export function getLookaheadPathsForOr(occurrence, ruleGrammar, k, orProd) {
    if (orProd !== undefined) stripped();
    return recordedLookaheadPaths(ruleGrammar, PROD_TYPE.ALTERNATION, occurrence, k);
}`,
    getLookaheadPathsForOptionalProd: `export function getLookaheadPathsForOptionalProd(occurrence, ruleGrammar, prodType, k) {
    return recordedLookaheadPaths(ruleGrammar, prodType, occurrence, k);
}`,
    lookAheadSequenceFromAlternatives: "export function lookAheadSequenceFromAlternatives() { stripped(); }",
    RestDefinitionFinderWalker: "",
    InsideDefinitionFinderVisitor: "",
    initializeArrayOfArrays: "",
    pathToHashKeys: "",
    isUniquePrefixHash: "",
  };
  let out = real;
  for (const [name, text] of Object.entries(replaced)) out = out.replace(declarationText(real, module, name), text);
  return `import { recordedLookaheadPaths } from "../parser/parser.js";
function stripped() { throw new Error("@itemfilter/core ships without chevrotain's lookahead path search, which its parser never runs (scripts/recordedGrammar.mjs)"); }
${out.replace(/^import \{ possiblePathsFrom \} from "\.\/interpreter\.js";$/m, "").replace(/^import \{ RestWalker \} from "\.\/rest\.js";$/m, "")}`;
}

/** The recording trait without recording: what the parser reads of it outside performSelfAnalysis. */
export function gastRecorderStub(real, module) {
  const methods = [...real.matchAll(/^ {4}(\w+)\(/gm)].map((m) => m[1]).join(",");
  const expected =
    "initGastRecorder,enableRecording,disableRecording,ACTION_RECORD,BACKTRACK_RECORD,LA_RECORD,topLevelRuleRecord,optionInternalRecord,atLeastOneInternalRecord,atLeastOneSepFirstInternalRecord,manyInternalRecord,manySepFirstInternalRecord,orInternalRecord,subruleInternalRecord,consumeInternalRecord,assertMethodIdxIsValid,assertMethodIdxIsValid";
  if (methods !== expected) throw new Error(`chevrotain's ${module} has the methods ${methods}, not those its stub was written for; update packages/core/scripts/recordedGrammar.mjs`);
  if (!real.includes("initGastRecorder(config) {\n        this.recordingProdStack = [];\n        this.RECORDING_PHASE = false;\n    }")) throw new Error(`chevrotain's ${module} changed initGastRecorder; update packages/core/scripts/recordedGrammar.mjs`);
  return `export class GastRecorder {
  initGastRecorder(config) {
    this.recordingProdStack = [];
    this.RECORDING_PHASE = false;
  }
}
`;
}

/** The text of the module's top-level function or class `name`, which must be found once. */
export function declarationText(text, module, name) {
  const source = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = source.statements.filter((s) => (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.getText(source) === name);
  if (found.length !== 1) throw new Error(`chevrotain's ${module} has ${found.length} declarations of ${name}, not one; update packages/core/scripts/recordedGrammar.mjs`);
  return found[0].getText(source);
}

/** The text of the class's instance method `name` (not a static one), which must be found once. */
export function methodText(text, module, name) {
  const source = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (ts.isMethodDeclaration(node) && ts.isClassLike(node.parent) && node.name.getText(source) === name && !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) found.push(node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (found.length !== 1) throw new Error(`chevrotain's ${module} has ${found.length} methods named ${name}, not one; update packages/core/scripts/recordedGrammar.mjs`);
  return found[0];
}
