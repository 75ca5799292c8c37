/**
 * What is cut off, read from the page's boxes: elements that reach past the window's right edge
 * where nothing scrolls them (an element inside a box that scrolls or clips it, such as a wide
 * table in its own scroll, is not cut off: the box is what must fit), and whether a tab can be
 * brought fully into view. As the chart-overlap check does for a chart's words, this reads the
 * laid-out page, whatever put it there.
 */
import type { Page } from 'playwright-core';

/**
 * Kept as plain JavaScript text: tsx compiles functions passed to page.evaluate with esbuild's
 * keepNames, whose `__name` helper does not exist in the page.
 */
const PAST_THE_EDGE = `() => {
  const W = document.documentElement.clientWidth;
  const clippedWithin = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' && a.getBoundingClientRect().right <= W + 1) return true;
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= W + 1) continue;
    if (getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
    if (clippedWithin(el)) continue;
    const name = el.tagName.toLowerCase() + (el.getAttribute('data-testid') ? '[data-testid=' + el.getAttribute('data-testid') + ']' : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    out.push(name + ' ends at ' + Math.round(r.right) + ' px (' + (el.textContent || '').trim().slice(0, 40) + ')');
  }
  return out;
}`;

/** Elements reaching past the window's right edge that nothing scrolls: should be none. */
export async function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(`(${PAST_THE_EDGE})()`) as Promise<string[]>;
}

/** The box of an element, in the window's px. */
export async function boxOf(page: Page, selector: string): Promise<{ left: number; right: number; top: number; bottom: number } | null> {
  return page.evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return null; const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; })()`) as Promise<{ left: number; right: number; top: number; bottom: number } | null>;
}
