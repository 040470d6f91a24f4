import type { LexProblem } from "../scan/lexer.js";
import { renderMessage } from "../messages/renderMessage.js";
import { givenParams } from "../messages/valueKind.js";
import { closest } from "../messages/closest.js";
import { replaceTitle } from "../messages/messageText.js";
import { SET_NAMES, TYPE_NAMES, TYPE_SYNONYMS } from "./typeNames.js";
import type { Operator } from "../values/operators.js";

/*
 * The parser's problems with `size(a)` and `a is TYPE`, in offsets as every
 * problem of a parse is. Also what binding a parameter and checking a tree
 * report, in the same words.
 */

const SIZE_HINT = "size(a) is DynamoDB's size(): the length of a string, the bytes of a binary, the elements of a list, set or map; compare it with a number";

/** `size(a) contains 1`, `size(a) is null`: size(…) is a number, which only the comparisons, between and in take. */
export function sizeOperatorProblem(operator: Operator, written: string, start: number, end: number): LexProblem {
  const params = { kind: "sizeOperator", operator, written };
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint: SIZE_HINT, params, start, end };
}

/**
 * `size(a) = "3"`: a size compares with numbers only. For a parameter's
 * value (`shown` false) what it is, never what it holds: the value may be a secret.
 */
export function sizeValueProblem(value: unknown, start: number, end: number, shown = true): LexProblem {
  const given = givenParams(value);
  const params = { kind: "sizeValue", expected: "number", ...(shown ? given : { given: given.given }) };
  const text = shown && typeof value === "string" && /^(0|[1-9]\d*)$/.test(value) ? value : undefined;
  return {
    code: "E_VALUE_TYPE",
    message: renderMessage("E_VALUE_TYPE", params),
    hint: SIZE_HINT,
    params,
    start,
    end,
    ...(text === undefined ? {} : { fixes: [{ title: replaceTitle(text), start, end, replacement: text }] }),
  };
}

/** `a is text`, `a is set`: a word after `is` that names no type of the item model. */
export function typeNameProblem(written: string, start: number, end: number): LexProblem {
  const normal = written.toLowerCase().replace(/[_-]/g, "");
  if (SET_NAMES.has(normal)) {
    const params = { kind: "setType", found: written, suggestion: "list" };
    return {
      code: "E_SYNTAX",
      message: renderMessage("E_SYNTAX", params),
      hint: "DynamoDB's sets (SS, NS, BS) and lists (L) are all arrays once read, so 'is list' tests for any of them",
      params,
      start,
      end,
      fixes: [{ title: replaceTitle("list"), start, end, replacement: "list" }],
    };
  }
  const meant = TYPE_SYNONYMS[normal] ?? closest(normal, TYPE_NAMES)[0];
  const params = { kind: "typeName", found: written, expected: [...TYPE_NAMES], ...(meant === undefined ? {} : { suggestion: meant }) };
  return {
    code: "E_SYNTAX",
    message: renderMessage("E_SYNTAX", params),
    hint: "after 'is' comes null (missing) or a type: string, number, boolean, list, map or binary",
    params,
    start,
    end,
    ...(meant === undefined ? {} : { fixes: [{ title: replaceTitle(meant), start, end, replacement: meant }] }),
  };
}
