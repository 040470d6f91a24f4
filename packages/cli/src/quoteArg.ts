/** A word for a POSIX shell: as it is when it is safe, else in single quotes. */
export function quoteArg(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
