import { fork } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AuditTrail } from '../../../../../src/main/services/audit/audit-trail';

/*
 * Two processes appending to one trail at once (the app and a command-line run): every
 * record is kept, once, in one chain that verifies, across the files it rotated into.
 */

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

function writer(
  name: string,
  count: number,
  maxFileBytes: number,
  mode: 'append' | 'once' | 'once-backwards' = 'append',
): Promise<number | null> {
  const child = fork(
    resolve('test/support/audit-writer-child.ts'),
    [dir, name, String(count), String(maxFileBytes), mode],
    { execArgv: ['--import', 'tsx'], stdio: 'inherit' },
  );
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

it('two concurrent writers keep one valid chain with every record', async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-writers-'));
  const count = 60;
  const codes = await Promise.all([writer('a', count, 8 * 1024), writer('b', count, 8 * 1024)]);
  expect(codes).toEqual([0, 0]);
  const list = await new AuditTrail({ dir, keepFiles: 1000 }).list();
  expect(list.verdict).toEqual({ status: 'ok' });
  expect(list.records.map((r) => r.seq)).toEqual(
    Array.from({ length: 2 * count }, (_, i) => i + 1),
  );
  const written = list.records.map((r) =>
    r.type === 'chainStarted' ? r.movedAside.join(':') : '',
  );
  for (const name of ['a', 'b']) {
    for (let i = 0; i < count; i += 1) expect(written).toContain(`${name}:${i}`);
  }
  // The runs rotated several times while both were writing.
  expect(
    (await readdir(dir)).filter((f) => /^audit-\d{12}\.jsonl$/.test(f)).length,
  ).toBeGreaterThan(2);
}, 60_000);

it('two writers recording the same job ends at once keep one record of each', async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-writers-'));
  // One writer goes through the jobs forwards, the other backwards: they meet in the middle.
  const count = 150;
  const codes = await Promise.all([
    writer('a', count, 1024 * 1024, 'once'),
    writer('b', count, 1024 * 1024, 'once-backwards'),
  ]);
  expect(codes).toEqual([0, 0]);
  const list = await new AuditTrail({ dir }).list();
  expect(list.verdict).toEqual({ status: 'ok' });
  const ended = list.records.flatMap((r) => (r.type === 'jobEnded' ? [r.jobId] : []));
  expect(ended.toSorted()).toEqual(Array.from({ length: count }, (_, i) => `job-${i}`).sort());
}, 60_000);
