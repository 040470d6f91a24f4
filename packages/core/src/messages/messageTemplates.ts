/**
 * Every diagnostic's English message, as a template over its params: the
 * library renders each message from these (renderMessage.ts), the core
 * README's table lists them, and a test renders every golden diagnostic from
 * the README's copy, so the message, the table and the params cannot drift
 * apart. An app translates a message by rendering its own templates, keyed
 * the same way, from `code` and `params`.
 *
 * A template is keyed by `CODE`, or `CODE kind` where a code has several
 * shapes (its params then hold `kind`). In a template:
 * - `{p}` is the param `p`: a string as the message quotes text (cut to 40
 *   characters, control characters escaped), a number in digits;
 * - `{p|format}` formats it: `literal` (a string in double quotes, a number in
 *   digits), `found` (end of input for null, else the text in single quotes),
 *   `char` (a character in single quotes, or U+XXXX when it is invisible),
 *   `type` (a word of TYPE_WORDS), `tokens` (a list of TOKEN_WORDS), `operators`
 *   (a list of operator names, each as it is written in a filter), `or` and
 *   `and` (a list, each in single quotes, joined by commas and a last or/and),
 *   `plain` (a list joined by commas);
 * - `[...]` is shown only when every param it names is present, not null, and
 *   not an empty list.
 * A param listed in `params.redacted` stands for a `$name` whose value is kept
 * out: it is shown as it is (`$tenant`), whatever the format.
 */

import { TEXT_TEMPLATES } from "./textTemplates.js";
import { VALUE_TEMPLATES, type Template } from "./valueTemplates.js";

export { TOKEN_WORDS, TYPE_WORDS } from "./messageWords.js";
export type { Template } from "./valueTemplates.js";



/**
 * Every template, by key. Made by a call marked pure that takes no argument,
 * so a bundle that never reads TEMPLATES drops the call and, with it, the only
 * use of TEXT_TEMPLATES (a pure call's arguments are kept, and an object
 * spread may run getters): `matches` alone carries only VALUE_TEMPLATES.
 */
export const TEMPLATES: Readonly<Record<string, Template>> = /* @__PURE__ */ allTemplates();

function allTemplates(): Readonly<Record<string, Template>> {
  return { ...TEXT_TEMPLATES, ...VALUE_TEMPLATES };
}
