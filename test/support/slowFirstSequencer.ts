import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that take longest, longest first (durations of a whole run of the test command,
 * 2026-11-29, test/runTests.mjs's JSON reports). Vitest orders a run by each file's last duration, from
 * its cache under node_modules; a fresh clone has none, and then it runs the largest files first, which left
 * a short file that runs for a minute (orderByService) starting eight minutes in, alone at the end. A file
 * missing from this list only runs later; one that is gone from the repository is ignored.
 */
const SLOW_FIRST = [
  "packages/cli/test/bin.test.ts",
  "test/browser/playground.test.ts",
  "test/dynamodb/scopePages.dynamo.test.ts",
  "test/property/orderByService.test.ts",
  "test/dynamodb/dynamoExact.property.test.ts",
  "test/dynamodb/relativeDates.property.test.ts",
  "test/property/planExactness.test.ts",
  "test/e2e/dynamoSession.test.ts",
  "test/dynamodb/dynamoTimeouts.test.ts",
  "test/property/robustness.test.ts",
  "packages/cli/test/streamedData.test.ts",
  "test/e2e/readmeExamples.test.ts",
  "test/e2e/packaging.test.ts",
  "test/property/roundtrip.test.ts",
  "test/e2e/operators.test.ts",
  "test/property/findPage.test.ts",
  "packages/cli/test/dynamoTimeouts.test.ts",
  "packages/cli/test/dynamodb.test.ts",
  "test/property/findAll.test.ts",
  "test/browser/playgroundModes.test.ts",
  "test/dynamodb/stringKeyRanges.property.test.ts",
  "test/dynamodb/sizeType.property.test.ts",
  "packages/emulator/test/scanNdjsonTable.test.ts",
  "test/dynamodb/dynamoIndexes.property.test.ts",
];

/** Vitest's order (each project's files together, the isolated project first), with SLOW_FIRST's files first in each project. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);

    const rank = (spec: TestSpecification): number => {
      const at = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    const projects: TestSpecification[][] = [];
    for (const spec of sorted) {
      const last = projects[projects.length - 1];
      if (last !== undefined && last[0]!.project.name === spec.project.name) last.push(spec);
      else projects.push([spec]);
    }
    // Array.prototype.sort is stable: files off the list keep vitest's order.
    return projects.flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}
