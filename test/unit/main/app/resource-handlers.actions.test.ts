import { describe, expect, it } from 'vitest';
import { resourceChannels } from '../../../../src/shared/ipc/resource-channels';
import type { Profile } from '../../../../src/shared/model/profile';
import { createResourceHandlers } from '../../../../src/main/app/resource-handlers';
import type { CallOptions, ServiceClient } from '../../../../src/main/services/http/service-client';
import { silentLogger } from '../../../../src/main/services/log/logger';

/*
 * A bulk action of the window names its user action on each call: main hands it to the client
 * (the audit trail groups the calls by it) and sends the operation's own input alone.
 */

type Handler = (input: Record<string, unknown>) => Promise<unknown>;

function setup() {
  const sent: { id: string; input: unknown; options: CallOptions | undefined }[] = [];
  const client = {
    callWithHeaders: (id: string, input: unknown, options?: CallOptions) => {
      sent.push({ id, input, options });
      return Promise.resolve({ status: 200, headers: {}, data: undefined });
    },
  };
  const handlers = createResourceHandlers({
    profile: () => ({ readOnly: false }) as Profile,
    client: () => client as unknown as ServiceClient,
    trackJob: () => undefined,
    logger: silentLogger,
  }) as unknown as Record<string, Handler>;
  return { sent, handlers };
}

const action = { id: 'a-1', kind: 'bulk', label: 'delete 2 archives', target: 'A, B' };
const pathParams = { instanceName: 'sql-a', archiveId: 'x' };

describe('the user action of a call from the window', () => {
  it('goes to the client as a call option, not into the operation input', async () => {
    const { sent, handlers } = setup();
    await handlers['archives:delete']?.({ profileId: 'p1', pathParams, action });
    await handlers['archives:delete']?.({ profileId: 'p1', pathParams });
    expect(sent).toEqual([
      { id: 'archives.delete', input: { pathParams }, options: { action } },
      { id: 'archives.delete', input: { pathParams }, options: {} },
    ]);
  });

  it('is checked by the channel: a bulk action only, with an id and a label', () => {
    const schema = resourceChannels['archives:delete'].input;
    expect(schema.safeParse({ profileId: 'p1', pathParams, action }).success).toBe(true);
    const as = (change: Record<string, unknown>) =>
      schema.safeParse({ profileId: 'p1', pathParams, action: { ...action, ...change } }).success;
    // The window cannot pass its calls off as a transfer's, nor leave the action unnamed.
    expect(as({ kind: 'import' })).toBe(false);
    expect(as({ id: '' })).toBe(false);
    expect(as({ label: undefined })).toBe(false);
  });
});
