/**
 * A file's warnings as the import sheet lists them: the importer says "<run>: <warning>" per run,
 * so a sweep of 40 short runs would print "runtime under 60 s" 40 times. One warning repeated for
 * several runs is listed once, with its count and the runs named.
 */
export interface GroupedWarning {
  text: string;
  /** The runs it was said of (empty: a warning of the file itself). */
  runs: string[];
}

export function groupRunWarnings(warnings: readonly string[], runNames: readonly string[]): GroupedWarning[] {
  // Longest names first: "job 10" is not "job 1" followed by "0: ...".
  const names = [...new Set(runNames)].sort((a, b) => b.length - a.length);
  const out: GroupedWarning[] = [];
  const byText = new Map<string, GroupedWarning>();
  for (const w of warnings) {
    const name = names.find((n) => w.startsWith(`${n}: `));
    if (name === undefined) {
      out.push({ text: w, runs: [] });
      continue;
    }
    const text = w.slice(name.length + 2);
    const seen = byText.get(text);
    if (seen) {
      if (!seen.runs.includes(name)) seen.runs.push(name);
      continue;
    }
    const g = { text, runs: [name] };
    byText.set(text, g);
    out.push(g);
  }
  return out;
}
