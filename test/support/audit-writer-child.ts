import { AuditTrail } from '../../src/main/services/audit/audit-trail';

/*
 * One writer of an audit trail in a process of its own, for the test of concurrent writers:
 * argument 1 is the trail's folder, 2 a name, 3 how many records to append, 4 the size at
 * which files rotate.
 */

const [dir = '', name = '', count = '0', maxFileBytes = '0'] = process.argv.slice(2);
const trail = new AuditTrail({ dir, maxFileBytes: Number(maxFileBytes), keepFiles: 1000 });
for (let i = 0; i < Number(count); i += 1) {
  await trail.append({
    type: 'chainStarted',
    verdict: { status: 'ok' },
    movedAside: [name, String(i)],
  });
}
