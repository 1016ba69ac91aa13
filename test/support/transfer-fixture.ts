import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/server';
import { createEngine, type Engine, type EngineOptions } from './transfer-rig';

/**
 * What every transfer suite sets up the same way: a demo emulator in a temporary folder,
 * engines made against it (closed after each test) and unique names for their data folders
 * and sources. Call it at the top level of a test file: it registers the vitest hooks.
 */
export interface TransferFixture {
  readonly emulator: Emulator;
  /** The temporary folder of the suite; sources and app data folders go below it. */
  readonly root: string;
  /** The emulator's data folder (where it assembles uploads and writes exports). */
  readonly emulatorDir: string;
  /** A number not handed out before in this suite, for unique file and database names. */
  next(): number;
  /** A signed-in engine with the suite's defaults, overridden by `options`. */
  engine(options?: Partial<EngineOptions>, dataDir?: string): Promise<Engine>;
}

export function useTransferFixture(
  prefix: string,
  emulatorOptions: EmulatorOptions,
  engineDefaults: Partial<EngineOptions> = {},
): TransferFixture {
  let emulator: Emulator | undefined;
  let root = '';
  let counter = 0;
  const engines: Engine[] = [];
  const emulatorDir = (): string => join(root, 'emulator');

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `transfers-${prefix}-`));
    emulator = await startEmulator({
      seed: 'demo',
      ...emulatorOptions,
      dataDir: join(root, 'emulator'),
    });
  });

  afterAll(async () => {
    await emulator?.close();
    await rm(root, { recursive: true, force: true });
  });

  afterEach(async () => {
    emulator?.faults.reset();
    for (const engine of engines.splice(0)) await engine.close();
  });

  const fixture: TransferFixture = {
    get emulator(): Emulator {
      if (!emulator) throw new Error('The transfer fixture is used before its beforeAll ran.');
      return emulator;
    },
    get root() {
      return root;
    },
    get emulatorDir() {
      return emulatorDir();
    },
    next: () => (counter += 1),
    async engine(options = {}, dataDir) {
      const made = await createEngine({
        baseUrl: fixture.emulator.baseUrl,
        dataDir: dataDir ?? join(root, `app-${fixture.next()}`),
        ...engineDefaults,
        ...options,
      });
      engines.push(made);
      return made;
    },
  };
  return fixture;
}
