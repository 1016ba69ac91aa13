import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import type { DatabaseRecord } from '../state/databases';
import type { JobRecord } from '../state/jobs';

/** Ten years: the nominal expiry of a Permanent archive (the field is never empty). */
export const PERMANENT_EXPIRY_MS = 10 * 365 * 24 * 3600_000;
/** How long the archive a drop leaves behind is kept. */
export const DROP_RETENTION_MS = 30 * 24 * 3600_000;

/** Marks a database as worked on by `job`, showing `status` meanwhile. */
export function occupy(db: DatabaseRecord, job: JobRecord, status: string): void {
  db.activeJobId = job.id;
  db.status = status;
}

/** The job is over: the database is Ready again. */
export function settle(db: DatabaseRecord): void {
  db.activeJobId = null;
  db.status = 'Ready';
}

/**
 * An `expirationDate` (form `YYYY-MM-DDThh:mm:ss.sss`, UTC, already checked by the schema) as
 * epoch ms. It must lie in the future: 400 otherwise.
 */
export function futureExpiration(ctx: EmulatorContext, text: string): number {
  const ms = Date.parse(text.endsWith('Z') ? text : `${text}Z`);
  if (Number.isNaN(ms)) {
    throw new EmulatorHttpError(400, `expirationDate ${text} is not a valid date and time.`);
  }
  if (ms <= ctx.now()) {
    throw new EmulatorHttpError(400, `expirationDate ${text} is in the past; give a future date.`);
  }
  return ms;
}
