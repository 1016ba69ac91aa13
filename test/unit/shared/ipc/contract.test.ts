import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/shared/contract/catalogue';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  invokeChannels,
} from '../../../../src/shared/ipc/contract';
import { isEventChannel, isInvokeChannel } from '../../../../src/shared/ipc/channel-names';
import {
  isExcludedOperation,
  operationOfChannel,
  resourceChannels,
} from '../../../../src/shared/ipc/resource-channels';
import { META_CONTENT_SECURITY_POLICY } from '../../../../src/main/app/csp';

describe('the IPC contract', () => {
  it('names channels domain:verbNoun and events domain:onDidX, each once', () => {
    for (const channel of INVOKE_CHANNELS)
      expect(channel).toMatch(/^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/);
    for (const event of EVENT_CHANNELS)
      expect(event).toMatch(/^[a-z][A-Za-z]*:onDid[A-Z][A-Za-z]*$/);
    expect(new Set(INVOKE_CHANNELS).size).toBe(INVOKE_CHANNELS.length);
    expect(isInvokeChannel('databases:list')).toBe(true);
    expect(isInvokeChannel('toString')).toBe(false);
    expect(isEventChannel('jobs:onDidChange')).toBe(true);
    expect(isEventChannel('jobs:list')).toBe(false);
  });

  it('has one resource channel per catalogue operation except sign-in and byte-level uploads', () => {
    const offered = catalogue.filter((op) => !isExcludedOperation(op.id)).map((op) => op.id);
    expect(offered).toHaveLength(44);
    expect(Object.keys(resourceChannels).sort()).toEqual(
      offered.map((id) => id.replace('.', ':')).sort(),
    );
    for (const id of offered) expect(operationOfChannel(id.replace('.', ':'))).toBe(id);
    for (const hidden of [
      'auth:loginImplicit',
      'auth:refresh',
      'uploads:putPart',
      'databases:prepareImport',
    ]) {
      expect(isInvokeChannel(hidden)).toBe(false);
    }
  });

  it('checks a resource input with the operation schemas, strictly', () => {
    const { input } = invokeChannels['databases:export'];
    const good = {
      profileId: 'p',
      pathParams: { instanceName: 'i', databaseName: 'Sales' },
      query: { exportTo: 1 },
    };
    expect(input.safeParse(good).success).toBe(true);
    expect(input.safeParse({ ...good, query: { exportTo: 7 } }).success).toBe(false);
    expect(input.safeParse({ ...good, token: 'x' }).success).toBe(false);
    expect(input.safeParse({ ...good, profileId: '' }).success).toBe(false);
    // Operations without path parameters take none at all.
    expect(invokeChannels['instances:list'].input.safeParse({ profileId: 'p' }).success).toBe(true);
  });

  it('answers nothing for operations without a body, and the record for the others', () => {
    expect(invokeChannels['linkedServers:delete'].output.safeParse(undefined).success).toBe(true);
    expect(invokeChannels['instances:list'].output.safeParse([{ name: 'x' }]).success).toBe(false);
  });

  it('keeps the meta CSP of index.html equal to the one main and the harness send', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
  });
});
