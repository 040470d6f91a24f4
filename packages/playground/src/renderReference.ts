import { operatorForms } from "@itemfilter/codemirror";
import { OPERATORS } from "@itemfilter/core";
import { h } from "./dom.js";

/** The operator reference, straight from core's operator table. */
export function renderReference(root: HTMLElement): void {
  const list = h("dl", { class: "reference" });
  for (const op of OPERATORS) {
    list.append(
      h("dt", {}, h("code", { text: operatorForms(op).join("  ") })),
      h(
        "dd",
        {},
        h("span", { text: `${op.name}: ${op.summary}.` }),
        h("br"),
        h("span", { class: "muted", text: "e.g. " }),
        h("code", { text: op.example }),
        op.query ? h("span", { class: "tag", text: "key query" }) : "",
      ),
    );
  }
  const keywords = h(
    "p",
    { class: "muted" },
    "Combine with ",
    h("code", { text: "and" }),
    ", ",
    h("code", { text: "or" }),
    " and ",
    h("code", { text: "not" }),
    "; group with parentheses. list accepts or on one attribute only; find accepts any.",
  );
  const values = h(
    "p",
    { class: "muted" },
    "Values are strings, numbers and the booleans ",
    h("code", { text: "true" }),
    " and ",
    h("code", { text: "false" }),
    " (DynamoDB's BOOL), which =, != and in take; list cannot send a boolean, find checks it. An attribute named true is written ",
    h("code", { text: "`true`" }),
    ".",
  );
  const more = h(
    "p",
    { class: "muted" },
    "Beyond the service's operators: ",
    h("code", { text: "size(tags) between 1 and 5" }),
    " (DynamoDB's size(): a string's length, a list's, set's or map's elements), ",
    h("code", { text: "a is string" }),
    " and ",
    h("code", { text: "a is not list" }),
    " (also number, boolean, map, binary), and ranges of strings such as ",
    h("code", { text: 'createdAt >= "2024-06-01"' }),
    ". list cannot send these; find checks them, and DynamoDB takes them.",
  );
  const paths = h(
    "p",
    { class: "muted" },
    "Nested attributes: ",
    h("code", { text: 'address.city = "Oslo"' }),
    ", ",
    h("code", { text: "items[0].sku" }),
    ", ",
    h("code", { text: "address.`zip code`" }),
    " (a member after a dot, an element's index in brackets, no spaces). list cannot send a path; find checks it, and DynamoDB takes it.",
  );
  root.replaceChildren(list, keywords, values, more, paths);
}
