/**
 * A generated study of the shape issue 40 met: MySQL 8.0 against PostgreSQL 14 on HammerDB 4.7
 * TPROC-C, SERIALIZABLE, at 1, 10 and 100 virtual users, PostgreSQL in three attempts
 * (pg_raiseerror false, true, false; the third at 10 users only), the 100-user attempt with
 * errors raised ending 95 of its 100 users FINISHED FAILED, and the author's README.md beside
 * the captures quoting their lines (headings, prose, a results table, fenced code). Every figure
 * is returned as written, so a test states what the product must say from these numbers alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hammerdbCliCapture, lastUsers } from './hammerdb-captures.js';

export interface StudyRun {
  vus: number;
  nopm: number;
  tpm: number;
  /** Worker users that finish FAILED. */
  failed: number;
}

export interface StudyConfig {
  /** The configuration label the captures are imported under. */
  label: string;
  folder: string;
  db: 'MySQL' | 'PostgreSQL';
  raiseerror: boolean;
  runs: StudyRun[];
}

/** In the order the author ran them (and imports them): MySQL first, the baseline. */
export const HAMMERDB_STUDY: readonly StudyConfig[] = [
  { label: 'MySQL 8.0', folder: 'mysql-8.0', db: 'MySQL', raiseerror: false, runs: [{ vus: 1, nopm: 1310, tpm: 3050, failed: 0 }, { vus: 10, nopm: 2480, tpm: 5770, failed: 0 }, { vus: 100, nopm: 2891, tpm: 6720, failed: 0 }] },
  { label: 'PostgreSQL 14 (pg_raiseerror=false)', folder: 'pg14-raiseerror-false', db: 'PostgreSQL', raiseerror: false, runs: [{ vus: 1, nopm: 1602, tpm: 3710, failed: 0 }, { vus: 10, nopm: 2950, tpm: 6820, failed: 0 }, { vus: 100, nopm: 3590, tpm: 8300, failed: 0 }] },
  { label: 'PostgreSQL 14 (pg_raiseerror=true)', folder: 'pg14-raiseerror-true', db: 'PostgreSQL', raiseerror: true, runs: [{ vus: 1, nopm: 1580, tpm: 3650, failed: 0 }, { vus: 10, nopm: 2700, tpm: 6240, failed: 2 }, { vus: 100, nopm: 410, tpm: 950, failed: 95 }] },
  { label: 'PostgreSQL 14 (pg_raiseerror=false, attempt 3)', folder: 'pg14-attempt-3', db: 'PostgreSQL', raiseerror: false, runs: [{ vus: 10, nopm: 2602, tpm: 6010, failed: 0 }] },
];

/**
 * The author's README: what they ran, a table of their figures, and the lines they quote from the
 * captures ("Vuser 1:TEST RESULT : System achieved 2891 NOPM ..." is the MySQL 100-user run;
 * "Vuser 30:FINISHED FAILED" one of the 95). Quoted, they are no HammerDB output.
 */
export function studyReadme(configs: readonly StudyConfig[] = HAMMERDB_STUDY): string {
  const rows = configs.flatMap((c) => c.runs.map((r) => `| ${c.label} | ${r.vus} | ${r.nopm} | ${r.tpm} | ${r.failed ? `${r.failed} users FINISHED FAILED` : ''} |`));
  const mysql100 = configs[0]!.runs.find((r) => r.vus === 100)!;
  return [
    '# MySQL 8.0 vs PostgreSQL 14: HammerDB TPROC-C, SERIALIZABLE, I/O-bound',
    '',
    'These are the results of running HammerDB 4.7 TPROC-C against MySQL 8.0 and PostgreSQL 14 on the',
    'same machine, with 400 warehouses and a buffer pool far smaller than the data, so the runs are',
    'I/O-bound. Both databases ran at SERIALIZABLE isolation.',
    '',
    '## Results',
    '',
    '| Database | Virtual users | NOPM | TPM | Notes |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    'The MySQL run at 100 users ended like this:',
    '',
    '```',
    'Vuser 1:100 Active Virtual Users configured',
    `Vuser 1:TEST RESULT : System achieved ${mysql100.nopm} NOPM from ${mysql100.tpm} MySQL TPM`,
    '```',
    '',
    'With `pg_raiseerror` set to true, PostgreSQL aborts the virtual users on serialization failures:',
    '',
    '```',
    'Vuser 30:Error in Virtual User 30: ERROR:  could not serialize access due to concurrent update',
    'Vuser 30:FINISHED FAILED',
    '```',
    '',
    '## Conclusion',
    '',
    'All the results are meaningless for this comparison: with errors ignored PostgreSQL keeps counting,',
    'with errors raised most of its users die, so the test will always favor Pg one way or the other.',
    '',
  ].join('\n');
}

/** Writes the study under `dir`: a folder of captures per configuration, the README beside them. */
export function writeHammerdbStudy(dir: string, configs: readonly StudyConfig[] = HAMMERDB_STUDY): { readme: string; folders: Record<string, string> } {
  fs.mkdirSync(dir, { recursive: true });
  const folders: Record<string, string> = {};
  for (const c of configs) {
    const folder = path.join(dir, c.folder);
    fs.mkdirSync(folder, { recursive: true });
    folders[c.label] = folder;
    for (const r of c.runs) {
      fs.writeFileSync(path.join(folder, `tprocc-vu${r.vus}.log`), hammerdbCliCapture({
        db: c.db, vus: r.vus, nopm: r.nopm, tpm: r.tpm, raiseerror: c.raiseerror, isolation: 'SERIALIZABLE', failed: r.failed ? lastUsers(r.vus, r.failed) : [],
      }));
    }
  }
  const readme = path.join(dir, 'README.md');
  fs.writeFileSync(readme, studyReadme(configs));
  return { readme, folders };
}
