import { describe, expect, it } from 'vitest';
import {
  draftOf,
  fieldProblem,
  followSaved,
  parsePatch,
  patchOf,
} from '@renderer/model/forms/settings-draft';
import { defaultSettings, type Settings } from '@shared/model/settings';

const saved: Settings = { ...defaultSettings(), proxyUrl: 'http://proxy.corp:3128' };

describe('the settings draft', () => {
  it('sends only the fields that changed, with a blank proxy as "no proxy"', () => {
    const draft = draftOf(saved);
    expect(patchOf(saved, draft)).toEqual({});
    draft.partsInFlight = 8;
    draft.closeToTray = true;
    draft.proxyUrl = '   ';
    expect(patchOf(saved, draft)).toEqual({ partsInFlight: 8, closeToTray: true, proxyUrl: null });
  });

  it('edits the connections per download: 4 by default, 1 to 16, checked by the contract', () => {
    const draft = draftOf(saved);
    expect(draft.rangesInFlight).toBe(4);
    draft.rangesInFlight = 1;
    expect(patchOf(saved, draft)).toEqual({ rangesInFlight: 1 });
    expect(fieldProblem('rangesInFlight', draft)).toBeUndefined();
    expect(fieldProblem('rangesInFlight', { ...draft, rangesInFlight: 16 })).toBeUndefined();
    expect(fieldProblem('rangesInFlight', { ...draft, rangesInFlight: 0 })).toBe(
      'Connections per download must be at least 1',
    );
    expect(fieldProblem('rangesInFlight', { ...draft, rangesInFlight: 17 })).toBe(
      'Connections per download must be at most 16',
    );
    expect(fieldProblem('rangesInFlight', { ...draft, rangesInFlight: 1.5 })).toBe(
      'Connections per download must be a whole number',
    );
    expect(fieldProblem('rangesInFlight', { ...draft, rangesInFlight: null })).toBe(
      'Type the number of connections, from 1 to 16',
    );
    expect(parsePatch({ rangesInFlight: 8 })).toEqual({ patch: { rangesInFlight: 8 } });
    expect(parsePatch({ rangesInFlight: 17 })).toEqual({
      problem: 'Connections per download must be at most 16',
    });
    const after: Settings = { ...saved, rangesInFlight: 6 };
    const untouched = draftOf(saved);
    followSaved(untouched, saved, after);
    expect(untouched.rangesInFlight).toBe(6);
    const editing = { ...draftOf(saved), rangesInFlight: 12 };
    followSaved(editing, saved, after);
    expect(editing.rangesInFlight).toBe(12);
  });

  it('switches the snapshot (clone) of an upload source: on by default, sent when changed', () => {
    const draft = draftOf(saved);
    expect(draft.cloneUploadSources).toBe(true);
    draft.cloneUploadSources = false;
    expect(patchOf(saved, draft)).toEqual({ cloneUploadSources: false });
    expect(fieldProblem('cloneUploadSources', draft)).toBeUndefined();
    expect(parsePatch({ cloneUploadSources: false })).toEqual({
      patch: { cloneUploadSources: false },
    });
    expect(parsePatch({ cloneUploadSources: 'no' })).toHaveProperty('problem');
  });

  it('sends the failed-job notice when it changed, checked by the contract', () => {
    const draft = draftOf(saved);
    expect(draft.monitorFailedJobs).toBe('all');
    draft.monitorFailedJobs = 'app';
    expect(patchOf(saved, draft)).toEqual({ monitorFailedJobs: 'app' });
    expect(fieldProblem('monitorFailedJobs', draft)).toBeUndefined();
    expect(parsePatch({ monitorFailedJobs: 'some' })).toHaveProperty('problem');
  });

  it('sends where the age of times goes when it changed, on hover by default', () => {
    const draft = draftOf(saved);
    expect(draft.timeDisplay).toBe('absolute');
    draft.timeDisplay = 'relative';
    expect(patchOf(saved, draft)).toEqual({ timeDisplay: 'relative' });
    expect(fieldProblem('timeDisplay', draft)).toBeUndefined();
    expect(parsePatch({ timeDisplay: 'fuzzy' })).toHaveProperty('problem');
  });

  it('sends the clock when it changed, 24-hour by default, checked by the contract', () => {
    const draft = draftOf(saved);
    expect(draft.clock).toBe('24h');
    draft.clock = 'system';
    expect(patchOf(saved, draft)).toEqual({ clock: 'system' });
    expect(fieldProblem('clock', draft)).toBeUndefined();
    expect(parsePatch({ clock: 'system' })).toEqual({ patch: { clock: 'system' } });
    expect(parsePatch({ clock: '12h' })).toHaveProperty('problem');
    const after: Settings = { ...saved, clock: 'system' };
    const untouched = draftOf(saved);
    followSaved(untouched, saved, after);
    expect(untouched.clock).toBe('system');
  });

  it('sends how tables are copied when it changed, as shown by default', () => {
    const draft = draftOf(saved);
    expect(draft.copyValues).toBe('shown');
    draft.copyValues = 'raw';
    expect(patchOf(saved, draft)).toEqual({ copyValues: 'raw' });
    expect(parsePatch({ copyValues: 'formatted' })).toHaveProperty('problem');
  });

  it('trims the proxy and does not count surrounding spaces as a change', () => {
    const draft = { ...draftOf(saved), proxyUrl: ' http://proxy.corp:3128 ' };
    expect(patchOf(saved, draft)).toEqual({});
    draft.proxyUrl = ' https://other.corp:8080 ';
    expect(patchOf(saved, draft)).toEqual({ proxyUrl: 'https://other.corp:8080' });
  });

  it('carries a PAC URL trimmed, a blank one as "no PAC file", and names a bad one', () => {
    const withPac = { ...saved, proxyPacUrl: 'http://wpad.corp/proxy.pac' };
    const draft = { ...draftOf(withPac), proxyPacUrl: ' http://wpad.corp/proxy.pac ' };
    expect(patchOf(withPac, draft)).toEqual({});
    draft.proxyPacUrl = '';
    expect(patchOf(withPac, draft)).toEqual({ proxyPacUrl: null });
    expect(fieldProblem('proxyPacUrl', { ...draft, proxyPacUrl: 'file:///etc/proxy.pac' })).toBe(
      'PAC URL must look like http://wpad.corp.example/proxy.pac',
    );
    expect(fieldProblem('proxyPacUrl', { ...draft, proxyPacUrl: '' })).toBeUndefined();
  });

  it("answers the contract's messages for out-of-range, fractional, empty and non-HTTP values", () => {
    const draft = draftOf(saved);
    expect(fieldProblem('partsInFlight', { ...draft, partsInFlight: 0 })).toBe(
      'Parts in flight must be at least 1',
    );
    expect(fieldProblem('partsInFlight', { ...draft, partsInFlight: 17 })).toBe(
      'Parts in flight must be at most 16',
    );
    expect(fieldProblem('partsInFlight', { ...draft, partsInFlight: 2.5 })).toBe(
      'Parts in flight must be a whole number',
    );
    expect(fieldProblem('partsInFlight', { ...draft, partsInFlight: null })).toMatch(/1 to 16/);
    expect(fieldProblem('sessionRefreshSeconds', { ...draft, sessionRefreshSeconds: 3601 })).toBe(
      'Session refresh must be at most 3600 seconds (1 hour)',
    );
    expect(fieldProblem('proxyUrl', { ...draft, proxyUrl: 'ftp://x' })).toBe(
      'Proxy must look like http://proxy.example:3128',
    );
    expect(fieldProblem('proxyUrl', { ...draft, proxyUrl: '' })).toBeUndefined();
    expect(fieldProblem('partsInFlight', { ...draft, partsInFlight: 16 })).toBeUndefined();
  });

  it('refuses a whole patch the contract refuses, and types one it accepts', () => {
    expect(parsePatch({ partsInFlight: 17 })).toEqual({
      problem: 'Parts in flight must be at most 16',
    });
    expect(parsePatch({ partsInFlight: 3, proxyUrl: null })).toEqual({
      patch: { partsInFlight: 3, proxyUrl: null },
    });
  });

  it('edits the bandwidth limit: off by default, fractions allowed, checked by the contract', () => {
    const draft = draftOf(saved);
    expect(draft.bandwidthLimitMiBps).toBe(0);
    draft.bandwidthLimitMiBps = 12.5;
    expect(patchOf(saved, draft)).toEqual({ bandwidthLimitMiBps: 12.5 });
    expect(fieldProblem('bandwidthLimitMiBps', draft)).toBeUndefined();
    expect(
      fieldProblem('bandwidthLimitMiBps', { ...draft, bandwidthLimitMiBps: 0 }),
    ).toBeUndefined();
    expect(fieldProblem('bandwidthLimitMiBps', { ...draft, bandwidthLimitMiBps: null })).toBe(
      'Type the limit in MiB/s, or 0 for no limit',
    );
    expect(fieldProblem('bandwidthLimitMiBps', { ...draft, bandwidthLimitMiBps: -1 })).toBe(
      'Bandwidth limit must be 0 (no limit) or more',
    );
    expect(fieldProblem('bandwidthLimitMiBps', { ...draft, bandwidthLimitMiBps: 0.05 })).toBe(
      'Bandwidth limit must be at least 0.1 MiB/s, or 0 for no limit',
    );
    expect(fieldProblem('bandwidthLimitMiBps', { ...draft, bandwidthLimitMiBps: 10_001 })).toBe(
      'Bandwidth limit must be at most 10000 MiB/s',
    );
    expect(parsePatch({ bandwidthLimitMiBps: 50 })).toEqual({ patch: { bandwidthLimitMiBps: 50 } });
    expect(parsePatch({ bandwidthLimitMiBps: 20_000 })).toEqual({
      problem: 'Bandwidth limit must be at most 10000 MiB/s',
    });
    const after: Settings = { ...saved, bandwidthLimitMiBps: 40 };
    const untouched = draftOf(saved);
    followSaved(untouched, saved, after);
    expect(untouched.bandwidthLimitMiBps).toBe(40);
  });

  it('takes values saved elsewhere into untouched fields and keeps the ones being edited', () => {
    const draft = { ...draftOf(saved), partsInFlight: 12 };
    const after: Settings = { ...saved, partsInFlight: 6, blockingAlertSeconds: 90 };
    followSaved(draft, saved, after);
    expect(draft.partsInFlight).toBe(12);
    expect(draft.blockingAlertSeconds).toBe(90);
  });
});
