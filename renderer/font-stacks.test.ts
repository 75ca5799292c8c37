import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// Chinese text inside monospace elements (pairing-key labels, pasted sheets, SQL text) rendered as
// tofu boxes: no monospace system font has CJK glyphs on a bare Linux machine, and the web font
// the app bundles (Noto Sans SC, via @fontsource) is only used where a stack names it.
const here = path.dirname(fileURLToPath(import.meta.url));
const CJK_FAMILY = 'Noto Sans SC';

function cssFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) cssFiles(p, out);
    else if (e.name.endsWith('.css')) out.push(p);
  }
  return out;
}

/** Every rule's selector with its font-family stack (comments stripped). */
function fontStacks(css: string): { selector: string; stack: string[] }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: { selector: string; stack: string[] }[] = [];
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const [, selector = '', body = ''] = m;
    for (const [, value = ''] of body.matchAll(/font-family\s*:\s*([^;]+)/g)) {
      out.push({ selector: selector.trim(), stack: value.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, '')) });
    }
  }
  return out;
}

describe('font stacks and Chinese text', () => {
  const files = cssFiles(here);

  it('finds the renderer style sheets', () => {
    const names = files.map((f) => path.relative(here, f));
    assert.ok(names.includes('styles.css') && names.some((n) => n.endsWith('report.css')), names.join(' '));
  });

  it('names the bundled CJK family in every monospace stack, after the monospace fonts', () => {
    let monospace = 0;
    for (const file of files) {
      for (const { selector, stack } of fontStacks(fs.readFileSync(file, 'utf8'))) {
        if (!stack.some((f) => /monospace/i.test(f))) continue;
        monospace++;
        const cjk = stack.indexOf(CJK_FAMILY);
        assert.ok(cjk >= 0, `${path.relative(here, file)}: "${selector}" has no ${CJK_FAMILY} in ${stack.join(', ')}`);
        // Before 'monospace' it would win for Latin text too (ui-monospace is unknown to Chromium).
        assert.ok(cjk > stack.indexOf('monospace'), `${path.relative(here, file)}: "${selector}" puts ${CJK_FAMILY} before monospace`);
      }
    }
    assert.ok(monospace >= 5, `expected the app's monospace stacks, found ${monospace}`);
  });

  it('sets the workload filter label in the UI font, not monospace', () => {
    const stacks = fontStacks(fs.readFileSync(path.join(here, 'styles.css'), 'utf8'));
    const where = stacks.filter((s) => /label\.where\b/.test(s.selector));
    assert.ok(where.length > 0, 'label.where states its font');
    for (const s of where) assert.ok(!s.stack.some((f) => /monospace/i.test(f)), `${s.selector}: ${s.stack.join(', ')}`);
  });
});
