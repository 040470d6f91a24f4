import { parseJson, stringifyJson } from "@itemfilter/core";

/** The service description's placeholders, which toCurl also uses. */
const PLACEHOLDERS: Readonly<Record<string, string>> = { applicationKey: "<APP_KEY>", authenticationToken: "<AUTH_TOKEN>" };

/** A request body as JSON with the credentials replaced by placeholders, for --dry-run. */
export function redactBody(body: string, pretty: boolean): string {
  // The CLI compiles only numbers a store holds, so the body reads back exactly.
  const value = parseJson(body) as Record<string, unknown>;
  for (const [name, placeholder] of Object.entries(PLACEHOLDERS)) if (Object.hasOwn(value, name)) value[name] = placeholder;
  return stringifyJson(value, pretty ? 2 : undefined);
}
