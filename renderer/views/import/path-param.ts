/**
 * A parameter in the dropped files' folder names (`slob_update0`, `slob_update3`,
 * `slob_update10`): the import sheet proposes a rule for it, and shows what the rule reads from
 * each file before anything is imported. The core applies the rule (app/core/import/path-params.ts:
 * case-insensitive, one capture group, the innermost match, numbers as numbers).
 */

export interface PathParamProposal {
  pattern: string;
  param: string;
}

/**
 * A word followed by a number that varies between the files' folders ("update" in
 * slob_update0 ... slob_update10), as a rule; null when no folder part varies that way.
 */
export function proposePathParam(paths: readonly string[]): PathParamProposal | null {
  const found = new Map<string, Set<string>>();
  for (const p of paths) {
    const folders = p.replace(/\\/g, '/').split('/').slice(0, -1);
    for (const folder of folders) {
      for (const m of folder.matchAll(/([A-Za-z]+)[-_=]?(\d+(?:\.\d+)?)(?![\d.])/g)) {
        const word = m[1]!.toLowerCase();
        const values = found.get(word) ?? new Set<string>();
        values.add(m[2]!);
        found.set(word, values);
      }
    }
  }
  const best = [...found.entries()].filter(([, v]) => v.size >= 2).sort((a, b) => b[1].size - a[1].size)[0];
  if (!best) return null;
  const param = best[0].replace(/[^a-z0-9_]/g, '') || 'param';
  return { pattern: `${best[0]}[-_=]?(\\d+(?:\\.\\d+)?)`, param };
}

/** What a rule reads from a path (the innermost match), or null; undefined when the pattern is not a usable expression. */
export function valueFromPath(path: string, pattern: string): string | null | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'gi');
  } catch {
    return undefined;
  }
  let value: string | null = null;
  for (const m of path.replace(/\\/g, '/').matchAll(re)) if (m[1]) value = m[1];
  return value;
}
