import { stringifyJson } from "@itemfilter/core";

/** JSON for people on a terminal (indented) or for programs (one line), every number with all its digits (core's stringifyJson). */
export function formatJson(value: unknown, pretty: boolean): string {
  return stringifyJson(value, pretty ? 2 : undefined);
}

/** A compiled filter for reading at a prompt: an array shows one filter per line. */
export function formatFilterLines(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return stringifyJson(value);
  return `[\n${value.map((v) => `  ${stringifyJson(v)}`).join(",\n")}\n]`;
}
