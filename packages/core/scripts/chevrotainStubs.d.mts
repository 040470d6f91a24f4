import type { Plugin } from "esbuild";
export declare function chevrotainStubs(): { plugin: Plugin; check(): void };
