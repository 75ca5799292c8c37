/**
 * The study a drop goes into unless the user picks one: a new study named from the files (the
 * folder they share, else the first file's name without its extension), never the study that
 * happens to be open (a first import then landed in a sample study).
 */

/** The last folder all paths share ("results/rbd/a.json", "results/rbd/b.json" → "rbd"), or null. */
function commonFolder(paths: readonly string[]): string | null {
  const dirs = paths.map((p) => p.replace(/\\/g, '/').split('/').slice(0, -1));
  if (dirs.length === 0 || dirs.some((d) => d.length === 0)) return null;
  let shared = dirs[0]!;
  for (const d of dirs.slice(1)) {
    let i = 0;
    while (i < shared.length && i < d.length && shared[i] === d[i]) i++;
    shared = shared.slice(0, i);
  }
  const last = shared.filter((s) => s && s !== '.' && s !== '..').pop();
  return last ?? null;
}

function stem(path: string): string {
  const name = path.replace(/\\/g, '/').split('/').pop() ?? path;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A name no study has yet: "rbd", else "rbd (2)", "rbd (3)"… (compared as the store compares slugs: case and punctuation aside). */
export function newStudyName(paths: readonly string[], taken: readonly string[], fallback: string): string {
  const base = (commonFolder(paths) ?? (paths[0] ? stem(paths[0]) : '')).trim() || fallback;
  const key = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  const used = new Set(taken.map(key));
  let name = base;
  for (let i = 2; used.has(key(name)); i++) name = `${base} (${i})`;
  return name;
}
