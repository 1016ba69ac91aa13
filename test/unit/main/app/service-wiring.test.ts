import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  machinePolicyOf,
  profileStoreOf,
  secretVaultOf,
  settingsStoreOf,
  trailOf,
} from '../../../../src/main/app/service-wiring';
import { auditDir, profilesFile } from '../../../../src/main/services/config/app-paths';
import { silentLogger } from '../../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../../src/main/services/secrets/secret-store';

/*
 * The one wiring of a data folder's services: each piece is built where the data folder's
 * layout says, and a bad machine policy is handed to the caller to say, then ignored.
 */

let dataDir = '';
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-wiring-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the wiring of a data folder', () => {
  it('keeps the saved connections in the profiles file of the data folder', async () => {
    const store = profileStoreOf(dataDir, silentLogger);
    await store.create({
      name: 'Work',
      target: { kind: 'region', region: 'EU' },
      auth: { kind: 'apiKey' },
    });
    expect(existsSync(profilesFile(dataDir))).toBe(true);
    const { profiles } = await profileStoreOf(dataDir).load();
    expect(profiles.map((profile) => profile.name)).toEqual(['Work']);
  });

  it('keeps secrets in the store it is given, never in the data folder', async () => {
    const store = new MemorySecretStore();
    const vault = secretVaultOf(store, silentLogger);
    await vault.probe();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('records changes in the audit folder of the data folder, where the trail reads them', () => {
    const audit = auditOf({
      dataDir,
      logger: silentLogger,
      source: { kind: 'cli', version: '1.0.0' },
      onFailure: () => 'refuse',
    });
    expect(audit.trail.dir).toBe(auditDir(dataDir));
    expect(trailOf({ dataDir, logger: silentLogger }).dir).toBe(audit.trail.dir);
  });

  it('loads the settings under the policy given', async () => {
    const settings = await settingsStoreOf(dataDir, silentLogger, {
      status: 'absent',
      path: '/nowhere',
    });
    expect(settings.get().auditOnFailure).toBeDefined();
  });
});

describe('machinePolicyOf', () => {
  it('hands a policy that is not valid to the caller to say, and answers it ignored', async () => {
    await writeFile(join(dataDir, 'policy.json'), JSON.stringify({ version: 99 }));
    const said: string[] = [];
    const state = await machinePolicyOf({ DATABRIDGE_POLICY_DIR: dataDir }, ({ path }) =>
      said.push(path),
    );
    expect(state).toMatchObject({ status: 'invalid', path: join(dataDir, 'policy.json') });
    expect(said).toEqual([join(dataDir, 'policy.json')]);
  });

  it('says nothing of a valid policy', async () => {
    await writeFile(join(dataDir, 'policy.json'), JSON.stringify({ version: 1 }));
    const said: string[] = [];
    const state = await machinePolicyOf({ DATABRIDGE_POLICY_DIR: dataDir }, ({ path }) =>
      said.push(path),
    );
    expect(state.status).not.toBe('invalid');
    expect(said).toEqual([]);
  });
});

describe('one wiring for the window, the command line and monitor serve', () => {
  /** What only the wiring builds. */
  const BUILT_HERE_ONLY =
    /new (ProfileStore|SecretVault|SettingsStore)\(|\b(createAudit|openTrail|loadPolicy)\(/;

  async function sources(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => join(entry.parentPath, entry.name));
  }

  it('gives the entry points the data folder services: none builds them by hand', async () => {
    const root = join(import.meta.dirname, '../../../../src/main');
    const files = [...(await sources(join(root, 'app'))), ...(await sources(join(root, 'cli')))];
    const byHand: string[] = [];
    for (const file of files) {
      if (file.endsWith('service-wiring.ts')) continue;
      if (BUILT_HERE_ONLY.test(await readFile(file, 'utf8'))) byHand.push(file);
    }
    expect(byHand).toEqual([]);
    // The check can fail: the wiring itself builds them.
    const wiring = await readFile(join(root, 'app/service-wiring.ts'), 'utf8');
    expect(wiring).toMatch(BUILT_HERE_ONLY);
    const users = ['app/create-app-services.ts', 'cli/connection/connection.ts'];
    for (const user of users) {
      expect(await readFile(join(root, user), 'utf8'), user).toMatch(/service-wiring'/);
    }
    // monitor serve connects through the command line's connection.
    expect(await readFile(join(root, 'cli/monitor-serve/serve-connections.ts'), 'utf8')).toContain(
      'cliClient(',
    );
  });
});
