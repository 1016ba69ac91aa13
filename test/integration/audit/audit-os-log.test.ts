import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrailKeyring, trailId } from '../../../src/main/services/audit/audit-keyring';
import { AuditTrail } from '../../../src/main/services/audit/audit-trail';
import { CommandOsLog, osLogLine } from '../../../src/main/services/audit/os-log';
import type { LogEntry } from '../../../src/main/services/log/logger';
import { RedactingLogger } from '../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { missingTool } from '../../support/system-tools';

/*
 * Each record's line reaches the OS log through the real util-linux `logger`, the command the
 * trail runs on Linux. The system's socket (/dev/log) may have nothing behind it on a build
 * machine or in a container, so `logger` is pointed at a syslog socket of the test's own and
 * the test reads what arrives there (logger falls back from a datagram to a stream socket,
 * which Node can serve). The command lines of macOS and Windows are held by the unit test.
 */

const skip =
  process.platform !== 'linux'
    ? `the trail runs util-linux logger on Linux only (this is ${process.platform})`
    : missingTool('logger', ['--version'], 'util-linux: the OS log of the audit trail');
if (skip) console.log(`audit-os-log: skipped, ${skip}`);

let root: string;
let server: Server | undefined;
let received = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'audit-os-log-'));
  received = '';
});
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await rm(root, { recursive: true, force: true });
});

/** A syslog socket at `path` that keeps what it receives. */
async function listen(path: string): Promise<void> {
  server = createServer((socket) => {
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  });
  await new Promise<void>((resolve) => server?.listen(path, resolve));
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not there within 10 s; received: ${received}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const change = (database: string) => ({
  type: 'call',
  source: { kind: 'cli', version: '1' },
  profile: { id: 'p1', name: 'Prod' },
  principal: { kind: 'apiKey', keyFingerprint: '0123456789ab' },
  host: 'eu.example.test',
  operation: 'databases.drop',
  target: { instanceName: 'sql-1', databaseName: database },
  outcome: { ok: true, status: 200 },
});

describe.skipIf(skip !== undefined)('the OS log of the audit trail, through logger', () => {
  it('receives one line per record: its trail, seq, digest and link, in order', async () => {
    const socket = join(root, 'log.sock');
    await listen(socket);
    const dir = join(root, 'audit');
    const trail = new AuditTrail({
      dir,
      keyring: new TrailKeyring({ store: new MemorySecretStore(), dir }),
      osLog: new CommandOsLog({ platform: 'linux', socket }),
    });
    // Names with letters outside hex, so no digest in the line can contain them by chance.
    const records = [await trail.append(change('Ledger')), await trail.append(change('Claims'))];
    const lines = records.map((record) => osLogLine(record, trailId(dir)));
    await until(() => lines.every((line) => received.includes(line)));
    // Tagged, at user.notice (<13>), in seq order; the record's target is not in the OS log.
    expect(received).toContain(`databridge-audit: ${lines[0]}`);
    expect(received.indexOf(lines[0] ?? '')).toBeLessThan(received.indexOf(lines[1] ?? ''));
    expect(received).toMatch(/^<13>/);
    expect(lines[1]).toContain(`seq=2 v=2 hash=${records[1]?.hash} prev=${records[0]?.hash}`);
    expect(received).not.toContain('Ledger');
    expect(received).not.toContain('Claims');
  });

  it('logs a line the OS log did not take, and appends all the same', async () => {
    const entries: LogEntry[] = [];
    const dir = join(root, 'audit');
    const trail = new AuditTrail({
      dir,
      osLog: new CommandOsLog({ platform: 'linux', socket: join(root, 'nobody-listens.sock') }),
      logger: new RedactingLogger({ sink: (entry) => entries.push(entry) }),
    });
    const record = await trail.append(change('db1'));
    expect(record.seq).toBe(1);
    expect((await trail.list()).records).toHaveLength(1);
    const warning = entries.find((entry) => entry.message.includes('OS log'));
    expect(warning).toMatchObject({
      level: 'warn',
      message: 'An audit record could not be written to the OS log',
      fields: { seq: 1 },
    });
    expect(String(warning?.fields?.['reason'])).toMatch(/^logger failed: /);
  });
});
