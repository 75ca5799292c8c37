import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Block, TableShape } from './report-blocks.js';
import { GAP, leadsIn, paginate } from './paginate.js';

const table: TableShape = { key: 't', header: ['Workload', 'IOPS'], widths: [50, 50] };
const title = (text: string): Block => ({ kind: 'title', text, number: '1', toc: true });
const sub = (text: string): Block => ({ kind: 'subtitle', text });
const note = (text: string): Block => ({ kind: 'note', text, tone: 'muted' });
const item = (text: string): Block => ({ kind: 'item', text });
const row = (cells: string[]): Block => ({ kind: 'row', table, cells });
const group = (family: string): Block => ({ kind: 'row', table, cells: [family], group: true });
const heads = new Map([['t', 20]]);

/** The kinds on each page, for assertions a reader can follow. */
function layout(blocks: Block[], heights: number[], limit: number): string[][] {
  return paginate(blocks, heights, heads, limit).map((p) => p.map((i) => { const b = blocks[i]!; return b.kind === 'row' ? `row:${b.cells[0]}` : b.kind === 'title' || b.kind === 'subtitle' || b.kind === 'note' || b.kind === 'item' ? `${b.kind}:${b.text}` : b.kind; }));
}

describe('report pager', () => {
  it('the notes under a table go with its last row: a note never stands alone at the top of a page', () => {
    // Page of 120 px: a long table's rows (20 + the header 20 on the first) fill it; the note under it would start the next page alone.
    const rows = Array.from({ length: 12 }, (_, i) => row([`r${i}`]));
    const blocks = [...rows, note('A cell is the median of its runs.'), title('Evidence'), item('x')];
    const pages = layout(blocks, [...rows.map(() => 20), 10, 10, 20], 120);
    const at = pages.find((p) => p.includes('note:A cell is the median of its runs.'))!;
    assert.ok(at[0]!.startsWith('row:'), `the note's page starts with a row of its table: ${JSON.stringify(pages)}`);
  });

  it('a heading that would be the last block of a page moves to the next page with its first block', () => {
    // Page of 100 px: four items of 20 (28 with the gap) fill 84; "Warnings" (10) would fit, its item not.
    const blocks = [item('a'), item('b'), item('c'), sub('Warnings'), item('w')];
    const pages = layout(blocks, [20, 20, 20, 10, 20], 100);
    assert.deepEqual(pages, [['item:a', 'item:b', 'item:c'], ['subtitle:Warnings', 'item:w']]);
  });

  it('the report\'s closing note never stands alone on the last page: the block before it goes along', () => {
    // Page of 100 px: three items fill 84; the closing note (10 + 8) would not fit after them.
    const blocks = [item('a'), item('b'), item('w'), note('Made with PerfDelta')];
    assert.deepEqual(layout(blocks, [20, 20, 20, 10], 100), [['item:a', 'item:b'], ['item:w', 'note:Made with PerfDelta']]);
    assert.deepEqual(layout(blocks, [20, 20, 20, 10], 200), [['item:a', 'item:b', 'item:w', 'note:Made with PerfDelta']], 'one page when it fits');
  });

  it('a heading and the convention note under it are not left at a page foot without the figures', () => {
    const blocks = [item('a'), item('b'), title('Headline'), note('convention'), { kind: 'headline', label: 'IOPS', text: '1.35x faster', values: '', basis: '', mark: false, verdict: 'better', warnings: [] } as Block];
    const pages = layout(blocks, [20, 20, 10, 10, 40], 120);
    assert.deepEqual(pages, [['item:a', 'item:b'], ['title:Headline', 'note:convention', 'headline']]);
    assert.equal(leadsIn(blocks, 3), true, 'the note under a heading leads in');
    assert.equal(leadsIn(blocks, 1), false);
  });

  it('a workload family row goes with its first row; a long table continues under its header, rows without gaps', () => {
    const blocks = [title('Comparison'), group('4K random read ×1'), ...[1, 2, 4, 8, 16, 32].map((d) => row([`QD${d}`, '1'])), group('4K random write ×1'), row(['QD1', '2']), row(['QD2', '2'])];
    const heights = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10];
    // Title 18, then the family row with the header 10 + 8 + 20, six rows of 10: 116; the second family's row would end the page.
    const pages = layout(blocks, heights, 130);
    assert.deepEqual(pages[0], ['title:Comparison', 'row:4K random read ×1', 'row:QD1', 'row:QD2', 'row:QD4', 'row:QD8', 'row:QD16', 'row:QD32']);
    assert.deepEqual(pages[1], ['row:4K random write ×1', 'row:QD1', 'row:QD2']);
    assert.equal(GAP, 8);
  });

  it('a heading whose content cannot fit on any page still takes its first block along', () => {
    const chart: Block = { kind: 'chart', id: 'c', option: {}, height: 500, caption: '' };
    const pages = layout([item('a'), title('Chart'), chart], [20, 10, 500], 300);
    assert.deepEqual(pages, [['item:a'], ['title:Chart', 'chart']]);
  });

  it('a page that starts inside a workload family makes room for the family named again', () => {
    const fam = (d: number): Block => ({ kind: 'row', table, cells: [`QD${d}`, '1'], family: '4K random read ×1' });
    const blocks = [group('4K random read ×1'), ...[1, 2, 4, 8, 16].map(fam)];
    const withRoom = paginate(blocks, blocks.map(() => 10), new Map([['t', 20], ['t#group', 30]]), 70);
    // Page 1: header 20 + family 18 + three rows 30 = 68. Page 2: header 20 + "(continued)" 30 + 18, then the last row would pass 70.
    assert.deepEqual(withRoom, [[0, 1, 2, 3], [4], [5]]);
  });
});
