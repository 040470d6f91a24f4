import { checkFields, pickFields, schemaFields, type FieldPath, type Schema } from "@itemfilter/core";
import { ClientError } from "./errors.js";
import type { Item } from "./types.js";

/**
 * The fields option read, and checked against the schema as the filter is
 * (an attribute it does not list is refused, an alias read as its stored
 * name), or a ClientError E_ARGUMENT that says what is wrong; undefined when left out.
 */
export function fieldsOption(call: "findAll" | "findPage", fields: unknown, schema: Schema | undefined): FieldPath[] | undefined {
  if (fields === undefined) return undefined;
  try {
    return schemaFields(checkFields(fields), schema);
  } catch (error) {
    throw new ClientError("E_ARGUMENT", call, 0, (error as Error).message);
  }
}

/**
 * The generator's items with only the fields, picked locally (the service
 * returns whole items). Mapped per next() rather than by a wrapping async
 * generator, which would cost an await per item (deferGenerator.ts).
 */
export function pickedItems<R>(inner: AsyncGenerator<Item, R, undefined>, fields: readonly FieldPath[] | undefined): AsyncGenerator<Item, R, undefined> {
  if (fields === undefined) return inner;
  const pick = (result: IteratorResult<Item, R>): IteratorResult<Item, R> => (result.done === true ? result : { done: false, value: pickFields(result.value as Record<string, unknown>, fields) });
  const self: AsyncGenerator<Item, R, undefined> = {
    next: () => inner.next().then(pick),
    return: (value) => inner.return(value).then(pick),
    throw: (error) => inner.throw(error).then(pick),
    [Symbol.asyncIterator]: () => self,
  };
  return self;
}
