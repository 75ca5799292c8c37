/**
 * What tells runs apart that would otherwise be repetitions of one workload. One function, runs'
 * parameters and file paths in, ranked discriminators out, independent of the store: the
 * repetition check calls it with imported runs and their values, and the import sheet can call it
 * with staged files before anything is written.
 *
 * Looked at, in turn:
 * - a token of the file or folder names: within each group, what is left of the paths once their
 *   common beginning and end are cut (at a separator: `sysbench.ro.` … `.32.res` leaves `short`
 *   and `long`); the same context in every group makes one path-parameter rule
 *   (`ro\.(short|long)\.`), which `--path-param` and the Runs and Compare views' button apply;
 * - a parameter the files carry that is no pairing key, with values that recur across groups (a
 *   run's measured time, different in every run, tells nothing);
 * - the host, the device or file (fio's `filename`) or the server version they ran on: proposed
 *   as configurations rather than as a parameter;
 * - the day they ran.
 * Ranked by how many groups each splits, then by whether splitting by it leaves each part tighter
 * than the group (when values are given), then by kind.
 */
import type { Discriminator, ParamValue, PathParamRule } from '../../contract/records.js';
import { paramsFromPath, ruleProblem } from '../import/path-params.js';

export interface RunFacts {
  id: number;
  /** The file's path as imported (folders included, any separator). */
  file: string;
  params: Readonly<Record<string, ParamValue>>;
  start?: string | null;
  host?: string | null;
  /** The figure the group is judged on, when known (staged files have none). */
  value?: number;
}

/** Parameters that name what a run ran on. */
const RAN_ON = new Set(['target', 'device', 'server_version', 'db_version', 'version']);
/** Parameters measured rather than set, or identities of a file: never a discriminator. */
const NOT_TELLING = new Set(['runtime_s', 'size_bytes', 'elapsed_s', 'time_s', 'begin_snap', 'end_snap', 'db_id', 'job', 'jobname', 'name', 'groupid']);

/** The name a path token's parameter is proposed under (the user may rename it before accepting). */
export const PATH_TOKEN_PARAM = 'variant';
/** The name a folder's token is proposed under. */
export const PATH_FOLDER_PARAM = 'folder';

const SEPARATORS = /[/._\-\s]/;
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normal = (p: string): string => p.replace(/\\/g, '/');

/** The common beginning of strings, cut back to just after a separator. */
function commonPrefix(xs: readonly string[]): string {
  let n = 0;
  const first = xs[0]!;
  while (n < first.length && xs.every((x) => x[n] === first[n])) n++;
  let cut = first.slice(0, n);
  if (xs.some((x) => x.length > n)) {
    let i = cut.length;
    while (i > 0 && !SEPARATORS.test(cut[i - 1]!)) i--;
    cut = cut.slice(0, i);
  }
  return cut;
}

function commonSuffix(xs: readonly string[]): string {
  const reversed = xs.map((x) => [...x].reverse().join(''));
  return [...commonPrefix(reversed)].reverse().join('');
}

interface TokenSplit {
  left: string;
  right: string;
  tokens: Map<number, string>;
  /** The token is a whole folder name or part of one (else of the file's own name). */
  folder: boolean;
}

/** The token that differs within one set of strings (paths, or one folder level of them), with its context on both sides. */
function splitOf(ids: readonly number[], texts: readonly string[], atStart: boolean, atEnd: boolean, folder: boolean): TokenSplit | null {
  const pre = commonPrefix(texts);
  const rest = texts.map((p) => p.slice(pre.length));
  const suf = commonSuffix(rest);
  const tokens = new Map<number, string>();
  for (const [i, id] of ids.entries()) tokens.set(id, rest[i]!.slice(0, rest[i]!.length - suf.length));
  if ([...tokens.values()].some((t) => t === '' || t.includes('/'))) return null;
  // The context: the last token before (with its separator) and the separator after.
  const beforeSep = pre.length ? pre[pre.length - 1]! : '';
  const head = pre.slice(0, -1);
  const lastToken = head.split(SEPARATORS).pop() ?? '';
  const left = pre.length === 0 ? (atStart ? '(?:^|/)' : '/') : beforeSep === '/' ? '(?:^|/)' : escapeRe(`${lastToken}${beforeSep}`);
  const right = suf.length ? escapeRe(suf[0]!) : atEnd ? '$' : '/';
  return { left, right, tokens, folder };
}

/**
 * The tokens that differ within a group of paths, each with its context. Paths of one depth are
 * compared folder level by folder level, so a server's folder and a file-name token that both
 * vary (`mariadb-10.2/sysbench.ro.short.1.res`, `mysql-8.0/sysbench.ro.long.1.res`) are two
 * tokens, each its own parameter, rather than one difference that spans a "/" and is none.
 */
