/**
 * Cell values as people type them: "1,234,567.8", "1 234,5" and "0,831" (decimal comma where
 * the separator is ';'), "70%", block sizes "4K" / "64KiB" / "1M", read mixes "70/30", and the
 * pattern codes of a storage test plan (RR, RW, RM, SR, SW, SM: study S1).
 */
import type { ParamValue } from '../types.js';
import type { Cell } from './grid.js';

/** A number from a cell, or null when the cell holds none (blank, "-", "n/a"). NaN when it is text. */
export function parseNumber(cell: Cell, decimalComma = false): number | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : NaN;
  let s = cell.trim().replace(/[\u00a0\u202f]/g, ' ');
  if (s === '' || /^(-|—|–|n\/?a|na|null|none|无|空)$/i.test(s)) return null;
  // A trailing "%" and unit ("ms", "MB/s") cut by a scan from the end: the patterns /\s*%$/ and
  // /\s*[a-z/]+$/ were tried at every character of a long run of blanks or letters (the fuzz suite).
  if (s.endsWith('%')) s = s.slice(0, -1).trimEnd();
  let unitAt = s.length;
  while (unitAt > 0 && /[a-zµμ/]/i.test(s[unitAt - 1]!)) unitAt--;
  // "1e" keeps its letter: an exponent's start, refused as a number below.
  if (unitAt < s.length && !/^e/i.test(s.slice(unitAt))) s = s.slice(0, unitAt).trimEnd();
  if (decimalComma) {
    // "1.234,5" or "1 234,5": dots and spaces group thousands, the comma is the decimal point.
    if (/^[-+]?\d{1,3}([. ]\d{3})*(,\d+)?$/.test(s) || /^[-+]?\d+(,\d+)?$/.test(s)) s = s.replace(/[. ]/g, '').replace(',', '.');
  } else if (/^[-+]?\d{1,3}([, ]\d{3})+(\.\d+)?$/.test(s)) {
    s = s.replace(/[, ]/g, '');
  }
  if (!/^[-+]?(\d+(?:\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(s)) return NaN;
  return Number(s);
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1048576, mb: 1048576, mib: 1048576, g: 1073741824, gb: 1073741824, gib: 1073741824 };

/**
 * A block size in bytes. Storage people mean binary multiples ("4K" = 4096, "4KB" too); a bare
 * number is bytes unless the column's unit says K or M.
 */
export function parseSize(cell: Cell, unitFactor = 1): number | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell * unitFactor;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?\s*$/i.exec(cell);
  if (!m) return cell.trim() === '' ? null : NaN;
  const unit = (m[2] ?? '').toLowerCase();
  return Number(m[1]) * (unit === '' ? unitFactor : SIZE_UNITS[unit]!);
}

/** "70/30", "70% read", "70", "100%" -> 70, 100 (the read share in percent). */
export function parseReadPct(cell: Cell): number | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell <= 1 && cell > 0 && !Number.isInteger(cell) ? cell * 100 : cell;
  const s = cell.trim();
  if (s === '') return null;
  const m = /^(\d+(?:\.\d+)?)\s*%?\s*(?:[/:]\s*\d+(?:\.\d+)?\s*%?)?/.exec(s);
  if (m) return Number(m[1]);
  if (/^(read|读)$/i.test(s)) return 100;
  if (/^(write|写)$/i.test(s)) return 0;
  return NaN;
}

/** S1's pattern codes (STUDIES.md): R/S = random/sequential, then R(ead)/W(rite)/M(ix 70/30). */
const PATTERN_CODES: Record<string, { pattern: string; read_pct: number }> = {
  RR: { pattern: 'random', read_pct: 100 },
  RW: { pattern: 'random', read_pct: 0 },
  RM: { pattern: 'random', read_pct: 70 },
  SR: { pattern: 'sequential', read_pct: 100 },
  SW: { pattern: 'sequential', read_pct: 0 },
  SM: { pattern: 'sequential', read_pct: 70 },
};

/**
 * The workload a label names: "RR", "4K random read", "8K 70/30 随机混合", "顺序写 64K".
 * Returns only what the label says.
 */
export function workloadParams(label: string): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  const s = label.trim();
  const code = PATTERN_CODES[s.toUpperCase()];
  if (code) return { ...code };
  const bs = /(?:^|[\s_/(-])(\d+(?:\.\d+)?)\s*(k|m|kb|kib|mb|mib)(?=$|[\s_/)-]|[^a-z])/i.exec(s);
  if (bs) out['bs'] = parseSize(`${bs[1]}${bs[2]}`)!;
  if (/rand|随机/i.test(s)) out['pattern'] = 'random';
  else if (/seq|sequential|顺序|连续/i.test(s)) out['pattern'] = 'sequential';
  const mix = /(\d{1,3})\s*%?\s*[/:]\s*(\d{1,3})\s*%?/.exec(s);
  if (mix && Number(mix[1]) + Number(mix[2]) === 100) out['read_pct'] = Number(mix[1]);
  else if (/read|读/i.test(s) && !/write|写/i.test(s)) out['read_pct'] = 100;
  else if (/write|写/i.test(s) && !/read|读/i.test(s)) out['read_pct'] = 0;
  return out;
}

/** A pattern cell: codes, words, or English/Chinese names. */
export function parsePattern(cell: Cell): Record<string, ParamValue> | null {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return null;
  const params = workloadParams(String(cell));
  if (params['pattern'] !== undefined || params['read_pct'] !== undefined) return params;
  return { pattern: String(cell).trim() };
}
