/**
 * The generated two-node RAC study (samples/awr/rac.mjs): written into a fresh temporary folder
 * for a test, one folder per side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './corpus.js';

export interface RacStudy {
  root: string;
  /** [no-accelerator, write-accelerator]. */
  sides: [string, string];
}

export async function writeRacStudy(): Promise<RacStudy> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-rac-'));
  const mod = (await import(pathToFileURL(path.join(REPO_ROOT, 'samples/awr/rac.mjs')).href)) as { writeRacStudy(dir: string): string[] };
  const [a, b] = mod.writeRacStudy(root);
  return { root, sides: [a!, b!] };
}
