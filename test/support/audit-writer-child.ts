import { AuditTrail } from '../../src/main/services/audit/audit-trail';

/*
 * One writer of an audit trail in a process of its own, for the tests of concurrent writers:
 * argument 1 is the trail's folder, 2 a name, 3 how many records to append, 4 the size at
 * which files rotate, 5 the mode: `append` (records of its own), or `once` and `once-backwards`
 * (the end of jobs 0..count-1, in that order or the other, which another writer records too).
 */

const [dir = '', name = '', count = '0', maxFileBytes = '0', mode = 'append'] =
  process.argv.slice(2);
const trail = new AuditTrail({ dir, maxFileBytes: Number(maxFileBytes), keepFiles: 1000 });
for (let n = 0; n < Number(count); n += 1) {
  const i = mode === 'once-backwards' ? Number(count) - 1 - n : n;
  if (mode.startsWith('once')) {
    const jobId = `job-${i}`;
    await trail.appendOnce(
      {
        type: 'jobEnded',
        source: { kind: 'cli', version: name },
        profile: { id: 'p' },
        instanceName: 'sql-eu-prod-01',
        jobId,
        phase: 'succeeded',
        status: 'Succeeded',
      },
      (r) => r.type === 'jobEnded' && r.jobId === jobId,
    );
  } else {
    await trail.append({
      type: 'chainStarted',
      verdict: { status: 'ok' },
      movedAside: [name, String(i)],
    });
  }
}
