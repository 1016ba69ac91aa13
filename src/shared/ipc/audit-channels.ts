import { z } from 'zod';
import { AuditFilterSchema, AuditListSchema } from '../model/audit';
import { defineChannel } from './channel';

/** What `audit:list` takes: the trail's filter, or only the session kills. */
const AuditListInputSchema = AuditFilterSchema.extend({
  /** Only session kills (the kill log): the operations filter becomes the kill operations. */
  kills: z.boolean().optional(),
}).optional();

/**
 * The audit trail's channels: the changes made from this machine, read and verified by main
 * (the window never reads the files).
 */
export const auditChannels = {
  'audit:list': defineChannel({
    input: AuditListInputSchema,
    output: AuditListSchema,
    summary: 'The audit trail of changes, filtered, with whether its chain verified',
  }),
} as const;
