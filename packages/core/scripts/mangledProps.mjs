/**
 * Property names of chevrotain's parser internals that the shipped bundle
 * writes short (esbuild's mangleProps): the fields and methods its traits
 * keep on the parser, which no app reads and which the core reaches only
 * through src/syntax/leanParser.ts (mangled the same way, in the same build).
 * An app's bundler keeps property names as they are, so these long names
 * were in every app's bundle; writing them short is about 0.8 KB of gzip
 * (figures 6a and 6b of packages/bench).
 *
 * Not listed: the DSL and the public API (CONSUME, OR, LA, input, errors,
 * performSelfAnalysis, …), the parser's config keys (chevrotain reads them
 * by string: Object.hasOwn(config, "maxLookahead")), the grammar's GAST
 * (its recorded form names them in quotes: recordedGrammar.mjs), and what
 * an error or a token carries. checkMangled() stops the build when a listed
 * name is still in the output (a read by string that mangling would break)
 * or no longer anywhere in chevrotain (a stale entry).
 */
const NAMES = [
  // The parser's state.
  "CST_STACK",
  "RECORDING_PHASE",
  "className",
  "definitionErrors",
  "tokensMap",
  "RULE_OCCURRENCE_STACK",
  "RULE_OCCURRENCE_STACK_IDX",
  "RULE_STACK",
  "RULE_STACK_IDX",
  "_errors",
  "currIdx",
  "currRuleLookaheadFuncs",
  "currRuleShortName",
  "definedRulesNames",
  "firstAfterRepMap",
  "fullRuleNameToShort",
  "gastProductionsCache",
  "isBackTrackingStack",
  "lookAheadFuncsCache",
  "recordingProdStack",
  "resyncFollows",
  "ruleShortNameIdx",
  "selfAnalysisDone",
  "shortRuleNameToFull",
  "subruleIdx",
  "tokVector",
  "tokVectorLength",
  // Its engine, recovery and bookkeeping methods.
  "LA_FAST",
  "addToResyncTokens",
  "attemptInRepetitionRecovery",
  "buildFullFollowKeyStack",
  "canPerformInRuleRecovery",
  "canRecoverWithSingleTokenDeletion",
  "canRecoverWithSingleTokenInsertion",
  "canTokenTypeBeDeletedInRecovery",
  "canTokenTypeBeInsertedInRecovery",
  "computeLookaheadFunc",
  "consumeInternal",
  "consumeInternalError",
  "consumeInternalRecovery",
  "consumeToken",
  "cstFinallyStateUpdate",
  "cstInvocationStateUpdate",
  "cstPostNonTerminal",
  "cstPostRule",
  "cstPostTerminal",
  "defineRule",
  "doSingleRepetition",
  "findReSyncTokenType",
  "flattenFollowSet",
  "getCurrFollowKey",
  "getCurrRuleFullName",
  "getCurrentGrammarPath",
  "getFollowSetFromFollowKey",
  "getFollowsForInRuleRecovery",
  "getHumanReadableRuleStack",
  "getLastExplicitRuleOccurrenceIndex",
  "getLexerPosition",
  "getNextPossibleTokenTypes",
  "getPreviousExplicitRuleShortName",
  "getTokenToInsert",
  "initErrorHandler",
  "initGastRecorder",
  "initLexerAdapter",
  "initLooksAhead",
  "initPerformanceTracer",
  "initRecognizerEngine",
  "initRecoverable",
  "initTreeBuilder",
  "invokeRuleCatch",
  "isAtEndOfInput",
  "isBackTracking",
  "isInCurrentRuleReSyncSet",
  "manyInternal",
  "manyInternalLogic",
  "moveToTerminatedState",
  "optionInternal",
  "optionInternalLogic",
  "orInternal",
  "preComputeLookaheadFunctions",
  "raiseNoAltException",
  "reSyncTo",
  "resetLexerState",
  "ruleFinallyStateUpdate",
  "ruleInvocationStateUpdate",
  "setLaFuncCache",
  "shouldInRepetitionRecoveryBeTried",
  "subruleInternal",
  "tryInRepetitionRecovery",
  "tryInRuleRecovery",
  // The grammar walks of recovery and error messages (interpreter.js, rest.js, first.js, follow.js) and the lookahead strategy's builders.
  "buildLookaheadForAlternation",
  "buildLookaheadForOptional",
  "checkIsTarget",
  "isAtEndOfPath",
  "nextProductionName",
  "nextProductionOccurrence",
  "nextTerminalName",
  "nextTerminalOccurrence",
  "possibleTokTypes",
  "restDef",
  "startWalking",
  "targetOccurrence",
  "targetProdType",
  "targetRef",
  "topProd",
  "topRule",
  "updateExpectedNext",
  "walkAtLeastOne",
  "walkAtLeastOneSep",
  "walkFlat",
  "walkMany",
  "walkManySep",
  "walkOption",
  "walkOr",
  "walkProdRef",
  "walkTerminal",
];

/** For esbuild's mangleProps. */
export const MANGLED_PROPS = new RegExp(`^(?:${NAMES.join("|")})$`);

/** Stops the build when a listed name survived mangling in `outputs` (esbuild's output files) or is not in chevrotain any more. */
export function checkMangled(outputs, chevrotainSources) {
  for (const name of NAMES) {
    const word = new RegExp(`(?<![\\w$])${name}(?![\\w$])`);
    // As a property (read, key, method or string), not as a local variable's name.
    const property = new RegExp(`\\.${name}(?![\\w$])|["'\`]${name}["'\`]|^\\s*(?:(?:get|set|static|async) )?${name}\\s*\\(|[{,]\\s*${name}\\s*:`, "m");
    const left = outputs.find((o) => !o.path.endsWith(".map") && property.test(withoutComments(o.text)));
    if (left !== undefined) throw new Error(`${name} is still in ${left.path} after mangling (read by string?): take it out of scripts/mangledProps.mjs`);
    if (!chevrotainSources.some((text) => word.test(text))) throw new Error(`chevrotain no longer has ${name}: take it out of scripts/mangledProps.mjs`);
  }
}

/** The code without its comments, roughly (a "//" inside a string cuts the line, which only makes the check see less). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
}
