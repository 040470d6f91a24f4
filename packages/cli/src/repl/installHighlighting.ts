import type { Interface } from "node:readline";
import { highlight, highlightDotCommand } from "./highlight.js";

interface LegacyHooks {
  line: string;
  cursor: number;
  getPrompt(): string;
  _writeToOutput?: (text: string) => void;
  _refreshLine?: () => void;
}

/**
 * Colours the line being edited. readline has no hook for this, but it routes
 * its drawing through the long-standing overridable `_writeToOutput` and
 * `_refreshLine` methods: a redraw of prompt plus line is written
 * highlighted, and a character typed at the end, which readline echoes
 * alone, becomes a redraw. Where a Node version lacks them, editing stays plain.
 */
export function installHighlighting(rl: Interface, continuing: () => boolean = () => false): boolean {
  const self = rl as unknown as LegacyHooks;
  const originalWrite = self._writeToOutput;
  const originalRefresh = self._refreshLine;
  if (typeof originalWrite !== "function" || typeof originalRefresh !== "function") return false;
  let refreshing = false;
  const refresh = (): void => {
    refreshing = true;
    try {
      originalRefresh.call(rl);
    } finally {
      refreshing = false;
    }
  };
  self._refreshLine = refresh;
  self._writeToOutput = (text: string): void => {
    const prompt = self.getPrompt();
    if (refreshing && text === prompt + self.line) {
      // A dot-command is not a filter: its '.' is no error, though the lexer would say so.
      const dot = !continuing() && self.line.trimStart().startsWith(".");
      originalWrite.call(rl, prompt + (dot ? highlightDotCommand(self.line) : highlight(self.line)));
      return;
    }
    if (!refreshing && text.length > 0 && self.cursor === self.line.length && self.line.endsWith(text) && !text.includes("\n")) {
      refresh();
      return;
    }
    originalWrite.call(rl, text);
  };
  return true;
}
