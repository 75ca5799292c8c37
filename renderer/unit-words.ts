/**
 * Units that are words ("sessions", "processes") as a Chinese page says them; symbols (ms, %,
 * MiB/s, IOPS, 1/s) read the same in both languages and stay. Pure, like number-format.ts: the
 * core words its Chinese sentences with it too.
 */
const ZH: Record<string, string> = {
  sessions: '会话', processes: '进程', tasks: '任务', pages: '页', errors: '错误', calls: '次调用',
  'I/Os': 'I/O', CPUs: '个 CPU', ticks: '时钟节拍', nodes: '节点', disks: '磁盘',
};

export function unitWord(unit: string, locale: string): string {
  return locale === 'zh-CN' ? ZH[unit] ?? unit : unit;
}
