/**
 * The name of the new study a drop would go into (when no study is open, or the user asks for a
 * new one): the folder the files share, else the name the files have in common
 * ("miztiik-automation-apps-4kb_md0.json", "miztiik-automation-apps-8kb_md1.json" →
 * "miztiik-automation-apps"), never the first file's whole long name.
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

/** A name cut into words and the separators between them: "a-b_c" → ["a", "-", "b", "_", "c"]. */
const SEPARATOR = /([-_.\s]+)/;
const words = (s: string): string[] => s.split(SEPARATOR).filter((w) => w !== '');
const isSeparator = (w: string): boolean => /^[-_.\s]+$/.test(w);

/** The whole words every name starts with (or, `fromEnd`, ends with), separators trimmed. */
function sharedWords(names: readonly string[][], fromEnd: boolean): string {
  const lists = names.map((n) => (fromEnd ? [...n].reverse() : n));
  let k = 0;
  while (lists.every((l) => k < l.length && l[k] === lists[0]![k])) k++;
  const kept = lists[0]!.slice(0, k);
  // A partial word is not a name ("seq" of "seqread" and "seqwrite"): the lists are whole words.
  if (fromEnd) kept.reverse();
  while (kept.length && isSeparator(kept[0]!)) kept.shift();
  while (kept.length && isSeparator(kept[kept.length - 1]!)) kept.pop();
  return kept.join('');
}

/**
 * The name the files have in common: one file's own name; several files' shared leading words
 * (a project's prefix), else their shared trailing words; null when they share none with a
 * letter or digit in it.
 */
export function commonName(paths: readonly string[]): string | null {
  const stems = paths.map(stem).filter((s) => s.trim() !== '');
  if (stems.length === 0) return null;
  if (new Set(stems).size === 1) return stems[0]!.trim();
  const split = stems.map(words);
  const head = sharedWords(split, false);
  const tail = sharedWords(split, true);
  const named = (w: string): boolean => /[\p{L}\p{N}]/u.test(w);
  return named(head) ? head : named(tail) ? tail : null;
}

/** A name no study has yet: "rbd", else "rbd (2)", "rbd (3)"… (compared as the store compares slugs: case and punctuation aside). */
export function newStudyName(paths: readonly string[], taken: readonly string[], fallback: string): string {
  const base = (commonFolder(paths) ?? commonName(paths) ?? '').trim() || fallback;
  const key = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  const used = new Set(taken.map(key));
  let name = base;
  for (let i = 2; used.has(key(name)); i++) name = `${base} (${i})`;
  return name;
}
