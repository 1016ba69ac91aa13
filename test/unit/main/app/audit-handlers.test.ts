import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createAuditHandlers } from '../../../../src/main/app/audit-handlers';
import { AuditTrail } from '../../../../src/main/services/audit/audit-trail';
import { auditChannels } from '../../../../src/shared/ipc/audit-channels';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

function kill(operation: string, spid: string): Record<string, unknown> {
  return {
    type: 'call',
    source: { kind: 'app', version: '1' },
    profile: { id: 'p1', name: 'Prod' },
    principal: { kind: 'apiKey', keyFingerprint: '0123456789ab' },
    host: 'h',
    operation,
    target: { instanceName: 'sql-1', spid },
    outcome: { ok: true, status: 200 },
  };
}

it('audit:list answers the filtered trail, or only the kills, in the channel schema', async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-ipc-'));
  const trail = new AuditTrail({ dir });
  await trail.append(kill('sessions.kill', '61'));
  await trail.append(kill('databases.drop', '0'));
  await trail.append(kill('sessions.killByDatabase', '62'));
  const channel = auditChannels['audit:list'];
  const handle = createAuditHandlers(trail)['audit:list'];

  const all = channel.output.parse(await handle(channel.input.parse(undefined)));
  expect(all.records.map((r) => r.seq)).toEqual([1, 2, 3]);
  expect(all.verdict).toEqual({ status: 'ok' });

  const kills = channel.output.parse(await handle(channel.input.parse({ kills: true })));
  expect(kills.records.map((r) => (r.type === 'call' ? r.target['spid'] : ''))).toEqual([
    '61',
    '62',
  ]);

  const one = await handle(channel.input.parse({ operations: ['databases.drop'] }));
  expect(one.records.map((r) => r.seq)).toEqual([2]);
  expect(() => channel.input.parse({ outcome: 'maybe' })).toThrow();
});
