/**
 * Parameters that live in folder names. A DBA sweeping a parameter keeps each point in its own
 * folder (`slob_update0`, `slob_update3`, `slob_update10`: the share of updates) and the reports
 * inside never say it. The study holds rules, each a pattern with one capture group and the
 * parameter it gives (`update(\d+)` -> `update_pct`): applied to every run as it is imported,
 * and again to the runs already there when a rule is added, so the sweep draws in Scaling and
 * pairs across configurations. A captured number is a number ("10" -> 10).
 */
import type { ParamValue, ParsedRun } from '../../../importers/types.js';
import type { PathParamRule } from '../../contract/records.js';

/** `pattern`: a regular expression over the file's path (folders included, '/' separated), case-insensitive, with one capture group; `param`: lowercase letters, digits and '_'. */
export type { PathParamRule };

/** Parameters a rule may not set: what the importers read from the files themselves. */
const RESERVED = new Set(['report', 'inst_num', 'instance', 'db_id', 'db_name', 'begin_snap', 'end_snap', 'sessions']);

/** Why a rule cannot be used, or null. */
export function ruleProblem(rule: PathParamRule): string | null {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(rule.param)) return `parameter "${rule.param}": use lowercase letters, digits and _ (e.g. update_pct)`;
  if (RESERVED.has(rule.param)) return `parameter "${rule.param}" is read from the reports themselves`;
  let re: RegExp;
  try {
    re = new RegExp(rule.pattern, 'i');
  } catch (err) {
    return `pattern "${rule.pattern}": ${(err as Error).message}`;
  }
  // One capture group: what it captures is the value.
  const groups = new RegExp(`${re.source}|`).exec('')!.length - 1;
  if (groups !== 1) return `pattern "${rule.pattern}" needs exactly one capture group, the value (e.g. update(\\d+)); it has ${groups}`;
  return null;
}

const asValue = (s: string): ParamValue => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s);

/** The parameters a path gives under the rules (the last match of a pattern in the path wins: the innermost folder). */
export function paramsFromPath(path: string, rules: readonly PathParamRule[]): Record<string, ParamValue> {
  const p = path.replace(/\\/g, '/');
  const out: Record<string, ParamValue> = {};
  for (const rule of rules) {
    if (ruleProblem(rule)) continue;
    const re = new RegExp(rule.pattern, 'gi');
    let value: string | undefined;
    for (const m of p.matchAll(re)) if (m[1] !== undefined && m[1] !== '') value = m[1];
    if (value !== undefined) out[rule.param] = asValue(value);
  }
  return out;
}

/**
 * A run with the parameters its path gives. The file's own parameters win (a path never
 * overrides what a report says); the run's `path_params` table says which came from the path.
 */
export function withPathParams(run: ParsedRun, path: string, rules: readonly PathParamRule[]): ParsedRun {
  if (rules.length === 0) return run;
  const derived = paramsFromPath(path, rules);
  const added = Object.fromEntries(Object.entries(derived).filter(([k]) => run.params[k] === undefined));
  if (Object.keys(added).length === 0) return run;
  return { ...run, params: { ...run.params, ...added }, tables: { ...run.tables, path_params: { ...added } } };
}

interface Db {
  prepare(sql: string): { all(...args: unknown[]): unknown[]; run(...args: unknown[]): unknown };
}

/**
 * Derives the rules' parameters again for every run of a study (after rules were added,
 * changed or removed): a parameter that came from a path is replaced or dropped; one the file
 * gave is left alone. Returns how many runs changed.
 */
export function rederivePathParams(db: Db, studyId: number, rules: readonly PathParamRule[]): number {
  const rows = db.prepare(
    `SELECT r.id, r.params, r.tables, i.file_name FROM runs r JOIN imports i ON i.id = r.import_id WHERE r.study_id = ?`,
  ).all(studyId) as Array<{ id: number; params: string; tables: string; file_name: string }>;
  const update = db.prepare('UPDATE runs SET params = ?, tables = ? WHERE id = ?');
  let changed = 0;
  for (const row of rows) {
    const params = JSON.parse(row.params) as Record<string, ParamValue>;
    const tables = JSON.parse(row.tables) as Record<string, unknown>;
    const before = (tables['path_params'] ?? {}) as Record<string, ParamValue>;
    for (const k of Object.keys(before)) delete params[k];
    const derived = paramsFromPath(row.file_name, rules);
    const added = Object.fromEntries(Object.entries(derived).filter(([k]) => params[k] === undefined));
    Object.assign(params, added);
    if (Object.keys(added).length > 0) tables['path_params'] = added;
    else delete tables['path_params'];
    if (JSON.stringify(before) === JSON.stringify(added)) continue;
    update.run(JSON.stringify(params), JSON.stringify(tables), row.id);
    changed++;
  }
  return changed;
}

interface SettingsStore {
  db: Db;
  settings(studyId: number): { path_params?: PathParamRule[]; pairing_keys?: string[] };
  saveSettings(studyId: number, settings: object): void;
}

/**
 * Saves a study's rules (checked: a rule that cannot work is refused with the reason), derives
 * them again for its runs, and makes each parameter a pairing key (a sweep point pairs with the
 * same point of another configuration). `defaultKeys`: the pairing keys of a study that never
 * chose its own.
 */
export function savePathParams(store: SettingsStore, studyId: number, rules: readonly PathParamRule[], defaultKeys: readonly string[]): number {
  for (const r of rules) {
    const problem = ruleProblem(r);
    if (problem) throw new Error(problem);
  }
  const saved = store.settings(studyId);
  const keys = saved.pairing_keys ?? [...defaultKeys];
  const pairing = [...keys, ...rules.map((r) => r.param).filter((p) => !keys.includes(p))];
  store.saveSettings(studyId, { ...saved, path_params: rules.map((r) => ({ pattern: r.pattern, param: r.param })), pairing_keys: pairing });
  return rederivePathParams(store.db, studyId, rules);
}
