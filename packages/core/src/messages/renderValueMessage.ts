import type { DiagnosticParams } from "./errors.js";
import { render, templateKey, type Words } from "./renderTemplate.js";
import { VALUE_TYPE_WORDS } from "./messageWords.js";
import { VALUE_TEMPLATES } from "./valueTemplates.js";

/** The words value templates read: no template of a value lists the parser's tokens, so TOKEN_WORDS stays out of such an app. */
const VALUE_WORDS: Words = { tokens: {}, types: VALUE_TYPE_WORDS, or: "or", and: "and", end: "end of input" };

/**
 * renderMessage for the messages of values and filter JSON only: what
 * `matches` and the validators word, from VALUE_TEMPLATES, so that an app
 * importing only those does not carry every template of the parser and the
 * compilers. The same text as renderMessage for the same code and params.
 */
export function renderValueMessage(code: string, params: DiagnosticParams): string {
  const key = templateKey(code, params);
  const template = Object.hasOwn(VALUE_TEMPLATES, key) ? VALUE_TEMPLATES[key] : undefined;
  if (template === undefined) throw new TypeError(`renderValueMessage: no value template for ${JSON.stringify(key)}; VALUE_TEMPLATES lists them`);
  return render(template.text, params, VALUE_WORDS);
}
