import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulatorCore, type EmulatorCore } from '../../../../src/emulator/core';
import { instanceHandlers } from '../../../../src/emulator/handlers/instances';
import type { HandlerInput } from '../../../../src/emulator/handlers/types';
import { toSqlInstance } from '../../../../src/emulator/state/instances';
import { SqlInstanceSchema } from '../../../../src/shared/contract/records/instances';

/*
 * The security groups of an instance are state the emulator keeps (its PATCH adds and removes
 * them) but never shows: the interface's SqlInstance has no field for them. Only the store
 * tells whether the PATCH did its work.
 */

const PROD = 'sql-eu-prod-01';
const ANALYSTS = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a51';

let dataDir: string;
let core: EmulatorCore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'instance-security-'));
  core = createEmulatorCore({ dataDir, jobMs: 50, origin: () => 'http://127.0.0.1:1' });
});

afterEach(async () => {
  await core.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function patch(operation: 'Add' | 'Remove', value: string): Promise<void> {
  const input = {
    params: { instanceName: PROD },
    body: [{ operation, targetProperty: 'groupId', value }],
  } as unknown as HandlerInput<'instances.updateSecurity'>;
  await instanceHandlers['instances.updateSecurity'](input, core.ctx);
}

describe('the security groups of an instance', () => {
  it('are added and removed by the PATCH, known ids or not', async () => {
    const groups = core.ctx.state.instances.require(PROD).groups;
    await patch('Add', ANALYSTS);
    await patch('Add', 'tenant-group-42');
    expect([...groups]).toEqual([ANALYSTS, 'tenant-group-42']);
    await patch('Remove', ANALYSTS);
    expect([...groups]).toEqual(['tenant-group-42']);
  });

  it("stay out of the wire record, which has exactly the interface's fields", async () => {
    await patch('Add', ANALYSTS);
    const record = core.ctx.state.instances.require(PROD);
    const wire = toSqlInstance(record, core.ctx.state.databases.usedMb(PROD));
    expect(Object.keys(wire).sort()).toEqual(Object.keys(SqlInstanceSchema.shape).sort());
  });
});
