export declare const UNICODE_VERSION: string;
export declare function caseFoldingTable(): string;
