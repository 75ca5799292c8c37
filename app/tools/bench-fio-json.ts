/**
 * The bench's big fio JSON: a long sweep as fio writes it, its jobs taken in turn from every
 * sample run (plain JSON, and json+ with its latency bins), each job's figures and bins varied
 * so that no two jobs are byte-identical. Made from the project's own samples only.
 */
import fs from 'node:fs';
import path from 'node:path';

type Json = Record<string, unknown>;

/** Scales every number in a job by a job-specific factor; bin keys shift too (json+ bins differ per job). */
function varied(value: unknown, f: number): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? Math.round(value * f) : value * f;
  if (Array.isArray(value)) return value.map((v) => varied(v, f));
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) {
      // json+ bins are keyed by latency in ns: another run lands in other bins.
      const key = /^\d+$/.test(k) && k.length > 3 ? String(Math.round(Number(k) * f)) : k;
      out[key] = k === 'job options' ? v : varied(v, f);
    }
    return out;
  }
  return value;
}

export function bigFioJson(root: string, targetMb: number): Buffer {
  const files = ['disk', 'tmpfs', 'detail'].flatMap((d) => fs.readdirSync(path.join(root, 'samples/fio', d)).filter((f) => f.endsWith('.json')).map((f) => path.join(root, 'samples/fio', d, f)));
  // One document per file: a --status-interval capture (detail/randread-status-interval.json)
  // holds a report per second, one after another, which is not one JSON text; it is left out.
  const texts = files.map((f) => fs.readFileSync(f, 'utf8')).filter((t) => t.split('"fio version"').length === 2);
  const docs = texts.map((t) => JSON.parse(t) as { jobs: Json[] } & Json);
  const templates = docs.flatMap((d) => d.jobs);
  const head = docs[0]!;
  const jobs: unknown[] = [];
  let bytes = 0;
  for (let i = 0; bytes < targetMb * 1e6; i++) {
    const t = templates[i % templates.length]!;
    const job = varied(t, 0.8 + ((i * 7919) % 400) / 1000) as Json;
    job['jobname'] = `sweep-${i}`;
    job['job options'] = { ...(t['job options'] as Json), iodepth: String(1 << (i % 8)) };
    jobs.push(job);
    bytes += JSON.stringify(job, null, 2).length;
  }
  return Buffer.from(JSON.stringify({ ...head, jobs }, null, 2));
}
