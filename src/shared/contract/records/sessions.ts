import { z } from 'zod';
import { SESSION_STATUSES } from '../enums';
import { IsoDateStringSchema, ResponseNumberSchema, nullable, openEnum } from '../primitives';

/**
 * A session on an instance [public]. `sessionId` is the spid used by kill. Nullability is
 * not published; `databaseName`, `programName`, `hostName`, `lastRequestEndTime` and
 * `executingSql` are read as nullable because SQL Server has them empty for background
 * sessions, running requests and sleeping sessions. `blockingSessionId` is 0 when not blocked.
 */
export const SessionSchema = z.looseObject({
  sessionId: ResponseNumberSchema,
  databaseName: nullable(z.string()),
  loginName: z.string(),
  programName: nullable(z.string()),
  hostName: nullable(z.string()),
  status: openEnum(SESSION_STATUSES),
  loginTime: IsoDateStringSchema,
  lastRequestStartTime: IsoDateStringSchema,
  lastRequestEndTime: nullable(IsoDateStringSchema),
  cpuTime: ResponseNumberSchema,
  memoryUsage: ResponseNumberSchema,
  executingSql: nullable(z.string()),
  blockingSessionId: ResponseNumberSchema,
});
/** See {@link SessionSchema}. */
export type Session = z.infer<typeof SessionSchema>;
