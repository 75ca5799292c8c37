/**
 * Lines drawn over the same categories, each point labelled with its value: at each category
 * the highest point's label goes above it and every other label below, so two labels never
 * print over each other. On a tie (fio's percentiles are bucket values: read and write often
 * share one) the first line's label goes above.
 */
export function labelSides(lines: ReadonlyArray<ReadonlyArray<number | null>>): Array<Array<'top' | 'bottom'>> {
  const categories = Math.max(0, ...lines.map((l) => l.length));
  const above: number[] = [];
  for (let c = 0; c < categories; c++) {
    let best = -1;
    lines.forEach((l, i) => {
      const v = l[c];
      if (v !== null && v !== undefined && (best < 0 || v > lines[best]![c]!)) best = i;
    });
    above.push(best);
  }
  return lines.map((l, i) => l.map((_, c) => (above[c] === i ? 'top' : 'bottom')));
}
