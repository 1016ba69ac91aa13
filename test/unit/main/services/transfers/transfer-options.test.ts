import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import {
  engineSettings,
  type TransferServiceOptions,
} from '../../../../../src/main/services/transfers/transfer-options';
import { systemCloner } from '../../../../../src/main/services/transfers/transfer-disk';

/* The runners' settings as the service builds them from its options. */

const agent = new Agent();
afterAll(() => agent.close());

function options(more: Partial<TransferServiceOptions> = {}): TransferServiceOptions {
  return {
    dataDir: '/nowhere',
    connections: {} as TransferServiceOptions['connections'],
    jobWatcher: {} as TransferServiceOptions['jobWatcher'],
    dispatcher: agent,
    directRoute: false,
    ...more,
  };
}

describe('engineSettings', () => {
  it('reads sources from a clone by default, with Node copyFile (FICLONE_FORCE)', () => {
    const settings = engineSettings(options());
    expect(settings.cloneSources()).toBe(true);
    expect(settings.cloner).toBe(systemCloner);
  });

  it('takes the clone setting as a value or as a function read each time', () => {
    expect(engineSettings(options({ cloneSources: false })).cloneSources()).toBe(false);
    let setting = true;
    const settings = engineSettings(options({ cloneSources: () => setting }));
    expect(settings.cloneSources()).toBe(true);
    setting = false;
    expect(settings.cloneSources()).toBe(false);
  });
});
