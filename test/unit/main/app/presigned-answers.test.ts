import { describe, expect, it } from 'vitest';
import {
  withoutPresignedQueries,
  withoutSignature,
} from '../../../../src/main/app/presigned-answers';
import { createResourceHandlers } from '../../../../src/main/app/resource-handlers';
import type { ServiceClient } from '../../../../src/main/services/http/service-client';
import { silentLogger } from '../../../../src/main/services/log/logger';
import type { Profile } from '../../../../src/shared/model/profile';

/*
 * Pre-signed download URIs are credentials: operation answers reach the renderer with them
 * cut to where they point (archive details, export job details).
 */

const SIGNED = 'https://u:p@store.example.net/c/Sales.bak?se=2030&sig=SECRET#frag';

describe('pre-signed URIs in answers for the renderer', () => {
  it('lose their query, fragment and user info', () => {
    expect(withoutSignature(SIGNED)).toBe('https://store.example.net/c/Sales.bak');
    expect(withoutSignature('no url?sig=SECRET')).toBe('no url');
    expect(withoutPresignedQueries({ name: 'x', downloadUris: [SIGNED, null] })).toEqual({
      name: 'x',
      downloadUris: ['https://store.example.net/c/Sales.bak', null],
    });
    const list = [{ downloadUris: [SIGNED] }];
    expect(withoutPresignedQueries(list)).toBe(list);
    expect(withoutPresignedQueries(undefined)).toBeUndefined();
  });

  it('are cut in what archives:get and jobs:getByInstance answer over IPC', async () => {
    const client = {
      callWithHeaders: () =>
        Promise.resolve({ status: 200, headers: {}, data: { downloadUris: [SIGNED] } }),
    };
    const handlers = createResourceHandlers({
      profile: () => ({ readOnly: false }) as Profile,
      client: () => client as unknown as ServiceClient,
      trackJob: () => undefined,
      logger: silentLogger,
    }) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    for (const [channel, pathParams] of [
      ['archives:get', { instanceName: 'sql-a', archiveId: 'a-1' }],
      ['jobs:getByInstance', { instanceName: 'sql-a', jobId: 'j-1' }],
    ] as const) {
      const answer = await handlers[channel]?.({ profileId: 'p1', pathParams });
      expect(JSON.stringify(answer)).not.toContain('SECRET');
      expect(answer).toEqual({ downloadUris: ['https://store.example.net/c/Sales.bak'] });
    }
  });
});
