/**
 * True in the runs test/runTests.mjs makes on the supported Nodes besides the machine's (README "Node
 * versions"). A check whose answer no Node changes (a typecheck, publint, Are the Types Wrong: each reads
 * files, whatever Node runs it) is skipped there with `it.skipIf(onOtherNode)`, and counted as skipped:
 * the machine's run makes it. A table of cases that each start processes may take a share of its cases
 * there (packages/cli/test/bin.test.ts), as property tests take a share of their inputs (propertyRuns.ts).
 */
export const onOtherNode = process.env.ITEMFILTER_OTHER_NODE === "1";
