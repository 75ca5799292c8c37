/**
 * How a speedup is worded: one convention per report, printed on the page. Charts, tables, the
 * CLI and PDFs all call this module, so "6.90x" can never be "690%" somewhere else.
 *
 *   x-fold               "6.90x faster"      "latency 6.90x lower"
 *   percent-change       "+590.0%"           "latency -85.5%"
 *   percent-of-baseline  "690.0% of baseline" "latency at 14.5% of baseline"
 *
 * A pair is worded through its verdict (wordPair): a tie says "no change (+0.3%)", never
 * "1.00x faster"; a volume of work states its change without judging it; a metric measured in %
 * (CPU utilisation) changes by percentage points ("+1.5 pp"), which no ratio convention can say.
 */
import type { Verdict } from '../../contract/records.js';
import type { Better } from '../metrics/dictionary.js';

export const CONVENTIONS = ['x-fold', 'percent-change', 'percent-of-baseline'] as const;
export type RatioConvention = (typeof CONVENTIONS)[number];
export type WordingLocale = 'en' | 'zh-CN';

export interface Wordable {
  baseline: number;
  candidate: number;
  better: Better;
  /** The metric's noun for lower-is-better metrics ("latency"); null for rates. */
  noun: string | null;
  /**
   * A volume of work (waits, executions, physical writes done, an AWR load profile): its change
   * is stated as a change ("+16.9%") in every convention, never "faster" or "lower".
   */
  volume?: boolean;
}

const fold = (v: number): string => `${v.toFixed(2)}x`;
const pct = (v: number): string => `${v.toFixed(1)}%`;
const signed = (v: number): string => {
  const s = v.toFixed(1);
  return `${v >= 0 && !s.startsWith('-') ? '+' : ''}${s}%`;
};

/** The convention explained in one line, for the page that uses it. */
export function conventionNote(convention: RatioConvention, locale: WordingLocale = 'en'): string {
  const en: Record<RatioConvention, string> = {
    'x-fold': 'Ratios are x-fold: "2.00x faster" means twice the throughput; "latency 2.00x lower" means half the latency.',
    'percent-change': 'Ratios are % change of the candidate against the baseline, sign as measured: "latency -50.0%" means half the latency.',
    'percent-of-baseline': 'Ratios are the candidate as % of the baseline: "latency at 50.0% of baseline" means half the latency.',
  };
  const zh: Record<RatioConvention, string> = {
    'x-fold': '比值以倍数表示：“快 2.00 倍”指吞吐量为基线的两倍；“延迟降低到 1/2.00”指延迟为基线的一半。',
    'percent-change': '比值以相对基线的变化百分比表示，符号与实测一致：“延迟 -50.0%”指延迟为基线的一半。',
    'percent-of-baseline': '比值以基线的百分比表示：“延迟为基线的 50.0%”指延迟为基线的一半。',
  };
  return (locale === 'zh-CN' ? zh : en)[convention];
}

/** Words one comparison in the chosen convention; "–" where no ratio exists (a zero side). */
export function wordRatio(w: Wordable, convention: RatioConvention, locale: WordingLocale = 'en'): string {
  const { baseline: b, candidate: c, better, noun } = w;
  if (!(b > 0) || !(c > 0)) return '–';
  const zh = locale === 'zh-CN';
  const subject = noun ? (zh ? `${noun}` : `${noun} `) : '';
  if (w.volume) return `${subject}${zh && subject ? ' ' : ''}${signed(((c - b) / b) * 100)}`;
  switch (convention) {
    case 'x-fold': {
      if (better === 'higher') {
        if (zh) return c >= b ? `快 ${(c / b).toFixed(2)} 倍` : `慢 ${(b / c).toFixed(2)} 倍`;
        return c >= b ? `${fold(c / b)} faster` : `${fold(b / c)} slower`;
      }
      if (zh) return c <= b ? `${subject}降低到 1/${(b / c).toFixed(2)}` : `${subject}升高 ${(c / b).toFixed(2)} 倍`;
      return c <= b ? `${subject}${fold(b / c)} lower` : `${subject}${fold(c / b)} higher`;
    }
    case 'percent-change':
      return `${subject}${zh && subject ? ' ' : ''}${signed(((c - b) / b) * 100)}`;
    case 'percent-of-baseline':
      if (zh) return `${subject}为基线的 ${pct((c / b) * 100)}`;
      return noun ? `${subject}at ${pct((c / b) * 100)} of baseline` : `${pct((c / b) * 100)} of baseline`;
  }
}

