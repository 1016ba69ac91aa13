import { describe, expect, it } from 'vitest';
import { isSystemSession } from '../../../../src/shared/monitor/system-sessions';

describe('isSystemSession', () => {
  it('counts session ids up to 50 as the server’s own', () => {
    expect(isSystemSession({ sessionId: 1, status: 'background' })).toBe(true);
    expect(isSystemSession({ sessionId: 50, status: 'sleeping' })).toBe(true);
    expect(isSystemSession({ sessionId: 51, status: 'sleeping' })).toBe(false);
    expect(isSystemSession({ sessionId: 612, status: 'running' })).toBe(false);
  });

  it('counts a background session as the server’s own whatever its id', () => {
    expect(isSystemSession({ sessionId: 77, status: 'background' })).toBe(true);
  });

  it('believes isUserProcess over the id and the status when the service sends it', () => {
    expect(isSystemSession({ sessionId: 120, status: 'running', isUserProcess: false })).toBe(true);
    expect(isSystemSession({ sessionId: 42, status: 'running', isUserProcess: true })).toBe(false);
  });

  it('ignores an isUserProcess that is not a boolean', () => {
    expect(isSystemSession({ sessionId: 42, status: 'running', isUserProcess: 'no' })).toBe(true);
    expect(isSystemSession({ sessionId: 99, status: 'running', isUserProcess: null })).toBe(false);
  });
});
