import type { FilterMode } from "@itemfilter/codemirror";

/** What a link reproduces: the table, the mode, the partition and the filter text. */
export interface PageState {
  table: string | undefined;
  mode: FilterMode;
  key: string;
  filter: string;
}

const MODES: readonly FilterMode[] = ["list", "query", "find"];

export function readUrlState(location: Location): PageState {
  const params = new URLSearchParams(location.search);
  const mode = params.get("mode") as FilterMode | null;
  return {
    table: params.get("table") ?? undefined,
    // find runs every valid filter (as a plan); list and query show what one request can express.
    mode: mode !== null && MODES.includes(mode) ? mode : "find",
    key: params.get("key") ?? "",
    filter: params.get("q") ?? "",
  };
}

export function urlFor(state: PageState, location: Location): string {
  const params = new URLSearchParams();
  if (state.table !== undefined) params.set("table", state.table);
  params.set("mode", state.mode);
  if (state.mode === "query" && state.key !== "") params.set("key", state.key);
  params.set("q", state.filter);
  return `${location.pathname}?${params.toString()}`;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Keeps the URL in step with the page, a moment after the last change:
 * browsers throttle history updates made on every keystroke.
 */
export function writeUrlState(state: PageState, delayMs = 250): void {
  clearTimeout(timer);
  timer = setTimeout(() => history.replaceState(null, "", urlFor(state, window.location)), delayMs);
}
