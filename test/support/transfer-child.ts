import { appendFileSync } from 'node:fs';
import type { TransferRecord } from '../../src/shared/model/transfer';
import { PROFILE_ID, createEngine } from './transfer-rig';
import { importFile } from './import-file';

/*
 * The transfer engine in a process of its own, for the kill-and-resume test (node
 * child_process.fork with tsx). Argument 1 is a JSON {@link ChildTask}. Before a part is sent,
 * a line `start <part> <bytes>` is appended to `partLog` with a synchronous write, so the
 * parent knows every part this process began even when it is killed right after. Messages out:
 * { type: 'started', id }, { type: 'part', partNumber } when a part is journaled, and
 * { type: 'end', record } when the transfer stops; then the process exits.
 */

/** What the child does. */
export interface ChildTask {
  baseUrl: string;
  dataDir: string;
  /** `start` a new import of `sourcePath`, or `resume` what the journals hold. */
  mode: 'start' | 'resume';
  sourcePath?: string;
  instanceName?: string;
  databaseName?: string;
  partsInFlight: number;
  partSize: number;
  partLog: string;
}

// The job watcher's timers are unref'd (they must not keep a CLI alive): this keeps the child
// alive until its transfer ends.
const keepAlive = setInterval(() => undefined, 1000);

const task = JSON.parse(process.argv[2] ?? '{}') as ChildTask;
const send = (message: unknown): void => {
  process.send?.(message);
};

const engine = await createEngine({
  baseUrl: task.baseUrl,
  dataDir: task.dataDir,
  partsInFlight: task.partsInFlight,
  partPlan: { partSize: task.partSize, minPartSize: task.partSize, singleStreamThreshold: 1 },
  onPartEvent: (_id, event) => {
    if (event.kind === 'start')
      appendFileSync(task.partLog, `start ${event.partNumber} ${event.length}\n`);
    if (event.kind === 'done') send({ type: 'part', partNumber: event.partNumber });
  },
});

let id: string;
if (task.mode === 'start') {
  const record = await importFile(engine.service, {
    profileId: PROFILE_ID,
    instanceName: task.instanceName ?? '',
    databaseName: task.databaseName ?? '',
    sourcePath: task.sourcePath ?? '',
  });
  id = record.id;
} else {
  const [record] = await engine.service.resumeAll();
  if (!record) throw new Error('Nothing to resume');
  id = record.id;
}
send({ type: 'started', id });
const final: TransferRecord = await engine.service.settled(id);
send({ type: 'end', record: final });
await engine.close();
clearInterval(keepAlive);
process.disconnect?.();