/** The ratio in the convention, shortest form (a label on a bar): "6.90x", "-85.5%", "14.5%". */
export function shortRatio(w: Wordable, convention: RatioConvention, speedup: number | null): string {
  const { baseline: b, candidate: c } = w;
  if (!(b > 0) || !(c > 0)) return '–';
  if (convention === 'percent-change' || w.volume) return signed(((c - b) / b) * 100);
  if (convention === 'percent-of-baseline') return pct((c / b) * 100);
  return speedup === null ? '–' : fold(speedup);
}

/** One pair to word: its two values, the verdict the core reached, and the metric's unit. */
export interface PairWording extends Wordable {
  verdict: Verdict;
  /** The metric's unit: "%" words the change as a difference in percentage points. */
  unit: string;
}

/** A change within this much of zero is "no change"; beyond it, a tie is "within the tie band". */
const PRINTS_AS_ONE = 0.005;

/** "+1.5 pp" / "+1.5 个百分点": an absolute difference of two percentages. */
export function formatPoints(points: number, locale: WordingLocale = 'en'): string {
  const s = points.toFixed(1);
  const signedText = `${points >= 0 && !s.startsWith('-') ? '+' : ''}${s}`;
  return locale === 'zh-CN' ? `${signedText} 个百分点` : `${signedText} pp`;
}

/** A metric whose values are percentages: its changes are percentage points. */
export const isPercentUnit = (unit: string): boolean => unit === '%';

/**
 * A pair worded by its verdict in the report's convention and language. Better and worse pairs
 * read as wordRatio words them; a tie says so with the change it was judged on ("no change
 * (+0.3%)", "within the tie band (-1.2%)"); a neutral (volume) metric states its change
 * ("+16.9%"); a % metric gives the difference in percentage points in every convention.
 */
export function wordPair(w: PairWording, convention: RatioConvention, locale: WordingLocale = 'en'): string {
  const { baseline: b, candidate: c, noun, verdict } = w;
  const zh = locale === 'zh-CN';
  const points = isPercentUnit(w.unit) && Number.isFinite(b) && Number.isFinite(c);
  if (!points && (!(b > 0) || !(c > 0))) return '–';
  const change = points ? formatPoints(c - b, locale) : signed(((c - b) / b) * 100);
  if (verdict === 'tie') {
    const unchanged = points ? Math.abs(c - b) < 0.05 : Math.abs(c / b - 1) < PRINTS_AS_ONE;
    if (zh) return `${noun ?? ''}${unchanged ? '持平' : '在持平区间内'}（${change}）`;
    return `${noun ? `${noun}: ` : ''}${unchanged ? 'no change' : 'within the tie band'} (${change})`;
  }
  if (points) return zh ? `${noun ?? ''}${change}` : `${noun ? `${noun} ` : ''}${change}`;
  if (verdict === 'neutral') {
    // A volume of work (waits, executions): its change stated as a change ("+16.9%") in every
    // convention, never better or worse, never "faster".
    const subject = noun ? (zh ? noun : `${noun} `) : '';
    return `${subject}${zh && subject ? ' ' : ''}${change}`;
  }
  return wordRatio(w, convention, locale);
}

/** The pair's shortest label (a bar's): "6.90x", "-85.5%", or "+1.5 pp" for a % metric. */
export function shortPair(w: PairWording, convention: RatioConvention, speedup: number | null, locale: WordingLocale = 'en'): string {
  if (isPercentUnit(w.unit) && Number.isFinite(w.baseline) && Number.isFinite(w.candidate)) return formatPoints(w.candidate - w.baseline, locale);
  return shortRatio(w, convention, speedup);
}
