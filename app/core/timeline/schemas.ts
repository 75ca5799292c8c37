/**
 * Argument schemas of the timeline's RPC methods (the table in app/core/rpc/schemas.ts takes
 * them in): every call's arguments arrive as unknown and are checked here.
 */
import { z } from 'zod';
import type { TimelineRpcMethods } from '../../contract/timeline-rpc.js';

const study = z.string().trim().min(1).max(200);
const laneId = z.string().min(3).max(1200);
const runId = z.number().int().positive();
/** Seconds, within a year either way: a clock is never off by more. */
const seconds = z.number().finite().min(-366 * 86400).max(366 * 86400);
const offsets = z.record(z.string().regex(/^\d+$/), seconds).refine((o) => Object.keys(o).length <= 1000, 'at most 1000 offsets');
const maxShiftS = z.number().finite().positive().max(366 * 86400);

type Schemas = { [M in keyof TimelineRpcMethods]: z.ZodType<TimelineRpcMethods[M]['args']> };

export const timelineSchemas: Schemas = {
  'timeline.get': z.object({
    study, lanes: z.array(laneId).max(64).optional(), from: z.number().finite().optional(), to: z.number().finite().optional(),
    width: z.number().int().min(16).max(8000).optional(), offsets: offsets.optional(), choices: z.boolean().optional(), channel: z.string().min(1).max(200).optional(),
  }).strict(),
  'timeline.correlate': z.object({ study, a: laneId, b: laneId, offsets: offsets.optional(), maxShiftS: maxShiftS.optional() }).strict(),
  'timeline.proposeOffset': z.object({ study, reference: laneId, subject: laneId, offsets: offsets.optional(), maxShiftS: maxShiftS.optional() }).strict(),
  'timeline.setOffset': z.object({ study, run: runId, offsetS: seconds.nullable(), correlation: z.number().min(-1).max(1).optional(), reference: laneId.optional() }).strict(),
  'timeline.intervalCheck': z.object({ study, run: runId, offsets: offsets.optional() }).strict(),
  'timeline.divergence': z.object({ study, a: laneId, b: laneId, offsets: offsets.optional(), windowS: z.number().finite().positive().max(86400 * 31).optional(), top: z.number().int().min(1).max(50).optional() }).strict(),
};

/** A saved timeline chart's spec (the chart model's `timeline` kind). */
export const timelineChartSpec = z.object({
  kind: z.literal('timeline'),
  lanes: z.array(laneId).min(1).max(64).optional(),
  window: z.object({ from: z.number().finite(), to: z.number().finite() }).strict().optional(),
  offsets: offsets.optional(),
}).strict();
