import { acceptCompletion, closeBrackets, completionStatus } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { Compartment, EditorState } from "@codemirror/state";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { readOrderBy, stringifyJson } from "@itemfilter/core";
import { filterResult, itemfilter, type FilterMode, type FilterResult } from "@itemfilter/codemirror";
import { loadSession, type Item, type Session, type TableInfo } from "./api.js";
import { byId, h } from "./dom.js";
import { findRequests, renderModeOffer } from "./modeOffer.js";
import { renderErrors } from "./renderErrors.js";
import { renderPlan } from "./renderPlan.js";
import { renderReference } from "./renderReference.js";
import { renderResults } from "./renderResults.js";
import { clearExplanation, hideExplanation, itemByKey, keyValue, showExplanation } from "./explainItem.js";
import { pageClient, runFilter } from "./runFilter.js";
import { readUrlState, writeUrlState, type PageState } from "./urlState.js";

const tableSelect = byId<HTMLSelectElement>("table");
const partitionField = byId("partition-field");
const partitionInput = byId<HTMLInputElement>("partition");
const orderInput = byId<HTMLInputElement>("order-by");
const runButton = byId<HTMLButtonElement>("run");
const runStatus = byId("run-status");
const errorsList = byId("errors");
const errorCount = byId("error-count");
const jsonPre = byId("json");
const jsonNote = byId("json-note");
const copyButton = byId<HTMLButtonElement>("copy");
const planSection = byId("plan-section");
const resultsSummary = byId("results-summary");
const resultsTable = byId<HTMLTableElement>("results");

const nonce = document.querySelector<HTMLMetaElement>('meta[name="itemfilter-csp-nonce"]')?.content;
const state: PageState = readUrlState(window.location);
let session: Session;
/** When the last key went down in the editor (event.timeStamp), to time keystroke-to-JSON (kept on #json as data-latency-ms). */
let keyDownAt: number | undefined;

const config = new Compartment();

/** Token colours with at least 4.5:1 contrast on white (CodeMirror's default `invalid` red has 4:1). */
const pageHighlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.operatorKeyword, tags.logicOperator, tags.compareOperator], color: "#6f2da8" },
  { tag: tags.propertyName, color: "#0b4f8a" },
  { tag: tags.string, color: "#a4161a" },
  { tag: tags.number, color: "#1a6b2f" },
  { tag: [tags.paren, tags.squareBracket, tags.separator], color: "#4d5560" },
  { tag: tags.invalid, color: "#b00020", textDecoration: "underline wavy" },
]);

function currentTable(): TableInfo {
  return session.tables.find((t) => t.name === tableSelect.value) ?? session.tables[0]!;
}

function keysOf(table: TableInfo): { primary: string; secondary?: string } {
  return { primary: table.primaryKey, ...(table.secondaryKey === undefined ? {} : { secondary: table.secondaryKey }) };
}

function extensionFor(table: TableInfo, mode: FilterMode) {
  return itemfilter({
    mode,
    schema: table.schema,
    keys: keysOf(table),
    onChange: showResult,
    ...(nonce === undefined || nonce.startsWith("__") ? {} : { nonce }),
  });
}

function jsonOf(result: FilterResult & { ok: true }): unknown {
  return result.mode === "find" ? result.plan : result.filter;
}

/** The text the "Why" section explains; an edit makes it stale. */
let explainedText: string | undefined;

function showResult(result: FilterResult): void {
  if (explainedText !== undefined && explainedText !== result.text) {
    explainedText = undefined;
    hideExplanation();
  }
  state.filter = result.text;
  writeUrlState(state);
  if (result.ok) {
    jsonPre.textContent = stringifyJson(jsonOf(result), 2);
    errorsList.replaceChildren();
    errorCount.textContent = "(none)";
  } else {
    // A filter with errors compiles to nothing: no earlier filter's JSON is shown or copied in its place.
    jsonPre.textContent = "";
    jsonNote.textContent = `No JSON: the filter has ${result.diagnostics.length === 1 ? "an error" : `${result.diagnostics.length} errors`}.`;
    renderErrors(errorsList, errorCount, result, view);
  }
  jsonPre.hidden = !result.ok;
  jsonNote.hidden = result.ok;
  copyButton.disabled = !result.ok;
  if (result.mode === "find") renderPlan(result.ok ? result.plan : undefined, keysOf(currentTable()));
  planSection.hidden = result.mode !== "find";
  renderModeOffer(result, findRequests(result, currentTable()), switchToFind);
  if (keyDownAt !== undefined) {
    jsonPre.dataset.latencyMs = (performance.now() - keyDownAt).toFixed(2);
    keyDownAt = undefined;
  }
}

