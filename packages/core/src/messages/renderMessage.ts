import type { DiagnosticParams } from "./errors.js";
import { describeValue } from "../values/checkArgument.js";
import { TEMPLATES } from "./messageTemplates.js";
import { checkParams, render, templateKey, WORDS } from "./renderTemplate.js";

/**
 * The English message of a diagnostic, from its code and params alone (the
 * templates of messageTemplates.ts). Only ever called on an error path.
 */
export function renderMessage(code: string, params: DiagnosticParams): string {
  checkParams("renderMessage", params);
  const key = typeof code === "string" ? templateKey(code, params) : undefined;
  const template = key !== undefined && Object.hasOwn(TEMPLATES, key) ? TEMPLATES[key] : undefined;
  if (template === undefined) throw new TypeError(`renderMessage: no message template for ${describeValue(key ?? code)}; TEMPLATES lists them`);
  // Params were checked above; the templates are the library's own.
  return render(template.text, params, WORDS);
}

