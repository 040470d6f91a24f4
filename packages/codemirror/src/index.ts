export { compileFilter, type FilterResult } from "./compileFilter.js";
export { filterResult, filterResultField } from "./compileField.js";
export { completionSource, filterCompletions } from "./completion.js";
export { applyFix, lintDiagnostics } from "./diagnostics.js";
export { explanationDecorations, explanationExtension, explanationField, setExplanation } from "./explanation.js";
export { highlightDecorations, tokenTag } from "./highlight.js";
export { itemfilter } from "./itemfilter.js";
export { operatorAt, operatorForms, operatorHelp, type OperatorAt } from "./operatorHover.js";
export { itemfilterConfig, resolveOptions, type EditorAttributeSchema, type EditorSchema, type FilterKeys, type FilterMode, type ItemfilterOptions, type ResolvedOptions } from "./options.js";
