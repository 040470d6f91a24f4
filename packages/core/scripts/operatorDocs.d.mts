import type { OperatorInfo } from "../src/values/operators.js";
export const START: string;
export const END: string;
export function operatorTable(operators: readonly OperatorInfo[]): string;
export function replaceRegion(text: string, table: string): string;
