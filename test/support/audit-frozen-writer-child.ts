import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuditTrail } from '../../src/main/services/audit/audit-trail';
import { standStillUntil } from './stand-still';

/*
 * A writer of an audit trail (argument 1, its folder) that stands still in the middle of an
 * append, for the test of a writer delayed past the lock's stale span (argument 2, ms). The
 * trail reads its clock once it has read the chain's end and before it writes: there, on the
 * first append only, this writer creates `held` in the folder and stands still (no timer runs)
 * until `go` exists.
 */

const [dir = '', staleMs = '0'] = process.argv.slice(2);
let stood = false;
const trail = new AuditTrail({
  dir,
  lock: { staleMs: Number(staleMs) },
  now: () => {
    if (!stood) {
      stood = true;
      writeFileSync(join(dir, 'held'), '');
      standStillUntil(() => existsSync(join(dir, 'go')));
    }
    return new Date();
  },
});
await trail.append({ type: 'chainStarted', verdict: { status: 'ok' }, movedAside: ['delayed'] });
