import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { MonitorInstanceRefSchema, type MonitorInstanceRef } from '../../../shared/model/monitor';
import { writeFileAtomic } from '../../services/common/atomic-file';
import type { Logger } from '../../services/log/logger';

/*
 * The instances each connection had when it last listed them, kept beside the history, so a
 * monitor restarted with a revoked key or a wrong URL still reports them down
 * (`databridge_instance_up 0`) and the instance rules can fire, rather than knowing none.
 * A connection's entries are rewritten only once it has listed its instances in this run: a
 * failing start never forgets what a working one knew.
 */

const FILE_NAME = 'known-instances.json';

const KnownFileSchema = z.object({
  version: z.literal(1),
  instances: z.array(MonitorInstanceRefSchema),
});

/** Where the list lives in a history folder. */
export function knownInstancesFile(historyDir: string): string {
  return join(historyDir, FILE_NAME);
}

/** The instances last known for the connections configured now; none when there is no list. */
export async function readKnownInstances(
  historyDir: string,
  connections: readonly string[],
  logger: Logger,
): Promise<MonitorInstanceRef[]> {
  const file = knownInstancesFile(historyDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const parsed = KnownFileSchema.safeParse(data);
  if (!parsed.success) {
    logger.warn('monitor serve: the list of known instances is not readable; ignored', { file });
    return [];
  }
  const configured = new Set(connections);
  return parsed.data.instances.filter((ref) => configured.has(ref.profileId));
}

const keyOf = (ref: MonitorInstanceRef): string => `${ref.profileId}\n${ref.instanceName}`;

/**
 * The list to write: the watched instances of the connections that listed theirs in this run,
 * and the earlier entries of those that did not. Sorted, so an unchanged list reads the same.
 */
export function nextKnownInstances(
  earlier: readonly MonitorInstanceRef[],
  watched: readonly MonitorInstanceRef[],
  listed: ReadonlySet<string>,
): MonitorInstanceRef[] {
  const kept = earlier.filter((ref) => !listed.has(ref.profileId));
  const fresh = watched
    .filter((ref) => listed.has(ref.profileId))
    .map(({ profileId, instanceName }) => ({ profileId, instanceName }));
  return [...kept, ...fresh].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/** Keeps the file in step with what the monitor watches, writing only when the list changed. */
export class KnownInstancesFile {
  #known: MonitorInstanceRef[];
  #written: string;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    earlier: readonly MonitorInstanceRef[],
    private readonly logger: Logger,
  ) {
    this.#known = [...earlier];
    this.#written = JSON.stringify(nextKnownInstances(earlier, [], new Set()));
  }

  /** The monitor's watched instances changed (or may have). */
  note(watched: readonly MonitorInstanceRef[], listed: ReadonlySet<string>): void {
    const next = nextKnownInstances(this.#known, watched, listed);
    const text = JSON.stringify(next);
    if (text === this.#written) return;
    this.#known = next;
    this.#written = text;
    const body = `${JSON.stringify({ version: 1, instances: next }, null, 1)}\n`;
    this.#writing = this.#writing
      .then(() => writeFileAtomic(this.file, body))
      .catch((error: unknown) => {
        this.logger.warn('monitor serve: the list of known instances was not written', {
          file: this.file,
          error,
        });
      });
  }

  /** Resolves once every write asked for has ended. */
  settled(): Promise<void> {
    return this.#writing;
  }
}
