import { z } from 'zod';
import { RegionSchema } from '../contract/enums';
import { ErrorCodeSchema } from '../errors';

/*
 * The audit trail: one record per change made through the app or the command line, kept by
 * main in an append-only, hash-chained JSON Lines file. A record never holds a secret: inputs
 * are redacted by field name and by the secrets of the connection before they are written.
 */

/** Where a change was made from, and that program's version. */
const AuditSourceSchema = z.object({
  kind: z.enum(['app', 'cli']),
  version: z.string(),
});

/**
 * Who the connection signed in as, as far as the profile knows without its secret: the tenant
 * and user of a token sign-in, or a short fingerprint of an API key (the key has no id of its
 * own; the fingerprint tells two keys apart and cannot give the key back).
 */
const AuditPrincipalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('apiKey'), keyFingerprint: z.string() }),
  z.object({ kind: z.literal('token'), tenantName: z.string(), userName: z.string() }),
]);
export type AuditPrincipal = z.infer<typeof AuditPrincipalSchema>;

/** How a call ended: the HTTP status when one came, the error code when it failed. */
const AuditOutcomeSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().optional(),
  code: ErrorCodeSchema.optional(),
  /** The failure's message, redacted and shortened. */
  message: z.string().optional(),
  /** The background job the call started, when its answer names one. */
  jobId: z.string().optional(),
});

/** What every record carries to keep the chain: order, link to the previous, own digest. */
const ChainFieldsSchema = z.object({
  /**
   * How `hash` is made: 1, a SHA-256 anyone can recompute (records written without the OS
   * keychain, and every record of older versions); 2, an HMAC-SHA256 under the trail's key,
   * which only the keychain holds.
   */
  v: z.union([z.literal(1), z.literal(2)]),
  seq: z.number().int().positive(),
  /** The previous record's `hash`; null for the first of a trail. */
  prev: z.string().nullable(),
  /** The digest (hex) of this record's canonical JSON without `hash`, as `v` says. */
  hash: z.string(),
  /** When it was written (ISO). */
  time: z.string(),
});

/**
 * The user action a call was made for: an import (its upload's start and completion, then the
 * import), an export, a download of an archive, a bulk action on several rows, or one
 * operation alone. Every call of one action carries the same `id`, so a read shows the action
 * as one row with its calls under it. Records written before actions were recorded have none:
 * each is an action of its own.
 */
export const AuditActionSchema = z.object({
  id: z.string().min(1).max(100),
  /**
   * `operation`, `import`, `export`, `downloadArchive` or `bulk`. Any text is read: a trail
   * written by a later version with a kind this one does not know must still verify.
   */
  kind: z.string().min(1).max(40),
  /** What the user did, in words: `import`, `export`, `delete 3 archives`, `databases drop`. */
  label: z.string().min(1).max(200),
  /** What it was done to, in words: `sql-eu-dev-01 / Sales`. */
  target: z.string().max(300),
});
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** Who made a change, where and what: the fields an intent and its outcome share. */
const AuditChangeFields = {
  source: AuditSourceSchema,
  profile: z.object({ id: z.string(), name: z.string() }),
  principal: AuditPrincipalSchema,
  region: RegionSchema.optional(),
  host: z.string(),
  /** The catalogue operation id, e.g. `databases.drop`. */
  operation: z.string(),
  /** The path parameters: which instance, database, login, archive or session. */
  target: z.record(z.string(), z.string()),
  /** Query, headers and body as sent, with secret fields redacted. */
  input: z.record(z.string(), z.unknown()).optional(),
  /** The user action the call was made for (absent in records older than actions). */
  action: AuditActionSchema.optional(),
};

/**
 * A change about to be sent, written (and flushed) before its request: the trail fails
 * closed. Its `call` record, with the same `intentId`, says how it ended; an intent with none
 * is a change whose outcome never came (the program was killed or crashed after sending).
 */
const AuditIntentRecordSchema = ChainFieldsSchema.extend({
  type: z.literal('intent'),
  intentId: z.string(),
  ...AuditChangeFields,
});

/** One operation that changes something, as it ended. */
const AuditCallRecordSchema = ChainFieldsSchema.extend({
  type: z.literal('call'),
  ...AuditChangeFields,
  /** The intent written before it was sent (absent in records older than intents). */
  intentId: z.string().optional(),
  /**
   * Set when the intent could not be written and the setting "continue and warn" let the
   * change go ahead: why the trail refused it.
   */
  intentNotWritten: z.string().optional(),
  outcome: AuditOutcomeSchema,
});

/**
 * What was found, on a later start, of a change whose outcome never came, by reading back
 * what the operation changes: `done` (the change is there), `notDone` (it is not), or
 * `unknown` (the read failed or says nothing of it).
 */
const AuditOutcomeCheckedRecordSchema = ChainFieldsSchema.extend({
  type: z.literal('outcomeChecked'),
  source: AuditSourceSchema,
  profile: z.object({ id: z.string() }),
  intentId: z.string(),
  operation: z.string(),
  finding: z.enum(['done', 'notDone', 'unknown']),
  /** How it was found: the read made and what it answered. */
  how: z.string(),
});

