import { describeValue } from "../values/checkArgument.js";
import { isMapValue, isRecord } from "./itemValue.js";
import { quotePath } from "../scan/quote.js";
import { present } from "./predicateTest.js";
import { schemaKey, type AttributeSchema, type Schema } from "../schema/schema.js";
import { isNumberValue } from "../values/isExactNumber.js";

/** What one attribute held across the items seen, as bits. */
const STRING = 1;
const NUMBER = 2;
const OTHER = 4;
const ARRAY = 8;
const BOOLEAN = 16;

/**
 * A schema inferred from sample items: every attribute any item has, in the
 * order first seen. An attribute whose values (and the elements of its array
 * values) are all strings gets `type: "string"`, all numbers `type: "number"`,
 * all booleans (never in an array) `type: "boolean"`; mixed or other values
 * (objects, arrays of booleans) give no type, which accepts any.
 * Null is a missing value and says nothing about the type. `array: true`
 * marks an attribute that holds an array in some item.
 *
 * An attribute that holds maps gets its members too, one level deep, as
 * paths (`address.city`) with their own types, at most 64 per attribute
 * (the attribute itself allows every path under it). A top-level name with
 * a `.` or `[` is listed in backticks (schemaKey), so it is not read as a path.
 *
 * Only own members of records count, as for matching (grammar/semantics.md):
 * items that are not records have no attributes, and `__proto__` is an
 * ordinary name. `attributes` has no prototype, so any name is only data.
 * Takes an array or another iterable of items; anything else is a TypeError.
 *
 * Pass the result as `options.schema` to check filters against what the
 * items hold (add `allowUnknown: true` to let other names through), and to
 * attributeWarnings to warn about names no item has.
 */
export function inferSchema(items: Iterable<unknown>): Schema {
  if (!isIterable(items)) throw new TypeError(`inferSchema takes an array (or another iterable) of items, not ${describeValue(items)}`);
  const inference = new SchemaInference();
  for (const item of items) inference.add(item);
  return inference.schema();
}

/** SchemaInference's findings as plain data (state() and merge()). */
export interface InferenceState {
  names: string[];
  bits: number[];
  /** The members of attributes that hold maps: [attribute, member, bits], in the order first seen. */
  members?: [string, string, number][];
}

/** The members of one attribute's maps that are learned; a map's other members are allowed all the same, under the attribute. */
const MAX_MEMBERS = 64;

/**
 * inferSchema one item at a time, for items that arrive as a stream (a data
 * file read line by line): `schema()` after the last `add` is what
 * inferSchema gives for the same items in the same order. With `names`, only
 * those attributes are looked at and can appear in the schema, which is
 * enough to check a filter that names no others.
 */
export class SchemaInference {
  private readonly seen = new Map<string, number>();
  /** With names: their bits, -1 until an item has the attribute (the order first seen is kept in `seen`). */
  private readonly only: readonly string[] | undefined;
  private readonly bits: number[] = [];
  /** Per attribute that held a map: its members' bits, in the order first seen. */
  private readonly members = new Map<string, Map<string, number>>();

  constructor(names?: Iterable<string>) {
    if (names === undefined) return;
    this.only = [...new Set(names)];
    this.bits = this.only.map(() => -1);
  }

  add(item: unknown): void {
    if (!isRecord(item)) return;
    const only = this.only;
    if (only === undefined) {
      for (const name of Object.keys(item)) {
        const value = item[name];
        this.seen.set(name, (this.seen.get(name) ?? 0) | kinds(value));
        if (isMapValue(value)) this.learnMembers(name, value);
      }
      return;
    }
    for (let i = 0; i < only.length; i++) {
      const name = only[i]!;
      if (!Object.hasOwn(item, name)) continue;
      if (this.bits[i] === -1) {
        this.bits[i] = 0;
        this.seen.set(name, 0);
      }
      const value = item[name];
      this.bits[i]! |= kinds(value);
      if (isMapValue(value)) this.learnMembers(name, value);
    }
  }

