import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withFileLock } from '../../../../../src/main/services/audit/audit-lock';

/*
 * The audit lock across processes: a live holder keeps it however long it works, and a holder
 * that stood still past the stale span learns at its next change that it lost the lock, and
 * leaves the new holder's lock alone.
 */

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-lock-'));
  file = join(dir, 'audit.lock');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(10);
}

it('a holder that works for several stale spans keeps the lock: the next one waits', async () => {
  const order: string[] = [];
  const first = withFileLock(
    file,
    async () => {
      await sleep(2_500);
      order.push('first done');
    },
    // Renewed every 250 ms: only a stall of the whole process over 1 s would let it go.
    { staleMs: 1_000 },
  );
  await until(() => existsSync(file));
  await withFileLock(file, () => Promise.resolve(void order.push('second starts')), {
    staleMs: 1_000,
    waitMs: 10_000,
  });
  await first;
  expect(order).toEqual(['first done', 'second starts']);
});

it('a confirmed lock is still held, and is removed by its holder afterwards', async () => {
  await withFileLock(file, async (lock) => {
    await lock.confirm();
    expect(existsSync(file)).toBe(true);
  });
  expect(existsSync(file)).toBe(false);
});

it('a holder that stood still past the stale span finds the lock lost, and leaves the new one', async () => {
  const child = fork(resolve('test/support/audit-lock-holder-child.ts'), [file, '300'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  await until(() => existsSync(`${file}.held`));
  // The child stands still holding the lock; once it is stale this process takes it over.
  await withFileLock(
    file,
    async () => {
      const mine = await readFile(file, 'utf8');
      await writeFile(`${file}.go`, '');
      expect(await exited).toBe(0);
      expect(await readFile(`${file}.result`, 'utf8')).toBe('lost');
      // The child's release did not remove this holder's lock.
      expect(await readFile(file, 'utf8')).toBe(mine);
    },
    { staleMs: 300, waitMs: 30_000 },
  );
  expect(existsSync(file)).toBe(false);
}, 60_000);