function partitionValue(table: TableInfo): string | number | undefined {
  const text = partitionInput.value.trim();
  if (text === "") return undefined;
  const type = table.schema.attributes[table.primaryKey]?.type;
  if (type === "number" && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  return text;
}

let running = 0;
let runInFlight: AbortController | undefined;
async function run(): Promise<void> {
  // The editor's current result: the mode may have changed since the last onChange.
  const result = filterResult(view.state);
  const table = currentTable();
  if (!result.ok) {
    const problem = `the filter has ${result.diagnostics.length === 1 ? "an error" : `${result.diagnostics.length} errors`}`;
    resultsSummary.textContent = findRequests(result, table) === undefined ? `Not run: ${problem}.` : `Not run: in ${result.mode} mode ${problem}; "Run it in find mode" runs it as it is.`;
    return;
  }
  const ticket = ++running;
  // A newer run replaces an older one: stop the older one's requests.
  runInFlight?.abort();
  const controller = (runInFlight = new AbortController());
  runButton.disabled = true;
  runStatus.textContent = "Running…";
  const started = performance.now();
  try {
    const { items, requests, pages, truncated } = await runFilter(result, table, partitionValue(table), session.credentials, controller.signal, result.mode === "find" ? orderInput.value : "");
    if (ticket !== running) return;
    const ms = performance.now() - started;
    renderResults(resultsTable, items, (item) => explain(item, table));
    resultsTable.dataset.count = String(items.length);
    const stopped = truncated ? " Stopped at the page limit: there are more." : "";
    const ordered = result.mode === "find" && orderInput.value.trim() !== "" ? `, ordered by ${readOrderBy(orderInput.value).text}` : "";
    resultsSummary.textContent = `${items.length} ${items.length === 1 ? "item" : "items"} from ${table.name}${ordered} in ${ms.toFixed(1)} ms (${requests} ${requests === 1 ? "request" : "requests"}, ${pages} ${pages === 1 ? "page" : "pages"}).${stopped}`;
  } catch (error) {
    if (ticket !== running) return;
    renderResults(resultsTable, []);
    resultsSummary.textContent = `Failed: ${(error as Error).message}`;
  } finally {
    if (ticket === running) {
      runButton.disabled = false;
      runStatus.textContent = "";
    }
  }
}

function keyLabel(item: Item, table: TableInfo): string {
  const key = (name: string) => `${name} ${stringifyJson(item[name])}`;
  return table.secondaryKey === undefined ? key(table.primaryKey) : `${key(table.primaryKey)}, ${key(table.secondaryKey)}`;
}

/** A result row's "why?": its item explained in the editor. The text may have changed since the run, and may no longer be a filter. */
function explain(item: Item, table: TableInfo): void {
  explainedText = view.state.doc.toString();
  try {
    showExplanation(view, item, table, state.mode, `the item with ${keyLabel(item, table)}`);
  } catch (error) {
    clearExplanation(view, `Could not explain: ${(error as Error).message}`);
  }
}

/** The "Why not?" box: the item with the key typed, read through the client, explained in the editor. */
async function explainByKey(): Promise<void> {
  const table = currentTable();
  const primaryText = byId<HTMLInputElement>("why-key").value.trim();
  const secondaryText = byId<HTMLInputElement>("why-secondary").value.trim();
  if (primaryText === "") return;
  const primary = keyValue(primaryText, table, table.primaryKey);
  const secondary = table.secondaryKey === undefined || secondaryText === "" ? undefined : keyValue(secondaryText, table, table.secondaryKey);
  explainedText = view.state.doc.toString();
  try {
    const item = await itemByKey(pageClient(session.credentials), table, primary, secondary, new AbortController().signal);
    if (item === undefined) {
      const which = `${table.primaryKey} ${stringifyJson(primary)}${secondary === undefined ? "" : ` and ${table.secondaryKey} ${stringifyJson(secondary)}`}`;
      clearExplanation(view, `No item of ${table.name} has ${which}.`);
      return;
    }
    showExplanation(view, item, table, state.mode, `the item with ${keyLabel(item, table)}`);
  } catch (error) {
    clearExplanation(view, `Could not explain: ${(error as Error).message}`);
  }
}

function showWhyKeys(table: TableInfo): void {
  byId("why-key-name").textContent = table.secondaryKey === undefined ? `(${table.primaryKey})` : `(${table.primaryKey}, ${table.secondaryKey})`;
  const secondary = byId<HTMLInputElement>("why-secondary");
  secondary.hidden = table.secondaryKey === undefined;
  secondary.placeholder = table.secondaryKey === undefined ? "" : `${table.secondaryKey} (if several share the key)`;
}

/** The way out of list or query for a filter only find can run: same text, find mode, run. */
function switchToFind(): void {
  state.mode = "find";
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]')) radio.checked = radio.value === "find";
  reconfigure();
  // The button goes away with the error: keep the keyboard in the editor.
  view.focus();
  void run();
}

