/**
 * A COSBench stage with several works. COSBench keys a stage's report by operation id, one per
 * operation of each work (Report / Metrics in github.com/intel-cloud/cosbench), and names each
 * metrics entry only by its operation and sample type: a stage of two `prepare` works (64 KB and
 * 64 MB objects) writes `prepare-write` twice, in the stage CSV as two columns under every metric
 * group and in the workload summary as two rows of one stage. Nothing else tells the works apart,
 * so they are split where an operation name repeats (the entries come work by work), and each
 * work is named by the size of the objects it moved.
 */

/** The works of a stage: runs of entry indexes, a new one wherever a name repeats within the current one. */
export function splitWorks(names: readonly string[]): number[][] {
  const works: number[][] = [];
  let current: number[] = [];
  let seen = new Set<string>();
  names.forEach((name, i) => {
    if (seen.has(name)) {
      works.push(current);
      current = [];
      seen = new Set();
    }
    seen.add(name);
    current.push(i);
  });
  if (current.length > 0) works.push(current);
  return works;
}

/**
 * An object size as COSBench configures it: decimal units ("64KB" is 64000 bytes, CSVWorkloadExporter
 * bytes / ops), so 64000 reads "64 KB", 64000000 "64 MB"; anything else in bytes.
 */
export function objectSizeLabel(bytes: number): string {
  for (const [unit, size] of [['GB', 1e9], ['MB', 1e6], ['KB', 1e3]] as const) {
    if (bytes >= size && Math.abs(bytes / size - Math.round(bytes / size)) < 0.005) return `${Math.round(bytes / size)} ${unit}`;
  }
  return `${Math.round(bytes)} B`;
}

/** The run name of work `index` (0-based) of `stage`: "s1-prepare work 2 (64 MB objects)". */
export function workName(stage: string, index: number, objectBytes: number | null): string {
  return `${stage} work ${index + 1}${objectBytes !== null ? ` (${objectSizeLabel(objectBytes)} objects)` : ''}`;
}
