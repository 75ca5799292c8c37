/**
 * Where a drawn chart's words are, read from the page: every text element ECharts laid out
 * (titles, legend entries, axis names and labels, value labels, knee pins' words) with its four
 * corners after rotation, from the live zrender scene of a chart in window.perfdeltaCharts. A
 * test can then say that no two overlap and none runs off the chart, whatever drew them.
 */
import type { Page } from 'playwright-core';

export interface TextBox {
  text: string;
  /** Corners in the chart's px, in order around the box. */
  corners: Array<[number, number]>;
}

export interface ChartTexts {
  width: number;
  height: number;
  boxes: TextBox[];
}

/**
 * The scene walk, run in the page. Kept as plain JavaScript text: tsx compiles functions passed to
 * page.evaluate with esbuild's keepNames, whose `__name` helper does not exist in the page.
 */
const SCENE_TEXTS = `(chartId) => {
  const chart = window.perfdeltaCharts[chartId];
  const hidden = (el) => {
    for (let e = el; e; e = e.parent || e.__hostTarget || null) if (e.ignore || e.invisible) return true;
    return false;
  };
  const boxes = [];
  // A text is no displayable of its own: its lines (tspans) and background are, its children.
  const texts = new Set();
  for (const d of chart.getZr().storage.getDisplayList(true)) if (d.parent && d.parent.type === 'text') texts.add(d.parent);
  for (const el of texts) {
    if (hidden(el)) continue;
    const text = el.style && el.style.text;
    if (!text || (el.style && el.style.opacity === 0)) continue;
    const r = el.getBoundingRect();
    if (r.width === 0 || r.height === 0) continue;
    const m = el.getComputedTransform() || [1, 0, 0, 1, 0, 0];
    const at = (x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
    boxes.push({ text: String(text), corners: [at(r.x, r.y), at(r.x + r.width, r.y), at(r.x + r.width, r.y + r.height), at(r.x, r.y + r.height)] });
  }
  return { width: chart.getWidth(), height: chart.getHeight(), boxes };
}`;

/** The visible text boxes of chart `id` (hidden labels, e.g. by hideOverlap, are not drawn and not listed). */
export async function chartTexts(page: Page, id: string): Promise<ChartTexts> {
  return page.evaluate(`(${SCENE_TEXTS})(${JSON.stringify(id)})`) as Promise<ChartTexts>;
}

/** Whether two convex quadrilaterals overlap by more than `tolerance` px (separating axis test). */
export function quadsOverlap(a: Array<[number, number]>, b: Array<[number, number]>, tolerance = 0.5): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i]!;
      const [x2, y2] = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(x2 - x1, y2 - y1);
      if (len === 0) continue;
      const nx = (y1 - y2) / len;
      const ny = (x2 - x1) / len;
      const project = (p: Array<[number, number]>): [number, number] => {
        const d = p.map(([x, y]) => x * nx + y * ny);
        return [Math.min(...d), Math.max(...d)];
      };
      const [amin, amax] = project(a);
      const [bmin, bmax] = project(b);
      if (amax - tolerance <= bmin || bmax - tolerance <= amin) return false;
    }
  }
  return true;
}

/** Every pair of words that print over each other, and every word that runs off the chart. */
export function textProblems(t: ChartTexts): string[] {
  const out: string[] = [];
  for (let i = 0; i < t.boxes.length; i++) {
    for (let j = i + 1; j < t.boxes.length; j++) {
      if (quadsOverlap(t.boxes[i]!.corners, t.boxes[j]!.corners)) out.push(`"${t.boxes[i]!.text}" overlaps "${t.boxes[j]!.text}"`);
    }
    if (t.boxes[i]!.corners.some(([x, y]) => x < -1 || y < -1 || x > t.width + 1 || y > t.height + 1)) out.push(`"${t.boxes[i]!.text}" runs off the chart`);
  }
  return out;
}
