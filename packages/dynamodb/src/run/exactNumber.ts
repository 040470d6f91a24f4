import { DynamoRunError } from "./dynamoRunError.js";

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** A decimal's value as sign, significant digits and exponent, so two spellings of one number compare equal. */
function normalise(text: string): string | null {
  const m = DECIMAL.exec(text.trim());
  if (m === null || (m[2] === "" && (m[3] ?? "") === "")) return null;
  let digits = (m[2] ?? "") + (m[3] ?? "");
  let exponent = Number(m[4] ?? 0) - (m[3] ?? "").length;
  digits = digits.replace(/^0+/, "");
  if (digits === "") return "0";
  const trimmed = digits.replace(/0+$/, "");
  exponent += digits.length - trimmed.length;
  return `${m[1] === "-" ? "-" : ""}${trimmed}e${exponent}`;
}

/**
 * DynamoDB's number text as a double, only when no digit is lost: the text
 * and the double's shortest decimal must be the same number. "0.1" passes
 * (0.1 reads back as "0.1"); "12345678901234567891" does not (a double holds
 * 12345678901234567000). Never rounded in silence: an error names the attribute.
 */
export function exactNumber(text: string, attribute: string): number {
  const n = Number(text);
  // The common case, DynamoDB's text already the double's shortest decimal, costs one comparison.
  if (String(n) === text) return n;
  const wanted = normalise(text);
  if (Number.isFinite(n) && wanted !== null && wanted === normalise(String(n))) return n;
  throw new DynamoRunError(
    "E_DYNAMO_NUMBER",
    `the number ${text.length > 60 ? text.slice(0, 59) + "…" : text} in '${attribute}' has more digits than a double holds, so it cannot be read without rounding`,
    "store numbers of at most 15 to 17 significant digits, or keep long numbers as strings",
    { attribute },
  );
}
