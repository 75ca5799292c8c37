/**
 * `perfdelta check`: is everything the database names there, and is it what it was? The
 * database's integrity, every original file's object read back and hashed against its name,
 * every file the database names found. What is missing or damaged is listed with the names it
 * was imported under; nothing is repaired. Exit 1 when anything is.
 */
import { checkPassed } from '../core/originals/check.js';
import type { CliContext } from './report-commands.js';

const n = (x: number): string => x.toLocaleString('en-US');

export function cmdCheck(ctx: CliContext): number {
  return ctx.withCore((core) => {
    const progress = !ctx.values['json'] && process.stderr.isTTY;
    const c = core.checkStore(progress ? (done, total) => { if (done % 100 === 0 || done === total) process.stderr.write(`\rchecking ${n(done)} of ${n(total)}`); } : undefined);
    if (progress) process.stderr.write('\n');
    const passed = checkPassed(c);
    if (ctx.values['json']) {
      ctx.json({ ok: passed, ...c });
      return passed ? 0 : 1;
    }
    const out: string[] = [];
    out.push(`database ${c.database}: integrity ${c.integrity}`);
    out.push(`original files in ${c.originals}: the database names ${n(c.files)}; ${n(c.verified)} of ${n(c.objects)} object(s) read back match their SHA-256`);
    if (c.in_database > 0) out.push(`${n(c.in_database)} original file(s) are still inside the database (their move out is under way: it resumes when PerfDelta next opens the store)`);
    for (const m of c.missing) out.push(`missing: ${m.sha256} (${n(m.size)} bytes), imported as ${m.imported_as.join(', ') || 'no file any more'}`);
    for (const d of c.damaged) out.push(`damaged: ${d.sha256} in ${d.where}: ${d.problem}; imported as ${d.imported_as.join(', ') || 'no file any more'}`);
    if (c.unreferenced > 0) out.push(`${n(c.unreferenced)} object(s) no file of the database names (left by an interrupted import or delete): removed when PerfDelta next opens the store`);
    for (const s of c.strays) out.push(`not an object, left alone: ${s}`);
    for (const m of c.migrations) out.push(`migration ${String(m.migration).padStart(3, '0')} (${m.at}): ${m.message}`);
    out.push(passed ? 'ok: nothing missing or damaged' : `not ok: ${n(c.missing.length)} missing, ${n(c.damaged.length)} damaged${c.integrity === 'ok' ? '' : ', the database itself damaged'}`);
    process.stdout.write(out.join('\n') + '\n');
    return passed ? 0 : 1;
  });
}
