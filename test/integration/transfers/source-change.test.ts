import { closeSync, existsSync, openSync, statSync, utimesSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import type { PartEvent } from '../../../src/main/services/transfers/transfer-context';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { PROFILE_ID, assembledPath, waitUntil, type Engine } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';

/*
 * A file rewritten in place while it uploads, its modification time put back as backup tools
 * and `touch -r` do, must never be imported half old, half new. The rewrites happen at a point
 * the upload reports (a part journaled, a byte count streamed), never after a sleep. The bytes
 * changed lie between the file's first and last MiB, where only the change time can tell.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';

const fx = useTransferFixture(
  'source-change',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
  },
);

async function sample(bytes: number) {
  const n = fx.next();
  const path = join(fx.root, `source-${n}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `change-${n}`);
  return { path, sha, database: `Changed_${n}` };
}

/** Flips one byte at each of `offsets` and puts the old modification (and access) time back. */
function rewriteInPlace(path: string, offsets: readonly number[], grow = 0): void {
  const before = statSync(path);
  const fd = openSync(path, 'r+');
  try {
    for (const offset of offsets) writeSync(fd, Buffer.from([offset % 251]), 0, 1, offset);
    if (grow > 0) writeSync(fd, Buffer.alloc(grow, 7), 0, grow, before.size);
  } finally {
    closeSync(fd);
  }
  utimesSync(path, before.atimeMs / 1000, before.mtimeMs / 1000); // as `touch -r` does
}

async function finalState(e: Engine, id: string): Promise<TransferRecord> {
  await waitUntil(
    () => ['done', 'failed', 'cancelled', 'paused'].includes(e.service.get(id).state),
    30_000,
    `transfer ${id} to stop`,
  );
  return e.service.get(id);
}

function startImport(e: Engine, file: { path: string; database: string }) {
  return importFile(e.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: file.database,
    sourcePath: file.path,
  });
}

describe('a file rewritten in place during a multipart upload', () => {
  it('sends the rewritten part again and imports exactly the final bytes, counting it as resent', async () => {
    const file = await sample(4 * MIB); // 16 parts; the first and last MiB are parts 1-4, 13-16
    const mtimeBefore = statSync(file.path).mtimeMs;
    const starts: number[] = [];
    let rewritten = false;
    const onPartEvent = (_id: string, event: PartEvent): void => {
      if (event.kind === 'start') starts.push(event.partNumber);
      if (event.kind !== 'done' || event.partNumber !== 8 || rewritten) return;
      rewritten = true;
      // Part 6 has been sent; part 11 has not.
      rewriteInPlace(file.path, [5 * PART + 100, 10 * PART + 100]);
    };
    const e = await fx.engine({ onPartEvent });
    const done = await finalState(e, (await startImport(e, file)).id);

    expect(rewritten).toBe(true);
    expect(statSync(file.path).mtimeMs).toBe(mtimeBefore);
    const final = await sha256File(file.path);
    expect(final).not.toBe(file.sha);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      final,
    );
    expect(starts.filter((part) => part === 6)).toHaveLength(2);
    expect(done.parts?.resent).toBe(1);
  });

  it('refuses a file that keeps changing, naming it, and imports nothing', async () => {
    const file = await sample(2 * MIB);
    let rewrites = 0;
    const onPartEvent = (_id: string, event: PartEvent): void => {
      if (event.kind !== 'done') return;
      rewrites += 1;
      rewriteInPlace(file.path, [6 * PART + rewrites]);
    };
    const e = await fx.engine({ onPartEvent });
    const failed = await finalState(e, (await startImport(e, file)).id);

    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('VALIDATION');
    expect(failed.error?.message).toMatch(
      new RegExp(`The file ${basename(file.path)} kept changing during its upload`),
    );
    expect(existsSync(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(false);
  });

  it('refuses a file that grew during the upload, saying so', async () => {
    const file = await sample(2 * MIB);
    let grown = false;
    const onPartEvent = (_id: string, event: PartEvent): void => {
      if (event.kind !== 'done' || grown) return;
      grown = true;
      rewriteInPlace(file.path, [], 10);
    };
    const e = await fx.engine({ onPartEvent });
    const failed = await finalState(e, (await startImport(e, file)).id);

    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(
      /changed size during its upload \(from 2097152 to 2097162 bytes\)/,
    );
    expect(existsSync(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(false);
  });
});

/**
 * An interceptor that runs `act` once the first PUT's body has handed over `afterBytes`: the
 * body is pulled chunk by chunk, so `act` runs before the chunks after it are read (but one:
 * the body reads one chunk ahead).
 */
function midStream(afterBytes: number, act: () => void): Dispatcher.DispatcherComposeInterceptor {
  let fired = false;
  return (dispatch) => (opts, handler) => {
    const body = opts.body as AsyncIterable<Uint8Array> | undefined;
    if (fired || opts.method !== 'PUT' || body === undefined || !(Symbol.asyncIterator in body)) {
      return dispatch(opts, handler);
    }
    fired = true;
    async function* watched(): AsyncGenerator<Uint8Array> {
      let sent = 0;
      let acted = false;
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        yield chunk;
        sent += chunk.length;
        if (!acted && sent >= afterBytes) {
          acted = true;
          act();
        }
      }
    }
    return dispatch(
      { ...opts, body: watched() as unknown as Dispatcher.DispatchOptions['body'] },
      handler,
    );
  };
}

describe('a file rewritten in place during a single-stream upload', () => {
  it('streams the whole file again and imports exactly the final bytes, counting it as resent', async () => {
    const file = await sample(6 * MIB);
    let rewritten = false;
    // At 3 MiB streamed: 1.5 MiB is sent already, 4.5 MiB is not read yet.
    const interceptor = midStream(3 * MIB, () => {
      rewritten = true;
      rewriteInPlace(file.path, [1.5 * MIB, 4.5 * MIB]);
    });
    const e = await fx.engine({
      presignedInterceptors: [interceptor],
      partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: 16 * MIB },
    });
    const started = await startImport(e, file);
    expect(started.mode).toBe('single');
    const done = await finalState(e, started.id);

    expect(rewritten).toBe(true);
    const final = await sha256File(file.path);
    expect(final).not.toBe(file.sha);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      final,
    );
    expect(done.parts?.resent).toBe(1);
  });
});
