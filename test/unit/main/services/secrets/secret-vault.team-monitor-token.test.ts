import { describe, expect, it } from 'vitest';
import { RedactingLogger, type LogEntry } from '../../../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../../../src/main/services/secrets/secret-vault';

const TOKEN = 'team-token-5c8e-not-for-other-hosts';
const A = 'https://monitor.example:9464';
const B = 'http://monitor.evil.test:9464';

function vault() {
  const store = new MemorySecretStore();
  const logs: LogEntry[] = [];
  const logger = new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'debug' });
  return { store, logs, vault: new SecretVault({ store, logger }) };
}

describe('the team monitor token in the vault', () => {
  it('is handed out for the origin it was given for only, and deleted when asked elsewhere', async () => {
    const { vault: v, store, logs } = vault();
    await v.setTeamMonitorToken('p1', TOKEN, A);
    expect(await v.getTeamMonitorToken('p1', A)).toBe(TOKEN);
    expect(await v.getTeamMonitorToken('p1', B)).toBeUndefined();
    expect(await store.get('p1:teamMonitorToken')).toBeUndefined();
    expect(await v.getTeamMonitorToken('p1', A)).toBeUndefined();
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it('is kept apart from the service secret: forgetting one leaves the other', async () => {
    const { vault: v } = vault();
    await v.setTeamMonitorToken('p1', TOKEN, A);
    await v.setProfileSecret('p1', { apiKey: 'service-key' }, 'https://eu.example');
    await v.forgetProfile('p1');
    expect(await v.getTeamMonitorToken('p1', A)).toBe(TOKEN);
    expect(await v.forgetTeamMonitorToken('p1')).toBe(true);
    expect(await v.getTeamMonitorToken('p1', A)).toBeUndefined();
  });
});
