/**
 * Access to the shared corpus of real result files (../shared/corpus beside the repository).
 * The corpus is not ours to copy into the project: tests read it where it exists and skip,
 * saying why, where it does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CORPUS_DIR = process.env['PERFDELTA_CORPUS'] ?? path.resolve(repoRoot, '..', 'shared', 'corpus');

export const SKIP_NO_CORPUS = `corpus not found at ${CORPUS_DIR} (set PERFDELTA_CORPUS to its path)`;

export function corpusFile(rel: string): string | null {
  const p = path.join(CORPUS_DIR, rel);
  return fs.existsSync(p) ? p : null;
}

export function corpusFiles(dir: string): string[] {
  const p = path.join(CORPUS_DIR, dir);
  return fs.existsSync(p) ? fs.readdirSync(p).sort().map((f) => path.join(p, f)) : [];
}

export function readBytes(p: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(p));
}

export const REPO_ROOT = repoRoot;
