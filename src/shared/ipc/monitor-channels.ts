import { z } from 'zod';
import {
  InstanceMonitorStateSchema,
  MonitorHistorySchema,
  MonitorInstanceRefSchema,
  MonitorRangeSchema,
  MonitorSessionsSchema,
} from '../model/monitor';
import { defineChannel, NoInputSchema, NoOutputSchema } from './channel';

/** What the Monitor view lists: the watched instances' states and the ones left out. */
const MonitorListSchema = z.object({
  watched: z.array(InstanceMonitorStateSchema),
  /** Instances of open profiles the user stopped watching. */
  unwatched: z.array(MonitorInstanceRefSchema),
});
export type MonitorList = z.infer<typeof MonitorListSchema>;

/**
 * The monitor's channels. Every view reads what main's monitor sampled; none of them makes
 * the service answer again (one request per instance per interval, whoever looks).
 */
export const monitorChannels = {
  'monitor:list': defineChannel({
    input: NoInputSchema,
    output: MonitorListSchema,
    summary: 'The watched instances, their live state, and the instances left out',
  }),
  'monitor:getHistory': defineChannel({
    input: MonitorInstanceRefSchema.extend({ range: MonitorRangeSchema }),
    output: MonitorHistorySchema,
    summary: "An instance's samples and blocking marks over a range",
  }),
  'monitor:getSessions': defineChannel({
    input: MonitorInstanceRefSchema,
    output: MonitorSessionsSchema,
    summary: 'The sessions of the last sample of an instance',
  }),
  'monitor:sampleNow': defineChannel({
    input: MonitorInstanceRefSchema,
    output: NoOutputSchema,
    summary: 'Sample an instance now instead of at its next interval',
  }),
  'monitor:setWatched': defineChannel({
    input: MonitorInstanceRefSchema.extend({ watched: z.boolean() }),
    output: NoOutputSchema,
    summary: 'Watch an instance, or stop watching it (kept in settings per profile)',
  }),
} as const;
