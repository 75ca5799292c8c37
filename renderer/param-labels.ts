/**
 * Workload parameters by the names the workbench gives them (the Runs table's headings): a
 * chart's axis, a picker or a label says "Block size", never the key `bs`. A parameter the
 * catalog does not name shows as written (a table's own column, a path parameter).
 */
import { format } from './i18n/format.js';
import { en, zhCN, type MessageKey } from './i18n/messages.js';

export const PARAM_LABELS: Readonly<Record<string, MessageKey>> = {
  bs: 'runs.bs', rw: 'runs.rw', read_pct: 'runs.readPct', iodepth: 'runs.iodepth', numjobs: 'runs.numjobs', ioengine: 'runs.engine',
  pattern: 'runs.pattern', threads: 'runs.threads', vus: 'runs.vus', sessions: 'runs.sessions', test: 'runs.test', workload: 'runs.workload', stage: 'runs.stage',
  target: 'runs.target', device: 'runs.device',
};

/** The parameter's name in a language ("bs" → "Block size", "块大小"). */
export function paramLabel(locale: 'en' | 'zh-CN', key: string): string {
  const message = PARAM_LABELS[key];
  return message ? format((locale === 'zh-CN' ? zhCN : en)[message], undefined) : key;
}
