import type { Plugin } from "esbuild";
export declare function liveParser(plugins?: Plugin[]): Promise<{ parser: unknown; kinds: Record<string, new (...args: never[]) => unknown>; getLookaheadPaths: unknown }>;
export declare function lookaheadPaths(built: { parser: unknown; kinds: Record<string, new (...args: never[]) => unknown>; getLookaheadPaths: unknown }, rule: object): { key: string; paths: { name: string }[][][] }[];
export declare function recordGrammar(): Promise<{ rules: string; paths: string }>;
