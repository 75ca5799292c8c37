/** A report page's size and margins in CSS px (96 per inch), shared by the paginator and the blocks that size charts for the page. */
import type { ReportDocument } from '../../../app/contract/records.js';

export const MM = 96 / 25.4;
const PAGES = { A4: [210, 297], Letter: [215.9, 279.4] } as const;
export const MARGIN = { side: 16, top: 16, bottom: 22 };

export function pageGeometry(doc: ReportDocument): { width: number; height: number; contentWidth: number; contentHeight: number; css: string } {
  const [w, h] = PAGES[doc.report.layout.page];
  const [pw, ph] = doc.report.layout.orientation === 'landscape' ? [h, w] : [w, h];
  return {
    width: pw * MM,
    height: ph * MM,
    contentWidth: (pw - 2 * MARGIN.side) * MM,
    contentHeight: (ph - MARGIN.top - MARGIN.bottom) * MM,
    css: `@page { size: ${doc.report.layout.page} ${doc.report.layout.orientation}; margin: 0 }`,
  };
}
