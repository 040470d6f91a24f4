import { SchemaInference, type InferenceState, type ListFilter } from "@itemfilter/core";
import { scanNdjsonRange, type RangeJob, type RangeScan } from "@itemfilter/emulator";
import { MAX_SEEN } from "../attributeHints.js";
import { keepOf } from "./keepOf.js";

type Item = Record<string, unknown>;

/** A range of a data file for another thread, with what it needs to keep items as the main thread does. */
export interface DataRangeJob {
  scan: RangeJob;
  /** The reduction's keep filters (keepOf). */
  filters: readonly (readonly ListFilter[])[];
  /** The attributes the schema is inferred for. */
  names: readonly string[];
}

/** What a range gave: the scan's findings, the inference over its items, and its first items (for the hints' sample). */
export interface DataRangeScan {
  scan: RangeScan;
  inference: InferenceState;
  sample: Item[];
}

/** Scans one range as streamedTables scans the first: inference, sample and keep per good item, in order. */
export async function scanDataRange(job: DataRangeJob): Promise<DataRangeScan> {
  const inference = new SchemaInference(job.names);
  const sample: Item[] = [];
  const keep = keepOf(job.filters);
  const scan = await scanNdjsonRange(job.scan, (item) => {
    inference.add(item);
    if (sample.length < MAX_SEEN) sample.push(item);
    return keep(item);
  });
  return { scan, inference: inference.state(), sample };
}
