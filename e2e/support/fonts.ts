/**
 * Which fonts Chromium drew text with (CDP CSS.getPlatformFontsForNode). Chinese drawn in a
 * system font without CJK glyphs shows as empty boxes while the DOM text reads right, so tests
 * ask the renderer itself.
 */
import type { Page } from 'playwright-core';

/** The system (non-web, non-monospace) fonts used by the nodes matched, with their text. */
export async function systemFontRuns(page: Page, selector: string): Promise<Array<{ text: string; font: string }>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const out: Array<{ text: string; font: string }> = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
      const text = outerHTML.replace(/<[^>]+>/g, '');
      // Latin in a system font is fine; every CJK character must be a glyph of the web font.
      const cjk = [...text].filter((c) => /[\u3000-\u9fff\uff00-\uffef]/.test(c)).length;
      const fromWebFont = fonts.filter((f) => f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
      if (cjk > fromWebFont) {
        out.push({ text: text.slice(0, 60), font: fonts.filter((f) => !f.isCustomFont && !/Mono/.test(f.familyName)).map((f) => f.familyName).join(', ') });
      }
    }
    return out;
  } finally {
    await cdp.detach();
  }
}
