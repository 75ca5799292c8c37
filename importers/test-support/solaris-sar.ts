/**
 * Solaris `sar -A` text, written to FORMATS.md 6.2 for the sar importer's tests: the SunOS
 * banner, one header stacking a line per report, each sample's block (the CPU row after the time,
 * the other reports' rows below it in header order, a row per device; a report with nothing to
 * report prints no row, an empty run queue may print blank fields instead), and the closing
 * Average block in the same order, "Average" before each report's row or before the first only,
 * leaving out the table sizes (a state, not averaged). Every figure is exact in print, and the
 * Average is the mean of the rows printed, so a reader that puts every row in its report finds
 * sar's Average and the rows agreeing. Nothing here is a real host's output.
 */

export interface SarReport {
  /** The header line's words. */
  header: string;
  /** Figures per row (a device row adds its name before them). */
  columns: number;
}

/** The reports of Solaris sar -A in the order the header stacks them (FORMATS.md 6.2). */
export const SOLARIS_REPORTS: readonly SarReport[] = [
  { header: '%usr    %sys    %wio   %idle', columns: 4 },
  { header: 'device        %busy   avque   r+w/s  blks/s  avwait  avserv', columns: 6 },
  { header: 'runq-sz %runocc swpq-sz %swpocc', columns: 4 },
  { header: 'bread/s lread/s %rcache bwrit/s lwrit/s %wcache pread/s pwrit/s', columns: 8 },
  { header: 'swpin/s bswin/s swpot/s bswot/s pswch/s', columns: 5 },
  { header: 'scall/s  sread/s  swrit/s   fork/s   exec/s  rchar/s  wchar/s', columns: 7 },
  { header: 'iget/s namei/s dirbk/s', columns: 3 },
  { header: 'rawch/s canch/s outch/s rcvin/s xmtin/s mdmin/s', columns: 6 },
  { header: 'proc-sz    ov  inod-sz    ov  file-sz    ov   lock-sz', columns: 7 },
  { header: 'msg/s  sema/s', columns: 2 },
  { header: 'atch/s  pgin/s ppgin/s  pflt/s  vflt/s slock/s', columns: 6 },
  { header: 'pgout/s ppgout/s pgfree/s pgscan/s %ufs_ipf', columns: 5 },
  { header: 'freemem freeswap', columns: 2 },
  { header: 'sml_mem   alloc  fail  lg_mem   alloc  fail  ovsz_alloc  fail', columns: 8 },
];

export const CPU = 0;
export const DEVICE = 1;
export const QUEUE = 2;
export const TABLE_SIZES = 8;
export const IPC = 9;
export const MEMORY = 12;
export const KERNEL_MEMORY = 13;

export interface SolarisSarSpec {
  host: string;
  /** The banner's date, MM/DD/YYYY. */
  date: string;
  /** Samples taken, every `intervalMin` minutes from 00:00:00. */
  samples: number;
  intervalMin: number;
  devices: string[];
  /** Per sample (0-based), the reports that print no row at all in it. */
  silent?: Record<number, number[]>;
  /** Samples whose run queue was empty: its row printed with blank fields. */
  blankQueue?: number[];
  /**
   * Where the closing block prints "Average": before every row ("every-row"), before each
   * report's first row (the devices after the first untimed: "every-report"), or before the
   * block's first row only ("first").
   */
  averagePrefix: 'every-row' | 'every-report' | 'first';
  /** Added to sar's Average of the CPU's %idle: sar averaged intervals this file does not show. */
  idleAverageOffset?: number;
  crlf?: boolean;
}

/**
 * The figure of a report's column in a sample, as [value × 10^decimals, decimals]: integer
 * steps, so a mean of samples prints exactly. Each report's figures lie in a range of their own
 * (CPU shares under 100, the run queue 1-3, free memory in the hundreds of thousands): a row
 * read into another report shows.
 */
export function figure(report: number, column: number, sample: number, device = 0): number {
  switch (report) {
    case CPU:
      return [10 + sample, 5 + sample, 0, 85 - 2 * sample][column]!;
    case DEVICE:
      return [3 + device + sample, 0.1 * (device + 1), 5 + 2 * device + sample, 80 + 16 * device + 8 * sample, 0.1 * device, 4 + 0.2 * device + 0.1 * sample][column]!;
    case QUEUE:
      return [1 + 0.5 * sample, 1 + sample, 1, 1][column]!;
    case TABLE_SIZES:
      return 0;
    case MEMORY:
      return [812340 + 1000 * sample, 24680112 - 100 * sample][column]!;
    case KERNEL_MEMORY:
      return [35127296, 40812, 0, 212623360, 1402880 + 64 * sample, 0, 3473408, 0][column]!;
    default:
      return 10 * report + column + sample;
  }
}

