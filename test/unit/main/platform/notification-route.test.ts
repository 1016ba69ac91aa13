import { describe, expect, it } from 'vitest';
import { notificationRoute } from '../../../../src/main/platform/notification-route';

/*
 * A notification the system does not show (unsigned macOS build, notifications off, no
 * notification service) is shown in the window instead, and the app's features say so.
 */

describe('where a notification goes', () => {
  it('goes to the system while it takes notifications', () => {
    expect(notificationRoute({ isSupported: true, hasFailed: false })).toBe('native');
  });

  it('goes to the window once one failed (the failed event), for the rest of the run', () => {
    expect(notificationRoute({ isSupported: true, hasFailed: true })).toBe('in-app');
  });

  it('goes to the window where the system has no notifications', () => {
    expect(notificationRoute({ isSupported: false, hasFailed: false })).toBe('in-app');
  });
});
