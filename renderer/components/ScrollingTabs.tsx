/**
 * A row of tabs that never runs off the window: at 1024 px a study's ten or eleven tabs do not
 * fit, so the row scrolls on its own, with ‹ › buttons at the ends that show there is more (the
 * arrow keys move through every tab, and the selected one is always scrolled into view).
 */
import type { JSX, KeyboardEvent, ReactNode } from 'react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n.js';

interface Props {
  label: string;
  /** The selected tab's key: scrolled into view whenever it changes. */
  selected: string;
  onKeyDown(e: KeyboardEvent<HTMLDivElement>): void;
  children: ReactNode;
}

export function ScrollingTabs({ label, selected, onKeyDown, children }: Props): JSX.Element {
  const { t } = useI18n();
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  useEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(selected)}"]`);
    if (!tab || !list.current) return;
    // Only the row scrolls: the page stays where the user is.
    const row = list.current;
    const from = tab.offsetLeft - row.offsetLeft;
    if (from < row.scrollLeft) row.scrollLeft = from - 24;
    else if (from + tab.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = from + tab.offsetWidth - row.clientWidth + 24;
    measure();
  }, [selected, measure]);
  const scroll = (by: number): void => list.current?.scrollBy({ left: by * Math.max(120, (list.current?.clientWidth ?? 0) * 0.6) });
  return (
    <div className="tab-strip" data-overflow={more.left || more.right ? 'true' : 'false'}>
      {more.left && <button type="button" className="tab-scroll left" tabIndex={-1} aria-label={t('study.tabsBack')} title={t('study.tabsBack')} onClick={() => scroll(-1)}>‹</button>}
      <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown} onScroll={measure}>
        {children}
      </div>
      {more.right && <button type="button" className="tab-scroll right" tabIndex={-1} aria-label={t('study.tabsMore')} title={t('study.tabsMore')} onClick={() => scroll(1)}>›</button>}
    </div>
  );
}