function tokenSplits(group: readonly RunFacts[]): TokenSplit[] {
  const paths = group.map((r) => normal(r.file));
  if (new Set(paths).size < 2) return [];
  const ids = group.map((r) => r.id);
  // One file name in every path: what differs is a folder's.
  const base = (p: string): string => p.split('/').pop()!;
  const whole = splitOf(ids, paths, true, true, paths.every((p) => base(p) === base(paths[0]!)));
  if (whole) return [whole];
  const levels = paths.map((p) => p.split('/'));
  const depth = levels[0]!.length;
  if (levels.some((l) => l.length !== depth)) return [];
  const out: TokenSplit[] = [];
  for (let i = 0; i < depth; i++) {
    const at = levels.map((l) => l[i]!);
    if (new Set(at).size < 2) continue;
    const s = splitOf(ids, at, true, i === depth - 1, i < depth - 1);
    if (s) out.push(s);
  }
  return out;
}

/**
 * Does splitting each group by `key` leave each part tighter than the group, the same way in the
 * groups (the long-range run above the short-range one at every thread count)? A repetition
 * index splits every group into single runs too, but its order is noise. Null without values.
 */
function separates(groups: ReadonlyArray<readonly RunFacts[]>, key: (r: RunFacts) => string | null): boolean | null {
  let judged = 0;
  let tighter = 0;
  // For each ordered pair of values, in how many groups the first was higher.
  const above = new Map<string, { first: number; both: number }>();
  for (const g of groups) {
    const withValue = g.filter((r) => typeof r.value === 'number');
    if (withValue.length < 2) continue;
    const whole = spread(withValue.map((r) => r.value!));
    if (whole <= 0) continue;
    const parts = new Map<string, number[]>();
    for (const r of withValue) {
      const k = key(r);
      if (k === null) continue;
      parts.set(k, [...(parts.get(k) ?? []), r.value!]);
    }
    if (parts.size < 2) continue;
    judged++;
    const within = Math.max(...[...parts.values()].map(spread));
    if (within <= whole / 2) tighter++;
    const means = [...parts.entries()].map(([k, vs]) => [k, vs.reduce((a, b) => a + b, 0) / vs.length] as const).sort((a, b) => a[0].localeCompare(b[0]));
    for (let i = 0; i < means.length; i++) {
      for (let j = i + 1; j < means.length; j++) {
        const pair = `${means[i]![0]}\u0000${means[j]![0]}`;
        const c = above.get(pair) ?? { first: 0, both: 0 };
        c.both++;
        if (means[i]![1] > means[j]![1]) c.first++;
        above.set(pair, c);
      }
    }
  }
  if (judged === 0) return null;
  // Every pair of values seen together in two groups or more keeps its order in 80% of them.
  const seenTwice = [...above.values()].filter((c) => c.both >= 2);
  const consistent = seenTwice.every((c) => Math.max(c.first, c.both - c.first) / c.both >= 0.8);
  return tighter / judged >= 0.8 && consistent;
}

/** The mean, over the groups with values, of the widest part's spread against the group's: lower is tighter. Null without values. */
function withinRatio(groups: ReadonlyArray<readonly RunFacts[]>, key: (r: RunFacts) => string | null): number | null {
  const ratios: number[] = [];
  for (const g of groups) {
    const withValue = g.filter((r) => typeof r.value === 'number');
    const whole = spread(withValue.map((r) => r.value!));
    if (whole <= 0) continue;
    const parts = new Map<string, number[]>();
    for (const r of withValue) {
      const k = key(r);
      if (k !== null) parts.set(k, [...(parts.get(k) ?? []), r.value!]);
    }
    if (parts.size < 2) continue;
    ratios.push(Math.max(...[...parts.values()].map(spread)) / whole);
  }
  return ratios.length ? ratios.reduce((a, b) => a + b, 0) / ratios.length : null;
}

const spread = (values: readonly number[]): number => {
  if (values.length < 2) return 0;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo + hi > 0 ? (hi - lo) / ((hi + lo) / 2) : 0;
};

const KIND_ORDER: Record<Discriminator['kind'], number> = { host: 0, param: 1, path: 2, day: 3 };

/**
 * What tells the runs of each group apart, best first. `groups`: run ids that pair as repetitions
 * (a group of one is ignored); `runs`: every run named in them.
 */
