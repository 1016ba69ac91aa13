import { KeytarSecretStore } from '../../../../src/main/platform/keytar-secret-store';
import { SecretVault } from '../../../../src/main/services/secrets/secret-vault';

/*
 * Run as a child process with a D-Bus address that leads nowhere: what does the vault do when
 * no keychain answers? Prints one JSON line. The secret is argv[2].
 */
const secret = process.argv[2] ?? 'missing';
const vault = new SecretVault({
  store: new KeytarSecretStore({ service: 'DataBridge Desktop Test' }),
});
const probe = await vault.probe();
let setError: string | undefined;
try {
  await vault.setProfileSecret('child-profile', { apiKey: secret });
} catch (error) {
  setError = (error as { code?: string }).code;
}
vault.enableSessionOnly();
await vault.setProfileSecret('child-profile', { apiKey: secret });
const back = await vault.getProfileSecret('child-profile', 'apiKey');
console.log(
  JSON.stringify({
    probeOk: probe.ok,
    probeCode: probe.ok ? undefined : probe.error.code,
    setError,
    sessionOnly: vault.isSessionOnly,
    roundTrip: back !== undefined && 'apiKey' in back && back.apiKey === secret,
  }),
);