  /** One level deep, and at most MAX_MEMBERS members per attribute, so a map of many keys cannot make a huge schema. */
  private learnMembers(name: string, map: Readonly<Record<string, unknown>>): void {
    let members = this.members.get(name);
    if (members === undefined) this.members.set(name, (members = new Map()));
    for (const member of Object.keys(map)) this.addMember(members, member, kinds(map[member]));
  }

  private addMember(members: Map<string, number>, member: string, bits: number): void {
    const known = members.get(member);
    if (known !== undefined) members.set(member, known | bits);
    else if (members.size < MAX_MEMBERS) members.set(member, bits);
  }

  /**
   * What the items added so far told, as plain data that can cross to
   * another thread: the attributes in the order first seen, with their bits.
   * A data file read in parallel ranges infers each range apart and merges
   * the states in file order.
   */
  state(): InferenceState {
    const names = [...this.seen.keys()];
    const only = this.only;
    const members: [string, string, number][] = [];
    for (const [name, map] of this.members) for (const [member, bits] of map) members.push([name, member, bits]);
    return { names, bits: names.map((name) => (only === undefined ? this.seen.get(name)! : this.bits[only.indexOf(name)]!)), ...(members.length === 0 ? {} : { members }) };
  }

  /** As if the items behind `state` (inferred with the same names) were added after those added so far. */
  merge(state: InferenceState): void {
    const only = this.only;
    state.names.forEach((name, k) => {
      const bits = state.bits[k]!;
      if (only === undefined) {
        this.seen.set(name, (this.seen.get(name) ?? 0) | bits);
        return;
      }
      const i = only.indexOf(name);
      if (i < 0) return;
      if (this.bits[i] === -1) {
        this.bits[i] = 0;
        this.seen.set(name, 0);
      }
      this.bits[i]! |= bits;
    });
    for (const [name, member, bits] of state.members ?? []) {
      if (only !== undefined && !only.includes(name)) continue;
      let members = this.members.get(name);
      if (members === undefined) this.members.set(name, (members = new Map()));
      this.addMember(members, member, bits);
    }
  }

  /** Whether some item added so far has the attribute (as an own member). */
  has(name: string): boolean {
    return this.seen.has(name);
  }

  schema(): Schema {
    const only = this.only;
    if (only !== undefined) only.forEach((name, i) => this.bits[i] !== -1 && this.seen.set(name, this.bits[i]!));
    const attributes = Object.create(null) as Record<string, AttributeSchema>;
    for (const [name, bits] of this.seen) {
      attributes[schemaKey(name)] = specOf(bits);
      // A map's members as paths after it (`address.city`): their types apply to them alone.
      for (const [member, memberBits] of this.members.get(name) ?? []) attributes[quotePath(name, [member])] = specOf(memberBits);
    }
    return { attributes };
  }
}

function specOf(bits: number): AttributeSchema {
  const spec: AttributeSchema = {};
  const scalar = bits & ~ARRAY;
  if (scalar === STRING) spec.type = "string";
  else if (scalar === NUMBER) spec.type = "number";
  else if (bits === BOOLEAN) spec.type = "boolean";
  if ((bits & ARRAY) !== 0) spec.array = true;
  return spec;
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function";
}

function kinds(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "string") return STRING;
  if (isNumberValue(value)) return NUMBER;
  if (typeof value === "boolean") return BOOLEAN;
  if (!Array.isArray(value)) return OTHER;
  let bits = ARRAY;
  // Only the kinds of the elements matter, so stop once all three are seen. present() skips the
  // holes of a huge sparse array instead of visiting every index.
  for (const element of present(value)) {
    bits |= element === null || element === undefined ? 0 : typeof element === "string" ? STRING : isNumberValue(element) ? NUMBER : OTHER;
    if ((bits & (STRING | NUMBER | OTHER)) === (STRING | NUMBER | OTHER)) break;
  }
  return bits;
}
