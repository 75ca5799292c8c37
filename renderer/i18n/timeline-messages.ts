/**
 * The timeline's words (view, chart, offsets, correlation), English and Simplified Chinese: part
 * of the one message catalog (messages.ts takes them in), kept apart as a file of their own.
 */

export const timelineEn = {
  'study.tabs.timeline': 'Timeline',
  'builder.kind.timeline': 'Timeline: every layer on one time axis',
  'timeline.layer.database': 'Database',
  'timeline.layer.host': 'Host',
  'timeline.layer.array': 'Array',
  'timeline.layer.benchmark': 'Benchmark',
  'timeline.zone.epoch': 'UTC (epoch seconds)',
  'timeline.zone.utc': 'UTC (stated in the file)',
  'timeline.zone.zoned': 'zone {zone} applied',
  'timeline.zone.stated': 'the zone stated in the file, applied',
  'timeline.zone.unzoned': 'no zone in the file: read as UTC',
  'timeline.zone.ambiguous': '{zone} named, ambiguous: read as UTC',
  'timeline.zone.relative': 'no clock: times since the start',
  'timeline.offsetShort': 'clock {s} s',
  'timeline.events': 'events',
  'timeline.lanes': 'Lanes',
} as const;

export const timelineZhCN: Record<keyof typeof timelineEn, string> = {
  'study.tabs.timeline': '时间线',
  'builder.kind.timeline': '时间线：各层同一时间轴',
  'timeline.layer.database': '数据库',
  'timeline.layer.host': '主机',
  'timeline.layer.array': '存储阵列',
  'timeline.layer.benchmark': '基准测试',
  'timeline.zone.epoch': 'UTC（纪元秒）',
  'timeline.zone.utc': 'UTC（文件中写明）',
  'timeline.zone.zoned': '已按时区 {zone}',
  'timeline.zone.stated': '已按文件中写明的时区',
  'timeline.zone.unzoned': '文件无时区：按 UTC 读取',
  'timeline.zone.ambiguous': '文件写明 {zone}，有歧义：按 UTC 读取',
  'timeline.zone.relative': '无时钟：自开始起的时间',
  'timeline.offsetShort': '时钟 {s} 秒',
  'timeline.events': '事件',
  'timeline.lanes': '通道',
};
