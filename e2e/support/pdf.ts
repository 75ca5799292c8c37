/** Reads PDFs the way a reviewer would: poppler's pdftotext for the words, pdftoppm for pictures. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function hasPoppler(): boolean {
  return spawnSync('pdftotext', ['-v']).status === 0 && spawnSync('pdftoppm', ['-v']).status === 0;
}

export function pdfText(file: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  const r = spawnSync('pdftotext', [...range, '-layout', file, '-'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext ${file}: ${r.stderr}`);
  return r.stdout;
}

export function pdfPages(file: string): number {
  const r = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(r.stdout)?.[1] ?? 0);
}

/** Every page as a PNG next to the PDF (`<stem>-N.png`), for a person to look at. */
export function pdfToPngs(file: string, dpi = 60): string[] {
  const stem = file.replace(/\.pdf$/, '');
  const dir = path.dirname(file);
  const base = path.basename(stem);
  // Only this PDF's pages: an earlier, longer print of the same name left pages of its own.
  const page = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+\\.png$`);
  const pages = (): string[] => fs.readdirSync(dir).filter((f) => page.test(f));
  for (const f of pages()) fs.rmSync(path.join(dir, f));
  const r = spawnSync('pdftoppm', ['-r', String(dpi), '-png', file, stem]);
  if (r.status !== 0) throw new Error(`pdftoppm ${file} failed`);
  return pages().map((f) => path.join(dir, f)).sort();
}
