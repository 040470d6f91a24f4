import { readNumber, type NumberValue } from "@itemfilter/core";
import { DynamoRunError } from "./dynamoRunError.js";

/** Number text DynamoDB takes that JSON's grammar does not: a leading "+", ".5", "5." (DynamoDB itself answers in JSON's grammar). */
const LOOSE = /^\s*([+-]?)(\d*)(?:\.(\d*))?((?:[eE][+-]?\d+)?)\s*$/;

/**
 * DynamoDB's number text as a number, every digit kept: a plain number when
 * a double holds it ("0.1", "12.5"), else an ExactNumber
 * ("12345678901234567890.12", "9007199254740993"). Text that is no number
 * DynamoDB holds (only a hand-built AttributeValue has it) is E_DYNAMO_NUMBER
 * naming the attribute, never rounded.
 */
export function exactNumber(text: string, attribute: string): NumberValue {
  const read = readNumber(text);
  if ("value" in read) return read.value;
  const m = read.problem === "syntax" ? LOOSE.exec(text) : null;
  if (m !== null && (m[2] !== "" || (m[3] ?? "") !== "")) {
    const again = readNumber(`${m[1] === "-" ? "-" : ""}${m[2] === "" ? "0" : m[2]}${(m[3] ?? "") === "" ? "" : `.${m[3]}`}${m[4]}`);
    if ("value" in again) return again.value;
  }
  const shown = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  throw new DynamoRunError(
    "E_DYNAMO_NUMBER",
    `the number ${shown} in '${attribute}' is not one DynamoDB holds (${read.problem === "digits" ? "more than 38 significant digits" : read.problem === "syntax" ? "not a number's text" : "beyond 1e-130 to below 1e126"})`,
    "DynamoDB itself sends only numbers it holds: check the AttributeValue that carried it",
    { attribute },
  );
}
