import { describe, expect, it } from 'vitest';
import {
  electronOrSkipReason,
  findElectronBinary,
  MISSING_ELECTRON,
  REQUIRE_ELECTRON_VARIABLE,
} from '../../../electron/electron-binary';

const missing = () => ({ reason: MISSING_ELECTRON });
const present = () => ({ path: '/opt/electron/electron' });

describe('the Electron smoke test: skip or fail when the binary is missing', () => {
  it('skips with the reason where nothing demands the binary', () => {
    expect(electronOrSkipReason({ env: {}, find: missing })).toEqual({ reason: MISSING_ELECTRON });
    expect(
      electronOrSkipReason({ env: { [REQUIRE_ELECTRON_VARIABLE]: '0' }, find: missing }),
    ).toEqual({
      reason: MISSING_ELECTRON,
    });
  });

  it('fails where DATABRIDGE_REQUIRE_ELECTRON=1 (the real-OS workflow)', () => {
    expect(REQUIRE_ELECTRON_VARIABLE).toBe('DATABRIDGE_REQUIRE_ELECTRON');
    expect(() =>
      electronOrSkipReason({ env: { DATABRIDGE_REQUIRE_ELECTRON: '1' }, find: missing }),
    ).toThrow(
      `DATABRIDGE_REQUIRE_ELECTRON=1 demands the Electron binary, and it is missing: ${MISSING_ELECTRON}`,
    );
  });

  it('gives the binary either way when it is there', () => {
    expect(
      electronOrSkipReason({ env: { DATABRIDGE_REQUIRE_ELECTRON: '1' }, find: present }),
    ).toEqual(present());
    expect(electronOrSkipReason({ env: {}, find: present })).toEqual(present());
  });

  it('looks on this machine, as findElectronBinary does, by default', () => {
    expect(electronOrSkipReason()).toEqual(findElectronBinary());
  });
});
