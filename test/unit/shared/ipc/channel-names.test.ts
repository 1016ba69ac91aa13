import { describe, expect, it } from 'vitest';
import {
  EVENT_CHANNEL_NAMES,
  INVOKE_CHANNEL_NAMES,
} from '../../../../src/shared/ipc/channel-names';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../../../src/shared/ipc/contract';

/** The names of `contract` that `listed` lacks, and those `listed` has that `contract` lacks. */
function drift(contract: readonly string[], listed: readonly string[]) {
  return {
    missing: contract.filter((name) => !listed.includes(name)),
    extra: listed.filter((name) => !contract.includes(name)),
  };
}

// The preload's allowlist is a zod-free copy of the contract's names (src/shared/ipc/
// channel-names.ts); tsc checks it too, this checks the lists the code really builds at run time.
describe('the zod-free channel names (the preload allowlist)', () => {
  it('lists exactly the invoke channels of the contract, each once', () => {
    const { missing, extra } = drift(INVOKE_CHANNELS, INVOKE_CHANNEL_NAMES);
    expect(
      missing,
      `add ${JSON.stringify(missing)} to INVOKE_CHANNEL_NAMES in src/shared/ipc/channel-names.ts`,
    ).toEqual([]);
    expect(
      extra,
      `remove ${JSON.stringify(extra)} from INVOKE_CHANNEL_NAMES in src/shared/ipc/channel-names.ts (not in the contract)`,
    ).toEqual([]);
    expect(new Set(INVOKE_CHANNEL_NAMES).size).toBe(INVOKE_CHANNEL_NAMES.length);
  });

  it('lists exactly the push events of the contract, each once', () => {
    const { missing, extra } = drift(EVENT_CHANNELS, EVENT_CHANNEL_NAMES);
    expect(
      missing,
      `add ${JSON.stringify(missing)} to EVENT_CHANNEL_NAMES in src/shared/ipc/channel-names.ts`,
    ).toEqual([]);
    expect(
      extra,
      `remove ${JSON.stringify(extra)} from EVENT_CHANNEL_NAMES in src/shared/ipc/channel-names.ts (not in the contract)`,
    ).toEqual([]);
    expect(new Set(EVENT_CHANNEL_NAMES).size).toBe(EVENT_CHANNEL_NAMES.length);
  });
});
