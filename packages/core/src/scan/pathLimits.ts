/*
 * How long a path into an attribute may be, apart from the scanner, so a
 * tree's checks (validateTree.ts) need not carry it.
 */

/** DynamoDB nests documents at most 32 levels deep, so a path has at most 32 steps after its attribute. */
export const MAX_PATH_STEPS = 32;

/** The largest list index a path takes: the largest a JavaScript array has. */
export const MAX_INDEX = 2 ** 32 - 2;
