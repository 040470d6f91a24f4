import { compileList, parse } from "@itemfilter/core";
import { parse as rsqlParse } from "@rsql/parser";
import { compileExpression } from "filtrex";
import jsep from "jsep";
import { parse as liqeParse } from "liqe";
import { parse as scimParse } from "scim2-parse-filter";
import { FILTREX_FUNCTIONS, toFiltrex, toJsep, toLiqe, toRsql, toScim } from "./peerSyntax.mjs";

const FILTREX_OPTIONS = { extraFunctions: FILTREX_FUNCTIONS };

/** The peers, each with its translator and the one call that is timed. */
export const PEERS = [
  { name: "liqe parse", translate: toLiqe, run: (text) => liqeParse(text) },
  { name: "scim2-parse-filter parse", translate: toScim, run: (text) => scimParse(text) },
  { name: "@rsql/parser parse", translate: toRsql, run: (text) => rsqlParse(text) },
  { name: "jsep", translate: toJsep, run: (text) => jsep(text) },
  { name: "filtrex compileExpression", translate: toFiltrex, run: (text) => compileExpression(text, FILTREX_OPTIONS) },
];

/**
 * Everything timed for one input: the core (compileList, parse alone), each
 * peer on its translation, and JSON.parse of compileList's output as the
 * floor. `options` carries raised limits for the big inputs.
 */
export function compileCandidates(source, options) {
  const doc = parse(source, options);
  const json = JSON.stringify(compileList(source, options));
  const core = [
    { name: "core compileList", kind: "core", text: source, run: () => compileList(source, options) },
    { name: "core parse", kind: "core", text: source, run: () => parse(source, options) },
  ];
  const peers = PEERS.map((p) => {
    const text = p.translate(doc);
    return { name: p.name, kind: "peer", text, run: () => p.run(text) };
  });
  const floor = { name: "JSON.parse (compiled output)", kind: "floor", text: json, run: () => JSON.parse(json) };
  return [...core, ...peers, floor];
}
