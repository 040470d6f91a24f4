/** Kept in step with package.json by hand: reading it at run time would cost a file read on every start. */
export const VERSION = "0.1.0";
