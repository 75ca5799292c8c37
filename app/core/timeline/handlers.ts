/**
 * The timeline's RPC methods: the core's handler table takes this group as it is (the façade
 * routes, the capability owns its handlers).
 */
import type { TimelineRpcMethods } from '../../contract/timeline-rpc.js';
import type { StudyTimeline } from './study-timeline.js';

type TimelineHandlers = { [M in keyof TimelineRpcMethods]: (args: TimelineRpcMethods[M]['args']) => TimelineRpcMethods[M]['result'] };

export function timelineHandlers(timeline: StudyTimeline): TimelineHandlers {
  return {
    'timeline.get': ({ study, lanes, from, to, width, offsets, choices }) => timeline.get(study, { lanes, from, to, width, offsets, choices }),
    'timeline.correlate': ({ study, a, b, offsets, maxShiftS }) => timeline.correlate(study, a, b, { offsets, maxShiftS }),
    'timeline.proposeOffset': ({ study, reference, subject, offsets, maxShiftS }) => timeline.proposeOffset(study, reference, subject, { offsets, maxShiftS }),
    'timeline.setOffset': ({ study, run, offsetS, correlation, reference }) => ({
      offset: timeline.setOffset(study, run, offsetS, correlation !== undefined ? { by: 'proposal', correlation, ...(reference ? { reference } : {}) } : { by: 'user' }),
    }),
    'timeline.intervalCheck': ({ study, run, offsets }) => timeline.intervalCheck(study, run, { offsets }),
    'timeline.divergence': ({ study, a, b, offsets, windowS, top }) => timeline.divergence(study, a, b, { offsets, windowS, top }),
  };
}
