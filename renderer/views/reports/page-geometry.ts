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

/** Fewer sections than this: no contents at all (a two-section report needs no list). */
export const MIN_CONTENTS = 3;
/** Up to this many entries the contents fit on the title page under the title; more get a page of their own. */
export const COVER_CONTENTS = 12;

/** Where a report's contents go: nowhere, on the title page, or on a page of their own. */
/** Beside the findings on the title page, the contents fit when they are this short. */
const COVER_CONTENTS_WITH_FINDINGS = 8;

export function contentsPlacement(entries: number, withFindings = false): 'none' | 'cover' | 'page' {
  if (entries < MIN_CONTENTS) return 'none';
  return entries <= (withFindings ? COVER_CONTENTS_WITH_FINDINGS : COVER_CONTENTS) ? 'cover' : 'page';
}
