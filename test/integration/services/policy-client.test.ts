import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/shared/errors';
import { PolicySchema } from '../../../src/shared/model/policy';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';

/*
 * The service client under a machine policy, as the app's connections and the command line
 * use it: what the policy refuses never reaches the service (the emulator's request log).
 */

let env: RecordingEmulator;

beforeAll(async () => {
  env = await startRecordingEmulator();
});
afterAll(async () => {
  await env.close();
});

const policy = (raw: object) => PolicySchema.parse({ version: 1, ...raw });

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return isAppError(error) ? error.toData() : error;
  }
  throw new Error('It did not fail');
}

describe('ServiceClient with a policy', () => {
  it('refuses a change on a read-only organisation and still reads', async () => {
    const { client, dispatcher } = apiKeyClient(env.emulator, {
      policy: policy({ allowDestructive: false }),
    });
    try {
      const before = env.requests.length;
      const drop = () =>
        client.call('databases.drop', {
          pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'Sales' },
        });
      expect(await failure(drop)).toMatchObject({ code: 'FORBIDDEN', operation: 'databases.drop' });
      expect(env.requests.length).toBe(before);
      expect((await client.call('instances.list', {})).length).toBeGreaterThan(0);
      expect(env.requests.length).toBeGreaterThan(before);
    } finally {
      await dispatcher.close();
    }
  });

  it('refuses a service the policy does not allow, for reads too', async () => {
    const { client, dispatcher } = apiKeyClient(env.emulator, {
      policy: policy({ allowedRegions: ['eu'] }),
    });
    try {
      const before = env.requests.length;
      expect(await failure(() => client.call('instances.list', {}))).toMatchObject({
        code: 'FORBIDDEN',
        operation: 'instances.list',
        message: expect.stringContaining('allowed: https://api-euw1.rms.com') as unknown,
      });
      expect(env.requests.length).toBe(before);
    } finally {
      await dispatcher.close();
    }
  });
});
