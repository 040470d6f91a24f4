import { MAX_ITEM_DEPTH } from "./itemProblem.js";

/**
 * Whether the JSON text of an item has more than MAX_ITEM_DEPTH + 1 opening
 * brackets and braces (those in strings counted too): the only way its item
 * can nest deeper than MAX_ITEM_DEPTH below itself. When it has not, a data
 * file's line can skip itemProblem's walk, whose other check (a number JSON
 * cannot carry) the line's reading has already made: parseDataJson refuses
 * a number out of a double's range (JsonNumberError), the only one JSON.parse
 * would make Infinity. Native
 * searches cost about a fifth of the walk (issue 26 §3: the walk was a tenth
 * of reading a data file).
 */
export function mayNestDeeply(text: string): boolean {
  let count = 0;
  for (const bracket of ["{", "["]) {
    for (let i = text.indexOf(bracket); i >= 0; i = text.indexOf(bracket, i + 1)) if (++count > MAX_ITEM_DEPTH + 1) return true;
  }
  return false;
}