/** How a job started by a recorded call ended, once the caller learned it. */
const AuditJobEndedRecordSchema = ChainFieldsSchema.extend({
  type: z.literal('jobEnded'),
  source: AuditSourceSchema,
  profile: z.object({ id: z.string() }),
  instanceName: z.string(),
  jobId: z.string(),
  phase: z.enum(['succeeded', 'failed', 'gone']),
  /** The service's status string. */
  status: z.string(),
  error: z.string().optional(),
});

/** Why the verification of a trail failed. */
const AuditVerdictSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({
    status: z.literal('tampered'),
    /**
     * The record that does not hold: its digest, its link, or its text; or, against the anchor
     * in the keychain, not the record the anchor holds (`anchor`), or unkeyed where the anchor
     * says the chain was keyed (`unkeyed`: rewritten without the key).
     */
    seq: z.number().int(),
    reason: z.enum(['hash', 'link', 'unreadable', 'anchor', 'unkeyed']),
    file: z.string(),
  }),
  z.object({
    status: z.literal('gap'),
    expectedSeq: z.number().int(),
    foundSeq: z.number().int(),
    file: z.string(),
  }),
  z.object({
    status: z.literal('truncated'),
    /** The last record that was whole. */
    afterSeq: z.number().int(),
    file: z.string(),
  }),
  /** The trail ends before the last record the anchor in the keychain knows: its end was cut. */
  z.object({
    status: z.literal('cut'),
    /** The last record that verified. */
    afterSeq: z.number().int(),
    /** The last record appended, as the anchor knows it. */
    anchoredSeq: z.number().int(),
    file: z.string(),
  }),
  /** The trail begins after the first record it should hold: records were deleted from its start. */
  z.object({
    status: z.literal('firstRecordsDeleted'),
    expectedSeq: z.number().int(),
    foundSeq: z.number().int(),
    file: z.string(),
  }),
  /** The trail begins with a later file than it should: its oldest file(s) were deleted. */
  z.object({
    status: z.literal('oldestFileDeleted'),
    expectedSeq: z.number().int(),
    foundSeq: z.number().int(),
    file: z.string(),
  }),
  /** No file of the trail is left, though the anchor knows records. */
  z.object({
    status: z.literal('trailDeleted'),
    anchoredSeq: z.number().int(),
  }),
]);
export type AuditVerdict = z.infer<typeof AuditVerdictSchema>;

/**
 * A new chain begun after a damaged trail was moved aside: what was found and where the
 * damaged files went. It links to the last record that still verified, if any.
 */
const AuditChainStartedRecordSchema = ChainFieldsSchema.extend({
  type: z.literal('chainStarted'),
  verdict: AuditVerdictSchema,
  /** File names (in the trail's folder) the damaged files were renamed to. */
  movedAside: z.array(z.string()),
});

/** One record of the audit trail. */
export const AuditRecordSchema = z.discriminatedUnion('type', [
  AuditIntentRecordSchema,
  AuditCallRecordSchema,
  AuditOutcomeCheckedRecordSchema,
  AuditJobEndedRecordSchema,
  AuditChainStartedRecordSchema,
]);
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
export type AuditCallRecord = z.infer<typeof AuditCallRecordSchema>;
export type AuditIntentRecord = z.infer<typeof AuditIntentRecordSchema>;

/**
 * Which user actions to answer (every record of each: see audit-actions.ts); every field
 * narrows, none means all.
 */
export const AuditFilterSchema = z.strictObject({
  /** Actions with a record written at or after this time (ISO). */
  since: z.string().optional(),
  /** Actions with a call of one of these operation ids. */
  operations: z.array(z.string()).optional(),
  /**
   * Text found (case-insensitive) in the action's target, a call's target values, or a job's
   * instance or id.
   */
  target: z.string().optional(),
  /**
   * How the action went: `ok` (succeeded), `failed`, or `unknown` (not known to have ended: a
   * change whose outcome never came, or one still on its way or whose job still runs).
   */
  outcome: z.enum(['ok', 'failed', 'unknown']).optional(),
  profileId: z.string().optional(),
  /** At most this many of the matching actions: the newest. */
  limit: z.number().int().positive().optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/**
 * How far a read checked the trail against the OS keychain: `keyed` (every keyed record's HMAC
 * and the anchor: the trail's end, its start, its existence) or not, and why. `unkeyed` counts
 * the records sealed without the key (older versions, or written while the keychain did not
 * answer): their SHA-256 holds them to the chain, not to the key.
 */
const AuditAnchorCheckSchema = z.object({
  keyed: z.boolean(),
  reason: z.string().optional(),
  unkeyed: z.number().int().nonnegative(),
});
export type AuditAnchorCheck = z.infer<typeof AuditAnchorCheckSchema>;

/** What a read of the trail answers: the records (oldest first) and what verification found. */
export const AuditListSchema = z.object({
  records: z.array(AuditRecordSchema),
  verdict: AuditVerdictSchema,
  /** Files moved aside by this read, because they did not verify. */
  movedAside: z.array(z.string()),
  /**
   * Whether the key and the anchor in the OS keychain were checked; absent where the trail
   * was opened without a keychain (tests).
   */
  anchor: AuditAnchorCheckSchema.optional(),
});
export type AuditList = z.infer<typeof AuditListSchema>;
