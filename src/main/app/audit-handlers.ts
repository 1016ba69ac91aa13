import type { z } from 'zod';
import type { auditChannels } from '../../shared/ipc/audit-channels';
import { listKills } from '../services/audit/audit-setup';
import type { AuditTrail } from '../services/audit/audit-trail';

type AuditChannels = typeof auditChannels;

/** The handler of each audit channel, typed from its schemas as the router calls it. */
type AuditHandlers = {
  readonly [C in keyof AuditChannels]: (
    input: z.output<AuditChannels[C]['input']>,
  ) => Promise<z.output<AuditChannels[C]['output']>>;
};

/**
 * Handlers of the audit channels. Reading verifies the trail; a damaged trail is moved aside
 * by the read and the answer's verdict says so.
 */
export function createAuditHandlers(trail: AuditTrail): AuditHandlers {
  return {
    'audit:list': (input) => {
      const { kills, ...filter } = input ?? {};
      return kills ? listKills(trail, filter) : trail.list(filter);
    },
  };
}
