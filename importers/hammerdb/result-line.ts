/**
 * The TPROC-C result line and the names HammerDB gives databases and benchmarks.
 */

export interface TestResult {
  tpm: number;
  nopm: number;
  /** The database as printed in the result line ("SQL Server", "MySQL"). */
  db: string;
}

/**
 * FORMATS.md 5.1: v2.23–v3.3 print "System achieved <TPM> <DB> TPM at <NOPM> NOPM"; v4+ print
 * "System achieved <NOPM> NOPM from <TPM> <DB> TPM", or the old order again when
 * `<first_result>TPM</first_result>` is set, so both orders are accepted from every version.
 * The database name may contain a space ("SQL Server"), hence the lazy `(.+?)`.
 */
const NEW_ORDER = /System achieved (\d+(?:\.\d+)?) NOPM from (\d+(?:\.\d+)?) (.+?) TPM\b/;
const OLD_ORDER = /System achieved (\d+(?:\.\d+)?) (.+?) TPM at (\d+(?:\.\d+)?) NOPM\b/;

export function parseTestResult(message: string): TestResult | null {
  const n = NEW_ORDER.exec(message);
  if (n) return { nopm: Number(n[1]), tpm: Number(n[2]), db: n[3]!.trim() };
  const o = OLD_ORDER.exec(message);
  if (o) return { tpm: Number(o[1]), db: o[2]!.trim(), nopm: Number(o[3]) };
  return null;
}

/** A line that is a result line: "TEST RESULT : ...", with or without the "Vuser 1:" prefix. */
export function isResultMessage(message: string): boolean {
  return /^TEST RESULT\s*:/.test(message);
}

/**
 * One spelling per database, so runs compare across versions and sources: the transaction
 * counter and the time profile use the internal name "MSSQLServer" where the result line says
 * "SQL Server" (FORMATS.md 5.2), and v2.23 printed "DB2" where v3+ print "Db2".
 */
const DB_NAMES: Record<string, string> = {
  mssqlserver: 'SQL Server',
  'sql server': 'SQL Server',
  mssqls: 'SQL Server',
  db2: 'Db2',
  oracle: 'Oracle',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  postgresql: 'PostgreSQL',
  postgres: 'PostgreSQL',
  timesten: 'TimesTen',
  redis: 'Redis',
  trafodion: 'Trafodion',
};

export function canonicalDb(name: string): string {
  const trimmed = name.trim();
  return DB_NAMES[trimmed.toLowerCase()] ?? trimmed;
}

/**
 * HammerDB v4.0 renamed its TPC-C and TPC-H derived workloads TPROC-C and TPROC-H; the CLI still
 * accepts and echoes the old names ("Benchmark set to TPC-C for MySQL"). It is the same workload,
 * so both spellings become the new name and v3 and v4 runs pair up.
 */
export function canonicalBenchmark(name: string): string | null {
  const n = name.trim().toUpperCase().replace(/\s+/g, '');
  if (n === 'TPC-C' || n === 'TPROC-C' || n === 'TPCC') return 'TPROC-C';
  if (n === 'TPC-H' || n === 'TPROC-H' || n === 'TPCH') return 'TPROC-H';
  return null;
}
