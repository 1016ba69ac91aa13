import { existsSync, writeFileSync } from 'node:fs';
import { LockLostError, withFileLock } from '../../src/main/services/audit/audit-lock';
import { standStillUntil } from './stand-still';

/*
 * A holder of an audit lock that stands still, for the lock's tests: it takes the lock
 * (argument 1) with a short stale span (argument 2, ms), creates the file `<lock>.held`, stands
 * still (no timer runs) until `<lock>.go` exists, then confirms the lock and writes what it
 * found, `kept` or `lost`, to `<lock>.result`.
 */

const [file = '', staleMs = '0'] = process.argv.slice(2);
await withFileLock(
  file,
  async (lock) => {
    writeFileSync(`${file}.held`, '');
    standStillUntil(() => existsSync(`${file}.go`));
    try {
      await lock.confirm();
      writeFileSync(`${file}.result`, 'kept');
    } catch (error) {
      writeFileSync(`${file}.result`, error instanceof LockLostError ? 'lost' : String(error));
    }
  },
  { staleMs: Number(staleMs) },
);
