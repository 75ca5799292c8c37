/**
 * The tie band a study's comparisons use when nobody set one: twice the run-to-run noise its
 * repetitions measure (a change inside what two runs of the same workload differ by is no finding),
 * at least 1%; with no repetitions, a stated default of 2%, so a -0.6% change on one 10 s run
 * reads "no change", never a bold red "1.01x slower". Printed in the methods with where it came from.
 */
import type { TieBand } from '../../contract/records.js';

/** The default for studies without repetitions (one run a point). */
export const DEFAULT_TIE_BAND_PCT = 2;
/** A measured band is never narrower than this. */
export const MIN_MEASURED_TIE_BAND_PCT = 1;
const MAX_MEASURED_TIE_BAND_PCT = 20;

const roundUpHalf = (v: number): number => Math.ceil(v * 2) / 2;

export function tieBandOf(set: number | null | undefined, noise: { pct: number | null; workloads: number }, locale: 'en' | 'zh-CN' = 'en'): TieBand {
  const zh = locale === 'zh-CN';
  const n = (v: number): string => String(Number(v.toFixed(2)));
  if (set !== null && set !== undefined) {
    return { pct: set, source: 'set', noise_pct: noise.pct, noise_workloads: noise.workloads, text: zh ? `持平区间：±${n(set)}%（用户设定）` : `Tie band: ±${n(set)}% (set for this study)` };
  }
  if (noise.pct !== null && noise.workloads > 0) {
    const pct = Math.min(MAX_MEASURED_TIE_BAND_PCT, Math.max(MIN_MEASURED_TIE_BAND_PCT, roundUpHalf(2 * noise.pct)));
    return {
      pct, source: 'measured', noise_pct: noise.pct, noise_workloads: noise.workloads,
      text: zh
        ? `持平区间：±${n(pct)}%，为该研究重复运行间噪声（${noise.workloads} 个负载的半极差中位数 ±${n(noise.pct)}%）的两倍，至少 ${MIN_MEASURED_TIE_BAND_PCT}%`
        : `Tie band: ±${n(pct)}%, twice the run-to-run noise of the study's repetitions (median half-range ±${n(noise.pct)}% over ${noise.workloads} workload${noise.workloads === 1 ? '' : 's'}), at least ${MIN_MEASURED_TIE_BAND_PCT}%`,
    };
  }
  return {
    pct: DEFAULT_TIE_BAND_PCT, source: 'default', noise_pct: null, noise_workloads: 0,
    text: zh
      ? `持平区间：±${DEFAULT_TIE_BAND_PCT}%，没有重复运行可测量运行间噪声时的默认值`
      : `Tie band: ±${DEFAULT_TIE_BAND_PCT}%, the default where no repetitions measure run-to-run noise (one run a point)`,
  };
}

/** The same band stated in another language (settings are read in English). */
export function tieBandIn(band: TieBand, locale: 'en' | 'zh-CN'): TieBand {
  return tieBandOf(band.source === 'set' ? band.pct : undefined, { pct: band.source === 'default' ? null : band.noise_pct, workloads: band.source === 'default' ? 0 : band.noise_workloads }, locale);
}
