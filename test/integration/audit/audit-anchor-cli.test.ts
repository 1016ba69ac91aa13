import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src/main/platform/keytar-secret-store';
import { digestOf } from '../../../src/main/services/audit/audit-chain';
import { TrailKeyring } from '../../../src/main/services/audit/audit-keyring';
import { auditDir } from '../../../src/main/services/config/app-paths';
import type { AuditRecord } from '../../../src/shared/model/audit';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';
import { auditRecordsOf } from '../../support/cli/audit-json';
import { keychainMissing } from '../../support/keychain-answers';

/*
 * Through the built command: changes made over real HTTP are keyed and
 * anchored in the OS keychain, and `databridge audit list` reports a chain sealed again, an end
 * cut together with its head file, and a deleted folder, each in its own words with exit code 1.
 *
 * The command's keychain is the real one (keytar): `npm test` runs vitest inside
 * scripts/with-keyring.sh, a private D-Bus session with an unlocked gnome-keyring, whose
 * address the command's child processes inherit. Where no keychain answers, the keyed tests are
 * skipped with the reason; what the command does without a keychain is tested everywhere on
 * Linux, by pointing its D-Bus at nothing.
 */

const PROD = 'sql-eu-prod-01';
const API_KEY = 'demo-admin-key';
const NO_BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/databridge-test-bus' };

const skipKeyed = await keychainMissing();
if (skipKeyed) console.log(`audit-anchor-cli: keyed tests skipped, ${skipKeyed}`);
const skipUnkeyed =
  process.platform === 'linux'
    ? undefined
    : `a keychain is taken away through D-Bus on Linux only (this is ${process.platform})`;
if (skipUnkeyed) console.log(`audit-anchor-cli: keychain-less test skipped, ${skipUnkeyed}`);

let env: RecordingEmulator;
let root: string;
beforeAll(async () => {
  env = await startRecordingEmulator({ jobMs: 50 });
  root = await mkdtemp(join(tmpdir(), 'audit-anchor-cli-'));
});
afterAll(async () => {
  await env.close();
  await rm(root, { recursive: true, force: true });
});

const pin = (dataDir: string): string[] => [
  'databases',
  'pin',
  '--instanceName',
  PROD,
  '--databaseName',
  'Claims_History',
  '--body',
  '{"pinned":true}',
  '--base-url',
  env.emulator.baseUrl,
  '--data-dir',
  dataDir,
];

async function changes(dataDir: string, count: number, extra: Record<string, string> = {}) {
  for (let i = 1; i <= count; i += 1) {
    const run = await runCli(pin(dataDir), { DATABRIDGE_API_KEY: API_KEY, ...extra });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }
}

const auditList = (dataDir: string, extra: Record<string, string> = {}) =>
  runCli(['audit', 'list', '--data-dir', dataDir], extra);

const trailFile = (dataDir: string): string => join(auditDir(dataDir), 'audit.jsonl');
async function lines(dataDir: string): Promise<string[]> {
  return (await readFile(trailFile(dataDir), 'utf8')).split('\n').filter((line) => line !== '');
}

