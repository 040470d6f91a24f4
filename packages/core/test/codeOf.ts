import { FilterError } from "../src/messages/errors.js";

/** The code of the FilterError a call throws, or "no error"; anything else thrown fails the test. */
export function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.code;
    throw error;
  }
  return "no error";
}
