import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../../../src/emulator/server';
import { cliAdvice } from '../../../../../src/main/cli/output/advice';
import {
  closestNames,
  unknownInstanceHint,
} from '../../../../../src/main/cli/output/instance-hint';
import { runCli } from '../../../../../src/main/cli/commands/runner';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';

const KNOWN = ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01'];

describe('advice for an instance that does not exist', () => {
  it('points an import at the instances, not at the databases of the unknown instance', () => {
    for (const operation of ['databases.prepareImport', 'databases.import', 'uploads.init']) {
      const advice = cliAdvice('NOT_FOUND', {
        operation,
        params: { instanceName: 'sql-eu-dev-1', databaseName: 'Sales', fileExtension: 'bak' },
      });
      expect(advice, operation).toContain('`databridge instances list`');
      expect(advice, operation).not.toContain('databases list');
    }
  });

  it('names the closest known instances, nearest first', () => {
    expect(closestNames('sql-eu-dev-1', KNOWN)).toEqual([
      'sql-eu-dev-01',
      'sql-eu-test-01',
      'sql-eu-prod-01',
    ]);
    expect(closestNames('SQL-EU-PROD-01x', KNOWN, 1)).toEqual(['sql-eu-prod-01']);
  });

  it('says nothing more when the instance exists, the list fails or it is not a not-found', async () => {
    const list = () => Promise.resolve(KNOWN);
    expect(await unknownInstanceHint('NOT_FOUND', 'sql-eu-dev-1', list)).toBe(
      '  instance "sql-eu-dev-1" is not one of the tenant\'s; the closest known: sql-eu-dev-01, sql-eu-test-01, sql-eu-prod-01 (`databridge instances list` lists them all).\n',
    );
    expect(await unknownInstanceHint('NOT_FOUND', 'SQL-EU-DEV-01', list)).toBeUndefined();
    expect(await unknownInstanceHint('CONFLICT', 'sql-eu-dev-1', list)).toBeUndefined();
    expect(await unknownInstanceHint('NOT_FOUND', undefined, list)).toBeUndefined();
    const failing = () => Promise.reject(new Error('forbidden'));
    expect(await unknownInstanceHint('NOT_FOUND', 'sql-eu-dev-1', failing)).toBeUndefined();
  });
});

describe('an import into an unknown instance, against the emulator', () => {
  let emulator: Emulator;
  let folder: string;

  beforeAll(async () => {
    emulator = await startEmulator({ jobMs: 50 });
    folder = await mkdtemp(join(tmpdir(), 'cli-hint-'));
    // A BAK file opens with the Microsoft Tape Format "TAPE" block.
    await writeFile(
      join(folder, 'Sales.bak'),
      Buffer.concat([Buffer.from('TAPE'), Buffer.alloc(4096)]),
    );
  });
  afterAll(async () => {
    await emulator.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function run(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(
      [...argv, '--base-url', emulator.baseUrl, '--data-dir', join(folder, 'data')],
      {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        env: { DATABRIDGE_API_KEY: 'demo-admin-key' },
        secretStore: () => new MemorySecretStore(),
      },
    );
    return { code, stdout, stderr };
  }

  it('suggests instances list and the closest instance names', async () => {
    const failed = await run([
      'import',
      join(folder, 'Sales.bak'),
      '--instanceName',
      'sql-eu-dev-1',
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/error NOT_FOUND: /);
    expect(failed.stderr).not.toContain('databases list --instanceName sql-eu-dev-1');
    expect(failed.stderr).toContain('`databridge instances list`');
    expect(failed.stderr).toContain('the closest known: sql-eu-dev-01, ');
  });

  it('adds the closest names to a catalogue operation on an unknown instance too', async () => {
    const failed = await run(['databases', 'list', '--instanceName', 'sql-eu-prod-1']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      'instance "sql-eu-prod-1" is not one of the tenant\'s; the closest known: sql-eu-prod-01',
    );
    const known = await run([
      'databases',
      'get',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      'Nope',
    ]);
    expect(known.code).toBe(1);
    expect(known.stderr).not.toContain('closest known');
  });
});
