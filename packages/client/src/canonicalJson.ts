import { isExactNumber } from "@itemfilter/core";
import { ClientError, type CallName } from "./errors.js";
import { MAX_JSON_DEPTH } from "./jsonDepth.js";

/**
 * JSON text with every object's members in sorted order, so two values that
 * differ only in member order give the same text. Used to compare page keys
 * and to tell items apart; values are JSON from the wire (no cycles, no
 * undefined). An ExactNumber is written as its digits, a JSON number, so
 * 9007199254740993 differs from 9007199254740992 and from the string
 * "9007199254740993". A value nested deeper than MAX_JSON_DEPTH is a ClientError
 * (E_PROTOCOL, naming `call`), never a RangeError from the stack.
 */
export function canonicalJson(value: unknown, call: CallName = "findAll"): string {
  return write(value, 0, call);
}

function write(value: unknown, depth: number, call: CallName): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (isExactNumber(value)) return String(value);
  if (depth >= MAX_JSON_DEPTH) throw new ClientError("E_PROTOCOL", call, 0, `the service sent a value nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (Array.isArray(value)) return `[${value.map((v) => write(v, depth + 1, call)).join(",")}]`;
  const names = Object.keys(value).sort();
  return `{${names.map((name) => `${JSON.stringify(name)}:${write((value as Record<string, unknown>)[name], depth + 1, call)}`).join(",")}}`;
}
