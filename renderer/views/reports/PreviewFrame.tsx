/**
 * The report preview in the page's own flow: no box of its own height scrolling inside the
 * scrolling page (issue 39), and pages narrower than the view scaled down to its width, so an
 * A4 page is seen whole at 1024 px instead of cut at its right edge. Only the preview is scaled:
 * the print page lays out the same pages at their size.
 */
import type { JSX, ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReportDocument } from '../../../app/contract/records.js';
import { pageGeometry } from './page-geometry.js';

/** The frame's padding on each side, px (report.css: .report-preview). */
const PADDING = 18;

export function PreviewFrame({ doc, children }: { doc: ReportDocument | null; children: ReactNode }): JSX.Element {
  const frame = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = (): void => setRoom(el.clientWidth - 2 * PADDING);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const width = doc ? pageGeometry(doc).width : null;
  const zoom = width && room && room < width ? Math.max(0.4, room / width) : 1;
  return (
    <div className="report-preview" data-testid="report-preview" ref={frame} data-zoom={zoom.toFixed(3)}
      style={{ '--preview-zoom': String(zoom) } as Record<string, string>}>
      {children}
    </div>
  );
}