describe.skipIf(skipKeyed !== undefined)(
  'a trail keyed in the OS keychain, through the CLI',
  () => {
    it('keys every change and lists the trail as checked', async () => {
      const dataDir = join(root, 'keyed');
      await changes(dataDir, 2);
      const list = await auditList(dataDir);
      expect(list.stderr).toBe('');
      expect(list.code).toBe(0);
      const records = auditRecordsOf(list.stdout);
      // Listed: the calls (an intent is shown only while its outcome is unknown); all keyed.
      expect(records.map((r) => [r.type, r.v])).toEqual([
        ['call', 2],
        ['call', 2],
      ]);
      const written = (await lines(dataDir)).map((line) => JSON.parse(line) as AuditRecord);
      expect(written.map((r) => [r.type, r.v])).toEqual([
        ['intent', 2],
        ['call', 2],
        ['intent', 2],
        ['call', 2],
      ]);
    });

    it('reports the last records cut off together with the head file', async () => {
      const dataDir = join(root, 'cut');
      await changes(dataDir, 3);
      const kept = (await lines(dataDir)).slice(0, 4);
      await writeFile(trailFile(dataDir), kept.join('\n') + '\n');
      const last = JSON.parse(kept[3] ?? '{}') as AuditRecord;
      await writeFile(
        join(auditDir(dataDir), 'audit-head.json'),
        JSON.stringify({ seq: last.seq, hash: last.hash }),
      );
      const list = await auditList(dataDir);
      expect(list.code).toBe(1);
      expect(list.stderr).toContain('"status":"cut","afterSeq":4,"anchoredSeq":6');
      expect(list.stderr).toContain(
        'The trail ends at record 4 (audit.jsonl), but the anchor in the OS keychain knows records up to 6: its end was cut off.',
      );
      expect(auditRecordsOf(list.stdout).at(-1)).toMatchObject({
        type: 'chainStarted',
        seq: 5,
      });
      expect((await auditList(dataDir)).code).toBe(0);
    });

    it('reports the chain sealed again with a plain SHA-256', async () => {
      const dataDir = join(root, 'resealed');
      await changes(dataDir, 2);
      let prev: string | null = null;
      const resealed = (await lines(dataDir)).map((line) => {
        const record = JSON.parse(line) as Record<string, unknown>;
        Object.assign(record, { v: 1, prev });
        record['hash'] = digestOf(record);
        prev = record['hash'] as string;
        return JSON.stringify(record);
      });
      await writeFile(trailFile(dataDir), resealed.join('\n') + '\n');
      const last = JSON.parse(resealed.at(-1) ?? '{}') as AuditRecord;
      await writeFile(
        join(auditDir(dataDir), 'audit-head.json'),
        JSON.stringify({ seq: last.seq, hash: last.hash }),
      );
      const list = await auditList(dataDir);
      expect(list.code).toBe(1);
      expect(list.stderr).toContain('record 1 does not hold: it was sealed without the key');
    });

    it('reports the whole folder deleted', async () => {
      const dataDir = join(root, 'deleted');
      await changes(dataDir, 2);
      await rm(auditDir(dataDir), { recursive: true });
      const list = await auditList(dataDir);
      expect(list.code).toBe(1);
      expect(list.stderr).toContain('"status":"trailDeleted","anchoredSeq":4');
      expect(list.stderr).toContain('the trail was deleted');
    });

    it('costs a keychain read and write per change (measured, not held)', async () => {
      const keyring = new TrailKeyring({
        store: new KeytarSecretStore({ service: 'DataBridge Desktop Test' }),
        dir: join(root, 'measured'),
      });
      const anchor = { keyedFrom: 1, starts: [1], last: { seq: 1, hash: 'ab'.repeat(32) } };
      const key = Buffer.alloc(32, 1);
      const rounds = 20;
      const started = performance.now();
      for (let seq = 1; seq <= rounds; seq += 1) {
        await keyring.read();
        await keyring.write(key, { ...anchor, last: { ...anchor.last, seq } });
      }
      const perChange = (performance.now() - started) / rounds;
      console.log(`audit-anchor-cli: keychain read + write per change: ${perChange.toFixed(1)} ms`);
      expect((await keyring.read()).status).toBe('found');
    });
  },
);

describe.skipIf(skipUnkeyed !== undefined)(
  'a trail whose keychain does not answer, through the CLI',
  () => {
    it('still makes the change, records it unkeyed, and says so on audit list', async () => {
      const dataDir = join(root, 'no-keychain');
      const before = env.count(/^PUT /);
      await changes(dataDir, 1, NO_BUS);
      expect(env.count(/^PUT /)).toBe(before + 1);
      const list = await auditList(dataDir, NO_BUS);
      expect(list.code).toBe(0);
      expect(auditRecordsOf(list.stdout).map((r) => [r.type, r.v])).toEqual([['call', 1]]);
      expect(list.stderr).toMatch(
        /^note: Not checked against the OS keychain: the OS keychain did not answer \(.+\), so the keyed records and the anchor could not be checked\./,
      );
    });
  },
);
