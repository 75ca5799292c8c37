/**
 * HammerDB 4.7 CLI console captures (`hammerdbcli auto run.tcl | tee vu10.log`), written to the
 * shape FORMATS.md 5.1 and 5.4 describe: the banner, the diset echoes of the driver settings
 * (pg_raiseerror, allwarehouse, timeprofile), the virtual users created with the monitor, the
 * rampup and timing lines, users that finish FAILED after an error, the result line and the end
 * markers. For the importers' tests and the e2e study of issue 40 (MySQL 8.0 against
 * PostgreSQL 14, TPROC-C at 1, 10 and 100 virtual users).
 */

export interface CaptureSpec {
  db: 'MySQL' | 'PostgreSQL';
  vus: number;
  nopm: number;
  tpm: number;
  /** Worker virtual users (2..vus+1, Vuser 1 is the monitor) that finish FAILED. */
  failed?: readonly number[];
  /** pg_raiseerror / mysql_raiseerror as the driver script set it. */
  raiseerror?: boolean;
  /** The isolation line the driver script echoes before the run (absent: none printed). */
  isolation?: string;
  /** The date HammerDB's timestamps would carry, for the "Timestamp" lines (absent: none). */
  rampupMin?: number;
  durationMin?: number;
}

const PREFIX: Record<CaptureSpec['db'], string> = { MySQL: 'mysql', PostgreSQL: 'pg' };

/** One CLI console capture of one test, as `tee` keeps it (a blank line between HammerDB's lines). */
export function hammerdbCliCapture(spec: CaptureSpec): string {
  const p = PREFIX[spec.db];
  const rampup = spec.rampupMin ?? 2;
  const duration = spec.durationMin ?? 5;
  const failed = new Set(spec.failed ?? []);
  const lines: string[] = [
    'HammerDB CLI v4.7',
    'Copyright (C) 2003-2023 Steve Shaw',
    'Type "help" for a list of commands',
    'Initialized SQLite on-disk database /tmp/hammer.DB using existing tables (53,248 KiB)',
    `hammerdb>source /home/bench/run_${p}.tcl`,
    'SETTING CONFIGURATION',
    `Database set to ${spec.db}`,
    `Benchmark set to TPC-C for ${spec.db}`,
    `Changed connection:${p}_host from localhost to 10.20.0.7 for ${spec.db}`,
    `Changed tpcc:${p}_count_ware from 1 to 400 for ${spec.db}`,
    `Changed tpcc:${p}_num_vu from 1 to ${spec.vus} for ${spec.db}`,
    spec.raiseerror === undefined ? `Value false for tpcc:${p}_raiseerror is the same as existing value false, no change made`
      : spec.raiseerror ? `Changed tpcc:${p}_raiseerror from false to true for ${spec.db}` : `Value false for tpcc:${p}_raiseerror is the same as existing value false, no change made`,
    `Value false for tpcc:${p}_allwarehouse is the same as existing value false, no change made`,
    `Value false for tpcc:${p}_timeprofile is the same as existing value false, no change made`,
    `Changed tpcc:${p}_driver from test to timed for ${spec.db}`,
    `Changed tpcc:${p}_rampup from 2 to ${rampup} for ${spec.db}`,
    `Changed tpcc:${p}_duration from 5 to ${duration} for ${spec.db}`,
    'Script loaded, Type "print script" to view',
    ...(spec.isolation ? [`Transaction isolation level: ${spec.isolation}`] : []),
    'TEST SEQUENCE STARTED',
    `${spec.vus} VU TEST`,
    'Vuser 1 created MONITOR - WAIT IDLE',
  ];
  for (let vu = 2; vu <= spec.vus + 1; vu++) lines.push(`Vuser ${vu} created - WAIT IDLE`);
  lines.push('Logging activated', 'to /tmp/hammerdb.log', `${spec.vus + 1} Virtual Users Created with Monitor VU`, 'Vuser 1:RUNNING', `Vuser 1:Beginning rampup time of ${rampup} minutes`);
  for (let vu = 2; vu <= spec.vus + 1; vu++) lines.push(`Vuser ${vu}:RUNNING`, `Vuser ${vu}:Processing 10000000 transactions with output suppressed...`);
  for (let m = 1; m <= rampup; m++) lines.push(`Vuser 1:Rampup ${m} minutes complete ...`, `Timer: ${m} minutes elapsed`);
  lines.push('Vuser 1:Rampup complete, Taking start Transaction Count.', `Vuser 1:Timing test period of ${duration} in minutes`);
  // Serialization failures end a user only when errors are raised (raiseerror true).
  for (const vu of [...failed].sort((a, b) => a - b)) {
    lines.push(`Vuser ${vu}:Error in Virtual User ${vu}: ERROR:  could not serialize access due to concurrent update`, `Vuser ${vu}:FINISHED FAILED`);
  }
  for (let m = 1; m <= duration; m++) lines.push(`Vuser 1:${m} ...,`, `Timer: ${rampup + m} minutes elapsed`);
  lines.push(
    'Vuser 1:Test complete, Taking end Transaction Count.',
    `Vuser 1:${spec.vus} Active Virtual Users configured`,
    `Vuser 1:TEST RESULT : System achieved ${spec.nopm} NOPM from ${spec.tpm} ${spec.db} TPM`,
    'Vuser 1:FINISHED SUCCESS',
  );
  for (let vu = 2; vu <= spec.vus + 1; vu++) if (!failed.has(vu)) lines.push(`Vuser ${vu}:FINISHED SUCCESS`);
  lines.push('ALL VIRTUAL USERS COMPLETE', 'vudestroy success', 'TEST SEQUENCE COMPLETE');
  return lines.join('\n\n') + '\n';
}

/** Workers 2..n+1 that fail: the last `count` of them (the first users finish). */
export function lastUsers(vus: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => vus + 1 - i).reverse();
}
