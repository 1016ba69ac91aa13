import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  formOf,
  inputOfForm,
  teamTokenChangeOfForm,
} from '@renderer/model/forms/profile-form';
import type { Profile } from '@shared/model/profile';

const stored: Profile = {
  id: 'p1',
  name: 'Prod',
  target: { kind: 'region', region: 'EU' },
  auth: { kind: 'apiKey' },
  color: '#2563eb',
  readOnly: false,
  isEmulator: false,
  teamMonitor: { url: 'https://monitor.example:9464' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the team monitor fields of the profile form', () => {
  it('round-trips the URL and removes it when cleared, also over the stored profile', () => {
    const form = formOf(stored);
    expect(form.teamMonitorUrl).toBe('https://monitor.example:9464');
    expect(inputOfForm(form, { teamMonitor: stored.teamMonitor }).teamMonitor).toEqual({
      url: 'https://monitor.example:9464',
    });
    const cleared = { ...form, teamMonitorUrl: '  ' };
    expect(inputOfForm(cleared, { teamMonitor: stored.teamMonitor })).not.toHaveProperty(
      'teamMonitor',
    );
  });

  it('stores a typed token, removes one when asked, and otherwise leaves it', () => {
    const form = { ...emptyForm(), teamMonitorUrl: 'https://monitor.example:9464' };
    expect(teamTokenChangeOfForm(form)).toBeUndefined();
    expect(teamTokenChangeOfForm({ ...form, teamMonitorToken: ' tok ' })).toEqual({ token: 'tok' });
    expect(teamTokenChangeOfForm({ ...form, forgetTeamMonitorToken: true })).toEqual({
      token: null,
    });
    // Without a URL there is nothing to bind a token to (main drops the stored one).
    expect(teamTokenChangeOfForm({ ...emptyForm(), teamMonitorToken: 'tok' })).toBeUndefined();
  });

  it("binds a token to the organisation's team monitor when no URL is typed", () => {
    const org = 'https://monitor.corp.example:9464';
    expect(teamTokenChangeOfForm({ ...emptyForm(), teamMonitorToken: 'tok' }, org)).toEqual({
      token: 'tok',
    });
    expect(teamTokenChangeOfForm(emptyForm(), org)).toBeUndefined();
  });
});
