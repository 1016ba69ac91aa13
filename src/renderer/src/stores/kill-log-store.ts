import { defineStore } from 'pinia';
import { ref } from 'vue';
import { z } from 'zod';
import { LocalHistory } from '../model/lists/local-history';

/** One attempt to terminate a session, as the kill log keeps it. */
const KillLogEntrySchema = z.object({
  /** When the attempt was made (ISO). */
  at: z.string(),
  profileId: z.string(),
  /** The connection's name at the time (profiles can be renamed or deleted later). */
  profileName: z.string(),
  instanceName: z.string(),
  /** Set when the kill went through the database's endpoint. */
  databaseName: z.string().optional(),
  sessionId: z.number(),
  loginName: z.string(),
  loginTime: z.string(),
  hostName: z.string().nullable(),
  programName: z.string().nullable(),
  sql: z.string().nullable(),
  /** `killed`; `refused` (the spid changed hands or ended); `failed` (the service said no). */
  outcome: z.enum(['killed', 'refused', 'failed']),
  message: z.string().optional(),
});
export type KillLogEntry = z.infer<typeof KillLogEntrySchema>;

/** How many kills the local log keeps. */
const LOG_LIMIT = 500;

/**
 * The local log of session kills: who was terminated (login, host, program, SQL), when, on
 * which connection, and how it went, refusals included. Kept in the renderer's localStorage
 * (per machine and user profile, newest first, the last 500): it is the operator's own
 * record, not an audit trail (the server's audit is the authority).
 */
export const useKillLogStore = defineStore('kill-log', () => {
  const log = new LocalHistory({
    key: 'databridge.kill-log.v1',
    schema: KillLogEntrySchema,
    limit: LOG_LIMIT,
  });
  const entries = ref<KillLogEntry[]>(log.read());

  /** Adds an entry at the top and saves the log. */
  function append(entry: KillLogEntry): void {
    entries.value = [entry, ...entries.value].slice(0, LOG_LIMIT);
    log.write(entries.value);
  }

  /** Empties the log. */
  function clear(): void {
    entries.value = [];
    log.write([]);
  }

  return { entries, append, clear };
});
