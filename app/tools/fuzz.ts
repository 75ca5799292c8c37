/**
 * `npm run fuzz`: the long fuzz run (minutes). Bad inputs made from every format's real files
 * go through the core pipeline in this process and, for a share of them, through the built CLI;
 * prints the counts (inputs, by outcome, by format, by mutation) and every problem, and exits
 * 1 when there was one. The suite `npm test` runs is the same engine, a few hundred inputs.
 * Then the study-file part: a saved sample study's rows mutated field by field, each opened
 * into a store that holds other studies (study-file-mutations.ts).
 *
 *   npm run fuzz -- [--seed N] [--count N] [--cli N] [--svc-dumps N] [--max-kb N] [--only I --save DIR]
 *   FUZZ_SEED, FUZZ_COUNT, FUZZ_CLI set the same (the arguments win); FUZZ_VERBOSE=1 names each
 *   input on stderr before trying it (a terminal shows it anyway), so a hang names its input.
 * Defaults: seed 1, 5000 inputs, 100 of them (spread evenly) through the CLI, 8 SVC dumps.
 * `--only I` tries input I of the run alone (the same bytes: every input has its own generator),
 * `--save DIR` also writes it there, to make a regression test of what the run found.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../core/core.js';
import { FuzzTally, collectSeeds, fuzzInputs, importInProcess, importWithCli } from './fuzz/fuzz-run.js';
import { judgeMutation, mutatedCopy, sampleStudyFile, studyFileMutations } from './fuzz/study-file-mutations.js';

function option(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[env];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} (${env}) must be a whole number, not "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const seed = option('seed', 'FUZZ_SEED', 1);
  const count = option('count', 'FUZZ_COUNT', 5000);
  const viaCli = Math.min(count, option('cli', 'FUZZ_CLI', 100));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-fuzz-'));
  try {
    const { seeds, corpus } = await collectSeeds({ corpus: true, maxBytes: option('max-kb', 'FUZZ_MAX_KB', 4096) * 1024, scratch, svcDumps: option('svc-dumps', 'FUZZ_SVC_DUMPS', 8) });
    console.log(`seed ${seed}, ${count} inputs (${viaCli} through the CLI) from ${seeds.length} files: samples/${corpus ? ` and ${corpus}` : ' (no shared corpus found)'}`);
    const core = new Core(path.join(scratch, 'fuzz.sqlite'));
    const cliHome = path.join(scratch, 'cli-home');
    fs.mkdirSync(cliHome);
    const tally = new FuzzTally();
    const every = viaCli > 0 ? Math.max(1, Math.floor(count / viaCli)) : Infinity;
    const started = Date.now();
    const only = process.argv.includes('--only') ? option('only', 'FUZZ_ONLY', 0) : null;
    const saveIdx = process.argv.indexOf('--save');
    for (const input of fuzzInputs(seeds, only === null ? count : only + 1, seed)) {
      if (only !== null && input.index !== only) continue;
      if (saveIdx >= 0) {
        const dir = path.resolve(process.argv[saveIdx + 1]!);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, input.seed.name), input.bytes);
        console.log(`input ${input.index}: ${input.mutation} of ${input.seed.label} -> ${path.join(dir, input.seed.name)}`);
      }
      const cli = input.index % every === 0 && input.index / every < viaCli;
      // The input being tried is on stderr first: should one ever hang, this names it.
      if (process.stderr.isTTY) process.stderr.write(`\r${input.index + 1}/${count} ${input.mutation} of ${input.seed.label}`.slice(0, 150).padEnd(150));
      else if (process.env['FUZZ_VERBOSE'] === '1') process.stderr.write(`#${input.index} ${input.mutation} of ${input.seed.label}\n`);
      tally.add(input, cli ? importWithCli(cliHome, path.join(scratch, 'in'), input) : importInProcess(core, path.join(scratch, 'in'), input), cli ? 'cli' : 'core');
    }
    if (process.stderr.isTTY) process.stderr.write('\n');
    core.close();
    console.log(tally.report());
    const studyProblems = only === null ? studyFilePart(scratch) : [];
    console.log(`elapsed: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.exitCode = tally.problems.length + studyProblems.length > 0 ? 1 : 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The study-file part: a saved sample study's rows mutated field by field (study-file-mutations.ts). */
function studyFilePart(scratch: string): string[] {
  const dir = path.join(scratch, 'study-files');
  fs.mkdirSync(dir);
  const good = sampleStudyFile(dir);
  const core = new Core(path.join(dir, 'store', 'perfdelta.sqlite'));
  try {
    core.openStudyFile({ path: good }, good);
    const others = core.studies().map((s) => s.slug);
    const mutations = studyFileMutations(good);
    const problems = mutations.flatMap((m, i) => {
      const problem = judgeMutation(core, mutatedCopy(good, dir, m, i), m, others);
      fs.rmSync(path.join(dir, `mutation-${i}.perfdelta`), { force: true });
      return problem ? [`${m.table}.${m.column} (${m.kind}): ${problem}`] : [];
    });
    console.log(`study files: ${mutations.length} fields mutated, problems: ${problems.length}`);
    for (const p of problems.slice(0, 50)) console.log(`  ${p}`);
    return problems;
  } finally {
    core.close();
  }
}

void main();
