/**
 * "Did you mean": when a study, configuration, period or metric named on the command line (or by
 * the UI) does not exist, the error lists the closest names there are, so a typo is one look
 * away instead of an empty result. Closeness: the same name in another case, then a name that
 * starts with the one given (or is its start), then edit distance (Damerau-Levenshtein:
 * "raed.iops" is one transposition from "read.iops"), within a third of the name's length.
 */
import { NotFoundError } from './errors.js';

export type NameKind = 'study' | 'configuration' | 'period' | 'metric' | 'parameter';

/** A name that does not exist, with the closest that do: the CLI prints it, --json as an object. */
export class UnknownNameError extends NotFoundError {
  constructor(readonly kind: NameKind, readonly unknown: string, readonly suggestions: string[], message: string) {
    super(message);
    this.name = 'UnknownNameError';
  }

  /** The error as `perfdelta ... --json` prints it. */
  toJSON(): { error: { code: 'unknown_name'; kind: NameKind; name: string; message: string; suggestions: string[] } } {
    return { error: { code: 'unknown_name', kind: this.kind, name: this.unknown, message: this.message, suggestions: this.suggestions } };
  }
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The names closest to `wanted`, best first (at most `max`); empty when none is close. */
export function closestNames(wanted: string, names: Iterable<string>, max = 5): string[] {
  const w = wanted.trim().toLowerCase();
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of new Set(names)) {
    const n = name.toLowerCase();
    let score: number | null = null;
    if (n === w) score = 0;
    else if (w.length >= 2 && (n.startsWith(w) || w.startsWith(n))) score = 1 + Math.abs(n.length - w.length) / 100;
    else {
      const dist = editDistance(w, n);
      // A name's last part alone ("iopz" for "read.iops") is compared too: scopes are long.
      const tail = (s: string): string => s.slice(s.lastIndexOf('.') + 1);
      const tailDist = w.includes('.') && n.includes('.') && w.split('.')[0] === n.split('.')[0] ? editDistance(tail(w), tail(n)) : Infinity;
      const best = Math.min(dist, tailDist);
      if (best <= Math.max(2, Math.floor(w.length / 3))) score = 2 + best;
      else if (w.length >= 3 && n.includes(w)) score = 10 + n.length / 100;
    }
    if (score !== null) scored.push({ name, score });
  }
  return scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name)).slice(0, max).map((s) => s.name);
}

/** The error for a name that does not exist among `names` (what the study has). */
export function unknownName(kind: NameKind, wanted: string, names: readonly string[], where: string): UnknownNameError {
  const suggestions = closestNames(wanted, names);
  // Nothing close: the names there are, when they are few enough to read.
  const some = [...new Set(names)].slice(0, 12);
  const close = suggestions.length > 0 ? `; the closest: ${suggestions.map((s) => `"${s}"`).join(', ')}`
    : names.length === 0 ? `; ${where} has none` : `; it has: ${some.join(', ')}${names.length > some.length ? ', ...' : ''}`;
  return new UnknownNameError(kind, wanted, suggestions, `unknown ${kind} "${wanted}" in ${where}${close}`);
}
