/**
 * Runs stored before validity facts existed carry them as words: HammerDB's "95 virtual user(s)
 * finished FAILED" warning, fio's "fio reported error 28" error, COSBench's "read: 25.13% of the
 * operations failed" warning and "COSBench reports the stage as ..." error. The migration that
 * adds the facts reads them back into facts (the same builders the importers use now) and takes
 * those words off, so the run says each thing once, and an error that is a fact about the run
 * no longer reads as a broken file.
 */
import type Database from 'better-sqlite3';
import type { ValidityFact } from '../../../importers/types.js';
import { ERROR_SHARE_LIMIT, failedUsers, stopped } from '../../../importers/validity.js';
import { jobErrorFact } from '../../../importers/fio/job-error.js';

interface Row { id: number; tool: string; params: string; warnings: string; errors: string }

/** The facts a stored run's words state, and the words that remain. */
export function factsFromWords(tool: string, params: Record<string, unknown>, warnings: string[], errors: string[]): { validity: ValidityFact[]; warnings: string[]; errors: string[] } {
  const validity: ValidityFact[] = [];
  const keptWarnings: string[] = [];
  const keptErrors: string[] = [];
  for (const w of warnings) {
    let m: RegExpExecArray | null;
    if (tool === 'hammerdb' && (m = /^(\d+) virtual user\(s\) finished FAILED$/.exec(w))) {
      const fact = failedUsers(Number(m[1]), typeof params['vus'] === 'number' ? params['vus'] : null);
      if (fact) validity.push(fact);
    } else if (tool === 'cosbench' && (m = /^(.+): ([\d.]+)% of the operations failed \(success ratio ([\d.]+)%\)$/.exec(w))) {
      validity.push({ code: 'failed-operations', severity: Number(m[2]) >= ERROR_SHARE_LIMIT * 100 ? 'invalid' : 'warning', message: w });
    } else {
      keptWarnings.push(w);
    }
  }
  for (const e of errors) {
    let m: RegExpExecArray | null;
    if (tool === 'fio' && (m = /^fio reported error (-?\d+)(?: for job "(.*)")?$/.exec(e))) {
      const fact = jobErrorFact(Number(m[1]), m[2] ?? null);
      if (fact) validity.push(fact);
    } else if (tool === 'cosbench' && /^COSBench reports the stage as "/.test(e)) {
      validity.push(stopped('stage-status', e));
    } else {
      keptErrors.push(e);
    }
  }
  return { validity, warnings: keptWarnings, errors: keptErrors };
}

export function backfillValidity(db: Database.Database): void {
  const rows = db.prepare(`SELECT id, tool, params, warnings, errors FROM runs WHERE validity = '[]' AND tool IN ('hammerdb', 'fio', 'cosbench')`).all() as Row[];
  const update = db.prepare('UPDATE runs SET validity = ?, warnings = ?, errors = ? WHERE id = ?');
  for (const r of rows) {
    const read = factsFromWords(r.tool, JSON.parse(r.params) as Record<string, unknown>, JSON.parse(r.warnings) as string[], JSON.parse(r.errors) as string[]);
    if (read.validity.length === 0) continue;
    update.run(JSON.stringify(read.validity), JSON.stringify(read.warnings), JSON.stringify(read.errors), r.id);
  }
}