const DECIMALS: Record<number, number[]> = {
  [CPU]: [0, 0, 0, 0], [DEVICE]: [0, 1, 0, 0, 1, 1], [QUEUE]: [1, 0, 1, 0], [IPC]: [2, 2],
};

function printed(report: number, column: number, value: number): string {
  const d = DECIMALS[report]?.[column] ?? 0;
  return value.toFixed(d);
}

/** A figure as the file prints it: rounded to its column's digits (sar's Average of four samples may be x.5 rounded). */
export const printedFigure = (report: number, column: number, value: number): number => Number(printed(report, column, value));

const time = (minutes: number): string => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** sar -A's text for the spec. */
export function solarisSarA(spec: SolarisSarSpec): string {
  const out: string[] = [];
  out.push('', `SunOS ${spec.host} 5.10 Generic_147440-01 sun4v    ${spec.date}`, '');
  SOLARIS_REPORTS.forEach((r, i) => out.push(`${i === 0 ? '00:00:00' : '        '}   ${r.header}`));
  const silent = (sample: number, report: number): boolean => spec.silent?.[sample]?.includes(report) ?? false;
  const row = (report: number, sample: number | null, device = 0): string => {
    const cols = SOLARIS_REPORTS[report]!.columns;
    if (report === TABLE_SIZES) return '  98/30000    0 4212/129797    0  612/612    0    0/0';
    const values = Array.from({ length: cols }, (_, c) => {
      if (sample !== null) return figure(report, c, sample, device);
      // The Average: the mean over the samples that printed the report.
      const shown = Array.from({ length: spec.samples }, (_, s) => s).filter((s) => !silent(s, report) && !(report === QUEUE && spec.blankQueue?.includes(s)));
      const mean = shown.reduce((n, s) => n + figure(report, c, s, device), 0) / shown.length;
      return report === CPU && c === 3 ? mean + (spec.idleAverageOffset ?? 0) : mean;
    });
    const text = values.map((v, c) => ` ${printed(report, c, v).padStart(7)}`).join('');
    return report === DEVICE ? `${spec.devices[device]!.padEnd(14)}${text}` : text;
  };
  for (let s = 0; s < spec.samples; s++) {
    out.push('');
    SOLARIS_REPORTS.forEach((_, r) => {
      if (silent(s, r)) return;
      const lead = r === CPU ? time((s + 1) * spec.intervalMin) : '        ';
      if (r === DEVICE) spec.devices.forEach((_, d) => out.push(`${lead} ${row(r, s, d)}`));
      else if (r === QUEUE && spec.blankQueue?.includes(s)) out.push(' '.repeat(33));
      else out.push(`${lead} ${row(r, s)}`);
    });
  }
  out.push('');
  let first = true;
  SOLARIS_REPORTS.forEach((_, r) => {
    if (r === TABLE_SIZES) return;
    const lead = (): string => {
      const l = spec.averagePrefix !== 'first' || first ? 'Average ' : '        ';
      first = false;
      return l;
    };
    if (r === DEVICE) spec.devices.forEach((_, d) => out.push(`${d === 0 || spec.averagePrefix === 'every-row' ? lead() : '        '} ${row(r, null, d)}`));
    else out.push(`${lead()} ${row(r, null)}`);
  });
  return out.join(spec.crlf ? '\r\n' : '\n') + (spec.crlf ? '\r\n' : '\n');
}

/** sar -A as FORMATS.md 6.2 has it: "Average" before each report's row, an empty run queue printed blank. */
export const SPEC_PER_REPORT: SolarisSarSpec = {
  host: 'sol10db', date: '04/16/2021', samples: 3, intervalMin: 10, devices: ['sd0', 'sd1', 'nfs1'], averagePrefix: 'every-report', blankQueue: [1],
};

/** Reports with nothing to report in the first sample (and the IPC one in the third): no row at all; CRLF; "Average" before every row. */
export const SPEC_SILENT_FIRST: SolarisSarSpec = {
  host: 'sol10app', date: '11/02/2022', samples: 4, intervalMin: 5, devices: ['ssd0', 'ssd1'], averagePrefix: 'every-row',
  silent: { 0: [QUEUE, IPC, KERNEL_MEMORY], 2: [IPC] }, crlf: true,
};
