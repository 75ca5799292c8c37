/**
 * How every number with a unit is printed, in the workbench, the charts, the PDF and the CLI:
 * one rule, so a figure reads the same in every view (2,982 TPS in Scaling and in Compare, not
 * 2,982.49 in one and 2,982.50 in the other). Pure (Intl only): the core imports it too, for the
 * CLI and the report's text, since the renderer may import nothing from the core.
 *
 * The rule is significant digits, per unit, never a fixed number of decimals: DB time is
 * "19,347 s", not "19,347.0000 s"; a sub-millisecond wait is "0.276 ms", not "0.000 ms". Every
 * value of one unit at one magnitude gets the same decimals (trailing zeros are kept), so the
 * numbers of a column line up: 14.97 ms beside 60.76 ms, 1,199 MiB/s beside 2,602 MiB/s.
 */

/** Whole things (I/Os, transactions, waits): no fractions once there are a hundred of them. */
const COUNTS = new Set(['IOPS', 'TPM', 'NOPM', 'QPH', 'tpmC', 'calls', 'waits', 'errors', 'I/Os', 'pages', 'executions']);

interface Rule {
  /** Significant digits for values of 1 and more (the whole integer part is always shown). */
  sig: number;
  /** Significant digits below 1 (a sub-millisecond latency, a fraction of an I/O per second). */
  sigBelowOne: number;
  /** Never more decimals than this. */
  maxDecimals: number;
}

const DEFAULT_RULE: Rule = { sig: 4, sigBelowOne: 3, maxDecimals: 6 };
const RULES: Record<string, Rule> = {
  // Shares of a whole: one decimal reads right at every size (68.1%, 5.0%, 0.4%).
  '%': { sig: 3, sigBelowOne: 2, maxDecimals: 2 },
};

/** The number of decimals `value` is printed with in `unit`. */
export function decimalsFor(value: number, unit: string): number {
  const a = Math.abs(value);
  if (a === 0 || !Number.isFinite(a)) return 0;
  const magnitude = Math.floor(Math.log10(a));
  if (COUNTS.has(unit) && a >= 100) return 0;
  const rule = RULES[unit] ?? DEFAULT_RULE;
  const sig = a >= 1 ? rule.sig : rule.sigBelowOne;
  // Rounding can carry into the next power of ten (9.9996 -> 10.00): decide on the rounded value.
  const decimals = Math.max(0, Math.min(rule.maxDecimals, sig - 1 - magnitude));
  const rounded = Number(a.toFixed(decimals));
  if (rounded >= 10 ** (magnitude + 1) && decimals > 0 && a >= 1) return Math.max(0, decimals - 1);
  return decimals;
}

/** `value` in `unit`, as every view prints it; "–" for a missing value. */
export function formatNumber(value: number | undefined | null, unit: string, locale: string): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  const d = decimalsFor(value, unit);
  // -0.000 reads as a change where there is none.
  const v = Object.is(Number(value.toFixed(d)), -0) ? 0 : value;
  return v.toLocaleString(locale, { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** The number and its unit: "0.276 ms", "19,347 s", "12,345 IOPS". */
export function formatWithUnit(value: number | undefined | null, unit: string, locale: string): string {
  const n = formatNumber(value, unit, locale);
  return n === '–' || unit === '' ? n : `${n} ${unit}`;
}
