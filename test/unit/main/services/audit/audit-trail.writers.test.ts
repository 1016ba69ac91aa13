import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AuditTrail } from '../../../../../src/main/services/audit/audit-trail';

/*
 * Two processes appending to one trail at once (the app and a command-line run): every
 * record is kept, once, in one chain that verifies, across the files it rotated into; and a
 * writer that stood still past the lock's stale span does not fork the chain.
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

it('a writer that stood still past the lock’s stale span writes after the one that took over', async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-writers-'));
  const trail = new AuditTrail({ dir, lock: { staleMs: 300, waitMs: 30_000 } });
  await trail.append({ type: 'chainStarted', verdict: { status: 'ok' }, movedAside: ['first'] });
  const child = fork(resolve('test/support/audit-frozen-writer-child.ts'), [dir, '300'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  while (!existsSync(join(dir, 'held'))) await new Promise((done) => setTimeout(done, 10));
  // The child has read the chain's end (seq 1) and stands still holding the lock; this
  // append takes the stale lock over and writes seq 2 before the child goes on.
  await trail.append({
    type: 'chainStarted',
    verdict: { status: 'ok' },
    movedAside: ['took over'],
  });
  await writeFile(join(dir, 'go'), '');
  expect(await exited).toBe(0);
  const list = await trail.list();
  expect(list.verdict).toEqual({ status: 'ok' });
  expect(
    list.records.map((r) => [r.seq, r.type === 'chainStarted' ? r.movedAside[0] : r.type]),
  ).toEqual([
    [1, 'first'],
    [2, 'took over'],
    [3, 'delayed'],
  ]);
}, 60_000);
