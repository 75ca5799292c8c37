/**
 * The colours of series, and which series gets which. Okabe–Ito's eight (distinguishable with
 * every common colour-vision deficiency) and four more from Paul Tol's muted set, twelve in all:
 * issue 27's sweep put three configurations × four workloads on one chart and the old eight
 * repeated. A configuration (or period) takes the colour of its place in the study's order (the
 * order of import), so it keeps one colour in every chart, view, report and export; past twelve,
 * the colour comes round again with another dash, marker and bar pattern, never the same look.
 */
export const PALETTE = [
  '#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000',
  '#882255', '#332288', '#999933', '#8C510A',
];

/**
 * The same twelve on a dark background: Okabe–Ito's blue (#0072B2), black, Tol's indigo and wine
 * vanish on near-black, so the dark palette leads with the sky blue and lightens those; the order
 * of the hues is otherwise kept, so "the second series is orange" holds in both themes.
 */
export const PALETTE_DARK = [
  '#56B4E9', '#E69F00', '#009E73', '#CC79A7', '#7FC4EE', '#E8702A', '#F0E442', '#D9D9D9',
  '#CC6699', '#8877DD', '#BBBB55', '#C68A4A',
];

const DASHES = ['solid', 'dashed', 'dotted'] as const;
const SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'roundRect', 'pin'] as const;
/** Bar patterns (ECharts decals) for the second and later rounds of the palette. */
const DECALS = [
  null,
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: Math.PI / 4, color: 'rgba(255,255,255,0.55)' },
  { symbol: 'circle', symbolSize: 0.6, dashArrayX: [[2, 4]], dashArrayY: [2, 4], color: 'rgba(255,255,255,0.6)' },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4, color: 'rgba(255,255,255,0.55)' },
] as const;

export interface SeriesStyle {
  color: string;
  /** 0 for the first round of the palette, 1 past twelve, and so on. */
  variant: number;
  dash: (typeof DASHES)[number];
  symbol: (typeof SYMBOLS)[number];
  /** A bar's pattern past the first round (ECharts `itemStyle.decal`), null within it. */
  decal: Record<string, unknown> | null;
}

/** The style of slot `k`: colour k mod 12, and a variant (dash, marker, bar pattern) per round. */
export function slotStyle(k: number, palette: readonly string[] = PALETTE): SeriesStyle {
  const n = palette.length;
  const variant = Math.floor(k / n);
  return {
    color: palette[k % n]!,
    variant,
    dash: DASHES[variant % DASHES.length]!,
    symbol: SYMBOLS[variant % SYMBOLS.length]!,
    decal: (DECALS[variant % DECALS.length] as Record<string, unknown> | null) ?? null,
  };
}

/**
 * The styles of one chart's series, by their labels. A label of the study's `order`
 * (configurations, then periods) keeps its slot there; any other (a volume, a run) takes the
 * first slot no series of this chart holds, in the order given. Two series never look alike.
 */
export function seriesStyles(labels: readonly string[], order: readonly string[], palette: readonly string[] = PALETTE): SeriesStyle[] {
  const slots = labels.map((l) => order.indexOf(l));
  const taken = new Set(slots.filter((k) => k >= 0));
  let next = 0;
  const seen = new Map<string, number>();
  return labels.map((label, i) => {
    let k = slots[i]!;
    if (k < 0) {
      // The same label twice in one chart (a run's read and write) shares its slot.
      const again = seen.get(label);
      if (again !== undefined) k = again;
      else {
        while (taken.has(next)) next++;
        k = next;
        taken.add(k);
      }
    }
    seen.set(label, k);
    return slotStyle(k, palette);
  });
}

/** One label's style, as every chart gives it. */
export function labelStyle(label: string, order: readonly string[], palette: readonly string[] = PALETTE): SeriesStyle {
  return seriesStyles([label], order, palette)[0]!;
}

/** A lighter (t > 0) or darker (t < 0) shade of a #rrggbb colour: a configuration's second run, its read/write/total. */
export function shade(color: string, t: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = parseInt(m[1]!, 16);
  const mix = (c: number): number => Math.round(t >= 0 ? c + (255 - c) * t : c * (1 + t));
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
