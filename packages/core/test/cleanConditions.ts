/**
 * Conditions with no problem, one of each shape people write (a string
 * prefix, a number, an in-list, a negated contains, a range, a null test, a
 * quoted name, a not): the clean operands the long-filter property tests
 * (parseAsScanned, compileSinking) join into kilobytes of filter.
 */
export const CLEAN_CONDITIONS: readonly string[] = [
  'name beginsWith "ab"',
  "score >= 3",
  'status in ("a", "b")',
  "tags notContains 'x'",
  "age between 18 and 65",
  "deleted is null",
  "`odd name` != -2.5e3",
  "not (kind = 1)",
];
