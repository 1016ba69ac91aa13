import { KeytarSecretStore } from '../../src/main/platform/keytar-secret-store';
import { SecretVault } from '../../src/main/services/secrets/secret-vault';

/*
 * Run as a child process with a D-Bus address that leads nowhere: what does the vault do when
 * no keychain answers? Prints one JSON line. The secret is argv[2].
 */
const secret = process.argv[2] ?? 'missing';
const origin = 'https://api-euw1.rms.com';
const owner = {
  id: 'child-profile',
  auth: { kind: 'apiKey' as const },
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const vault = new SecretVault({
  store: new KeytarSecretStore({ service: 'DataBridge Desktop Test' }),
});
const probe = await vault.probe();
let setError: string | undefined;
try {
  await vault.setProfileSecret('child-profile', { apiKey: secret }, origin);
} catch (error) {
  setError = (error as { code?: string }).code;
}
vault.enableSessionOnly();
await vault.setProfileSecret('child-profile', { apiKey: secret }, origin);
const found = await vault.getProfileSecret(owner, origin);
const back = found.status === 'found' ? found.secret : undefined;
console.log(
  JSON.stringify({
    probeOk: probe.ok,
    probeCode: probe.ok ? undefined : probe.error.code,
    setError,
    sessionOnly: vault.isSessionOnly,
    roundTrip: back !== undefined && 'apiKey' in back && back.apiKey === secret,
  }),
);
