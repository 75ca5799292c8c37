/**
 * The report's pager: measured blocks placed page by page. A heading never ends a page (it goes
 * to the next page with the first block of its content), a small table is not cut, a long table
 * continues on the next page under its header again.
 */
import type { Block, TableShape } from './report-blocks.js';

/** Space between blocks, px (the CSS gives the same margins). */
export const GAP = 8;
/** Tables of up to this many rows are not split over two pages. */
const SMALL_TABLE = 8;

/** A heading of the report or of a commentary: it belongs to what follows it. */
function isHeading(b: Block): boolean {
  return b.kind === 'title' || b.kind === 'subtitle' || (b.kind === 'row' && b.group === true) || (b.kind === 'md' && b.block.kind === 'heading');
}

/**
 * Does block i lead into the block after it? A heading does, and so does a note right under a
 * heading (the convention line under "Headline", the notes above a table) or a note that
 * introduces a table: a page never ends with a heading and its lead-in alone.
 */
export function leadsIn(blocks: readonly Block[], i: number): boolean {
  const b = blocks[i];
  if (!b || i + 1 >= blocks.length) return false;
  if (isHeading(b)) return true;
  if (b.kind !== 'note') return false;
  return blocks[i + 1]!.kind === 'row' || leadsIn(blocks, i - 1);
}

/**
 * Places measured blocks on pages of `limit` px. A heading (with the notes under it) moves to
 * the next page with the first block of its content when they do not fit together; a small
 * table moves whole; a long table continues under its header.
 */
export function paginate(blocks: readonly Block[], heights: readonly number[], headHeights: ReadonlyMap<string, number>, limit: number): number[][] {
  const pages: number[][] = [[]];
  let used = 0;
  const need = (i: number, prev: number | undefined): number => {
    const b = blocks[i]!;
    // A row under a row of its table is part of the same table: no gap between them.
    const continues = b.kind === 'row' && prev !== undefined && blocks[prev]!.kind === 'row' && (blocks[prev] as { table: TableShape }).table.key === b.table.key;
    if (continues) return heights[i]!;
    // A table's first row on a page brings the header with it, and a row inside a workload
    // family its family's name again ("… (continued)", measured as `<key>#group`).
    if (b.kind !== 'row') return heights[i]! + GAP;
    return heights[i]! + GAP + (headHeights.get(b.table.key) ?? 0) + (b.family && !b.group ? headHeights.get(`${b.table.key}#group`) ?? 0 : 0);
  };
  const tableKey = (i: number): string | null => { const b = blocks[i]; return b && b.kind === 'row' ? b.table.key : null; };
  /**
   * What must go on the same page as block i: a heading and its lead-in keep what follows them,
   * and a small table (up to SMALL_TABLE rows) its rows, so a configuration's three-row grid is
   * not cut after its first row.
   */
  /** The notes right under block i that say how a table's figures were reached: they go with its last row. */
  const trailingNotes = (i: number): number => {
    let h = 0;
    for (let k = i + 1; blocks[k]?.kind === 'note' && !leadsIn(blocks, k); k++) h += need(k, k - 1);
    return h;
  };
  const sticky = (i: number): number => {
    const b = blocks[i]!;
    if (leadsIn(blocks, i)) return need(i + 1, i) + sticky(i + 1);
    // The report's closing note ("Made with PerfDelta") never stands alone on a last page.
    if (i + 2 === blocks.length && blocks[i + 1]!.kind === 'note') return need(i + 1, i);
    if (b.kind === 'row' && !b.group && tableKey(i - 1) !== b.table.key) {
      let end = i + 1;
      while (tableKey(end) === b.table.key) end++;
      if (end - i > SMALL_TABLE) return end === i + 1 ? trailingNotes(i) : 0;
      let h = 0;
      for (let k = i + 1; k < end; k++) h += heights[k]!;
      return h + trailingNotes(end - 1);
    }
    // A table's last row keeps the notes under it: a note never stands alone at the top of a page.
    if (b.kind === 'row' && tableKey(i + 1) !== b.table.key) return trailingNotes(i);
    return 0;
  };
  for (let i = 0; i < blocks.length; i++) {
    const page = pages[pages.length - 1]!;
    const prev = page[page.length - 1];
    let h = need(i, prev);
    let withNext = sticky(i);
    // A group too tall for any page: a heading still keeps the next block (cut below it), else nothing.
    if (need(i, undefined) + withNext > limit) withNext = leadsIn(blocks, i) ? need(i + 1, i) : 0;
    // Never cut right under a heading: it was placed because it fits with this block.
    const underHeading = prev === i - 1 && leadsIn(blocks, i - 1);
    if (page.length > 0 && !underHeading && used + h + withNext > limit) {
      pages.push([]);
      used = 0;
      h = need(i, undefined);
    }
    pages[pages.length - 1]!.push(i);
    used += h;
  }
  return pages.filter((p) => p.length > 0);
}