export function whatTellsApart(runs: readonly RunFacts[], groups: ReadonlyArray<readonly number[]>): Discriminator[] {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const gs = groups.map((g) => g.map((id) => byId.get(id)).filter((r): r is RunFacts => r !== undefined)).filter((g) => g.length >= 2);
  if (gs.length === 0) return [];
  const out: Discriminator[] = [];
  const splitsBy = (key: (r: RunFacts) => string | null): { splits: number; values: Set<string>; runs: number[] } => {
    let splits = 0;
    const values = new Set<string>();
    const ids: number[] = [];
    for (const g of gs) {
      const vs = new Set(g.map(key).filter((v): v is string => v !== null));
      if (vs.size >= 2) {
        splits++;
        for (const v of vs) values.add(v);
        ids.push(...g.map((r) => r.id));
      }
    }
    return { splits, values, runs: ids };
  };
  const keyOf = new Map<Discriminator, (r: RunFacts) => string | null>();
  const push = (d: Omit<Discriminator, 'separates' | 'groups'>, key: (r: RunFacts) => string | null): void => {
    if (d.splits === 0) return;
    const made: Discriminator = { ...d, groups: gs.length, separates: separates(gs, key) };
    keyOf.set(made, key);
    out.push(made);
  };

  // Parameters (the device or file a run used among them).
  const keys = new Set(gs.flatMap((g) => g.flatMap((r) => Object.keys(r.params))));
  for (const k of keys) {
    if (NOT_TELLING.has(k)) continue;
    const key = (r: RunFacts): string | null => (r.params[k] === undefined ? null : String(r.params[k]));
    const s = splitsBy(key);
    // A value seen in one run only, in every group (a measured time), recurs nowhere: no parameter of a design.
    const all = gs.flat().map(key).filter((v): v is string => v !== null);
    const recurring = new Set(all).size <= Math.max(1, all.length / 2);
    if (!recurring) continue;
    push({ kind: 'param', param: k, values: [...s.values].sort(natural), ran_on: RAN_ON.has(k), splits: s.splits, runs: s.runs }, key);
  }

  // The host.
  const host = (r: RunFacts): string | null => r.host ?? null;
  const h = splitsBy(host);
  push({ kind: 'host', param: 'host', values: [...h.values].sort(natural), ran_on: true, splits: h.splits, runs: h.runs }, host);

  // Tokens of the paths: a rule per context the split groups share (a folder level and a
  // file-name token may both vary: each is a parameter of its own), the most common first.
  const splits = gs.flatMap(tokenSplits);
  if (splits.length > 0) {
    const contexts = new Map<string, TokenSplit[]>();
    for (const t of splits) contexts.set(`${t.left}\u0000${t.right}`, [...(contexts.get(`${t.left}\u0000${t.right}`) ?? []), t]);
    const named = new Set<string>();
    const chosen = [...contexts.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 3);
    for (const [context, members] of chosen) {
      const [left, right] = context.split('\u0000') as [string, string];
      const values = [...new Set(members.flatMap((t) => [...t.tokens.values()]))].sort((a, b) => b.length - a.length || natural(a, b));
      // A token is proposed as "variant"; beside another, a folder's as "folder" (a second of a
      // kind gets a number; the user renames them before accepting).
      const stem = chosen.length > 1 && members.every((t) => t.folder) ? PATH_FOLDER_PARAM : PATH_TOKEN_PARAM;
      let param = stem;
      for (let n = 2; named.has(param); n++) param = `${stem}${n}`;
      const rule: PathParamRule = { pattern: `${left}(${values.map(escapeRe).join('|')})${right}`, param };
      if (ruleProblem(rule) !== null) continue;
      named.add(param);
      const key = (r: RunFacts): string | null => {
        const v = paramsFromPath(normal(r.file), [rule])[param];
        return v === undefined ? null : String(v);
      };
      const s = splitsBy(key);
      push({ kind: 'path', param, values: [...s.values].sort(natural), rule, ran_on: false, splits: s.splits, runs: s.runs }, key);
    }
  }

  // The day they ran.
  const day = (r: RunFacts): string | null => (r.start ? r.start.slice(0, 10) : null);
  const d = splitsBy(day);
  push({ kind: 'day', param: 'day', values: [...d.values].sort(), ran_on: false, splits: d.splits, runs: d.runs }, day);

  const sepScore = (x: Discriminator): number => (x.separates === true ? 2 : x.separates === null ? 1 : 0);
  // Where neither separates cleanly (two factors vary at once), the one whose parts are tighter leads.
  const within = new Map(out.map((x) => [x, withinRatio(gs, keyOf.get(x)!)]));
  const tight = (x: Discriminator): number => within.get(x) ?? Infinity;
  return out.sort((a, b) => b.splits - a.splits || sepScore(b) - sepScore(a) || tight(a) - tight(b) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.param.localeCompare(b.param));
}

function natural(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}
