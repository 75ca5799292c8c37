/**
 * What a drop of SVC statistics files held that no rate was derived from, said once per kind of
 * statistics rather than per file: an Nn file's `<dimm>`, `<uca>`, `<partnership>`... records,
 * the `<ca>` / `<cpy>` children of volume records, port counters without a documented meaning,
 * a volume group file's records. Rates come only from the counters FORMATS.md 4.1 gives formulas
 * for (importers/svc/counter-rates.ts); everything else stays in the kept files, and the import
 * says what it read past.
 */
import type { UnreadParts } from '../../../importers/svc/counter-scan.js';

const KIND_LABEL: Record<string, string> = {
  volume: 'volume statistics (Nv)', mdisk: 'MDisk statistics (Nm)', drive: 'drive statistics (Nd)', node: 'node statistics (Nn)', vgroup: 'volume group statistics (Ng)',
};

interface Parts {
  elements: Set<string>;
  children: Set<string>;
  attributes: Set<string>;
}

const grouped = (items: Iterable<string>, sep: string, show: (name: string) => string): string[] => {
  const by = new Map<string, string[]>();
  for (const item of items) {
    const at = item.indexOf(sep);
    const parent = item.slice(0, at);
    const list = by.get(parent) ?? [];
    list.push(item.slice(at + 1));
    by.set(parent, list);
  }
  return [...by].sort(([a], [b]) => a.localeCompare(b)).map(([parent, names]) => `${[...new Set(names)].sort().map(show).join(', ')} of <${parent}>`);
};

export class UnreadSummary {
  private readonly byKind = new Map<string, Parts>();

  add(kind: string, unread: UnreadParts): void {
    let parts = this.byKind.get(kind);
    if (!parts) this.byKind.set(kind, (parts = { elements: new Set(), children: new Set(), attributes: new Set() }));
    for (const e of unread.elements) parts.elements.add(e);
    for (const c of unread.children) parts.children.add(c);
    for (const a of unread.attributes) parts.attributes.add(a);
  }

  /** One line per kind that held anything not read, in kind order. */
  lines(): string[] {
    const out: string[] = [];
    for (const [kind, parts] of [...this.byKind].sort(([a], [b]) => a.localeCompare(b))) {
      const label = KIND_LABEL[kind] ?? `${kind} statistics`;
      const elements = [...parts.elements].sort().map((e) => `<${e}>`);
      if (kind === 'vgroup') {
        if (elements.length > 0) out.push(`${label}: no rates from ${elements.join(', ')}: FORMATS.md documents none of their counters (the files are kept)`);
        continue;
      }
      const what = [
        ...(elements.length > 0 ? [`the records ${elements.join(', ')}`] : []),
        ...grouped(parts.children, '/', (c) => `<${c}>`),
        ...(parts.attributes.size > 0 ? grouped(parts.attributes, '.', (a) => a).map((g) => `the counters ${g}`) : []),
      ];
      if (what.length > 0) out.push(`${label}: no rates derived from ${what.join('; ')}: FORMATS.md gives no rate formula for them (the files are kept whole)`);
    }
    return out;
  }
}