function reconfigure(): void {
  const table = currentTable();
  state.table = table.name;
  partitionField.hidden = state.mode !== "query";
  byId("partition-key").textContent = `(${table.primaryKey})`;
  showWhyKeys(table);
  explainedText = undefined;
  clearExplanation(view);
  view.dispatch({ effects: config.reconfigure(extensionFor(table, state.mode)) });
  writeUrlState(state);
}

async function copyJson(): Promise<void> {
  const status = byId("copy-status");
  const text = jsonPre.textContent ?? "";
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = "Copied.";
  } catch {
    // Without clipboard access, select the JSON so Ctrl+C copies it.
    const range = document.createRange();
    range.selectNodeContents(jsonPre);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    jsonPre.focus();
    status.textContent = "Selected: press Ctrl+C to copy.";
  }
}

let view: EditorView;

async function start(): Promise<void> {
  renderReference(byId("reference"));
  try {
    session = await loadSession();
  } catch (error) {
    resultsSummary.textContent = `The playground server did not answer: ${(error as Error).message}`;
    return;
  }
  for (const table of session.tables) {
    tableSelect.append(h("option", { text: `${table.name} (${table.count} items)`, attrs: { value: table.name } }));
  }
  if (state.table !== undefined && session.tables.some((t) => t.name === state.table)) tableSelect.value = state.table;
  partitionInput.value = state.key;
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]')) radio.checked = radio.value === state.mode;

  const table = currentTable();
  state.table = table.name;
  partitionField.hidden = state.mode !== "query";
  byId("partition-key").textContent = `(${table.primaryKey})`;
  view = new EditorView({
    parent: byId("filter-editor"),
    state: EditorState.create({
      doc: state.filter,
      extensions: [
        history(),
        closeBrackets(),
        // Not an example filter: grey text that reads as one would not be what the JSON and the plan show.
        placeholder("Empty: matches every item. Type a filter; Ctrl+Space suggests names."),
        keymap.of([
          { key: "Mod-Enter", run: () => (void run(), true), preventDefault: true },
          // Enter accepts an open completion (the completion keymap does); otherwise it runs, as in a search box.
          // It never inserts a line break, not even while a completion list is opening.
          { key: "Enter", run: (v) => (completionStatus(v.state) !== null ? (acceptCompletion(v), true) : (void run(), true)) },
          ...historyKeymap,
          ...defaultKeymap,
        ]),
        EditorView.lineWrapping,
        syntaxHighlighting(pageHighlightStyle),
        EditorView.contentAttributes.of({ "aria-labelledby": "filter-label", "aria-describedby": "filter-help", "aria-multiline": "false" }),
        config.of(extensionFor(table, state.mode)),
      ],
    }),
  });

  // Captured before CodeMirror's own handlers, which apply keymap commands (Backspace, say) within keydown.
  // The event's timeStamp is when the browser took the key, so time spent waiting behind other work counts too.
  view.contentDOM.addEventListener("keydown", (event) => void (keyDownAt = event.timeStamp), { capture: true });
  // A key that changed nothing must not time the next change.
  view.contentDOM.addEventListener("keyup", () => void (keyDownAt = undefined));
  tableSelect.addEventListener("change", reconfigure);
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="mode"]')) {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      state.mode = radio.value as FilterMode;
      reconfigure();
    });
  }
  partitionInput.addEventListener("input", () => {
    state.key = partitionInput.value;
    writeUrlState(state);
  });
  partitionInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") void run();
  });
  runButton.addEventListener("click", () => void run());
  showWhyKeys(table);
  byId("why-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void explainByKey();
  });
  copyButton.addEventListener("click", () => void copyJson());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !view.hasFocus) {
      event.preventDefault();
      void run();
    }
  });
  document.body.dataset.ready = "true";
}

void start();
