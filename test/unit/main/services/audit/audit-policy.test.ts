import { describe, expect, it } from 'vitest';
import {
  AUDITED_OPERATIONS,
  KILL_OPERATIONS,
  isAudited,
  redactedInput,
} from '../../../../../src/main/services/audit/audit-policy';
import type { CallEnded } from '../../../../../src/main/services/http/call-ended';
import { catalogue, operationById } from '../../../../../src/shared/contract/catalogue';

describe('which operations the audit trail records', () => {
  it('records exactly the operations of the service that change something', () => {
    expect([...AUDITED_OPERATIONS].sort()).toEqual(
      [
        'archives.delete',
        'archives.restore',
        'cluster.addAllowedIp',
        'cluster.deleteAllowedIp',
        'cluster.deleteAllowedRange',
        'cluster.overwriteAllowedIps',
        'cluster.setServerSecurity',
        'databases.archive',
        'databases.create',
        'databases.drop',
        'databases.export',
        'databases.import',
        'databases.move',
        'databases.pin',
        'databases.rename',
        'databases.shrink',
        'databases.updateArchive',
        'databases.updateSecurity',
        'instances.updateSecurity',
        'linkedServers.create',
        'linkedServers.delete',
        'logins.create',
        'logins.delete',
        'logins.updatePassword',
        'sessions.kill',
        'sessions.killByDatabase',
        'uploads.complete',
        'uploads.init',
      ].sort(),
    );
  });

  it('records no read, no sign-in and no single upload part', () => {
    for (const op of catalogue) {
      if (op.method === 'GET') expect(isAudited(op), op.id).toBe(false);
    }
    expect(isAudited(operationById('auth.loginImplicit'))).toBe(false);
    expect(isAudited(operationById('auth.refresh'))).toBe(false);
    expect(isAudited(operationById('uploads.putPart'))).toBe(false);
  });

  it('answers the kills from the kill operations, both of which it records', () => {
    for (const id of KILL_OPERATIONS) expect(AUDITED_OPERATIONS).toContain(id);
  });
});

describe('redactedInput', () => {
  it('replaces fields named like secrets and the connection secret anywhere', () => {
    const ended: CallEnded = {
      operation: operationById('logins.create'),
      params: { instanceName: 'sql-1' },
      body: { login: 'ada', password: 'Str0ng!Passw0rd', role: 'Consumer', note: 'key k-123456' },
      query: { apiKey: 'x-1', token: 'y-2' },
    };
    const input = redactedInput(ended, ['k-123456']);
    expect(input).toEqual({
      body: { login: 'ada', password: '[redacted]', role: 'Consumer', note: 'key [redacted]' },
      query: { apiKey: '[redacted]', token: '[redacted]' },
    });
  });

  it('leaves a call without input without an input field', () => {
    const ended: CallEnded = { operation: operationById('databases.drop'), params: {} };
    expect(redactedInput(ended, [])).toBeUndefined();
  });
});
