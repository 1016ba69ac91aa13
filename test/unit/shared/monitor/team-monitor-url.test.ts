import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  teamMonitorUrlWarning,
} from '../../../../src/shared/monitor/team-monitor-url';
import { ProfileInputSchema } from '../../../../src/shared/model/profile';

describe('team monitor URL rules', () => {
  it('warns about a token over plain http to another machine, and only then', () => {
    expect(teamMonitorUrlWarning('http://monitor.example:9464', true)).toMatch(/unencrypted/);
    expect(teamMonitorUrlWarning('http://10.0.0.5:9464', true)).toMatch(/https/);
    expect(teamMonitorUrlWarning('http://monitor.example:9464', false)).toBeUndefined();
    expect(teamMonitorUrlWarning('https://monitor.example:9464', true)).toBeUndefined();
    expect(teamMonitorUrlWarning('http://127.0.0.1:9464', true)).toBeUndefined();
    expect(teamMonitorUrlWarning('http://localhost:9464', true)).toBeUndefined();
    expect(teamMonitorUrlWarning('http://[::1]:9464', true)).toBeUndefined();
    expect(teamMonitorUrlWarning('not a url', true)).toBeUndefined();
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.10.0.3')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });

  it('accepts http and https URLs without credentials in a profile', () => {
    const base = { name: 'p', target: { kind: 'region', region: 'EU' }, auth: { kind: 'apiKey' } };
    const ok = (url: string) =>
      ProfileInputSchema.safeParse({ ...base, teamMonitor: { url } }).success;
    expect(ok('https://monitor.example:9464')).toBe(true);
    expect(ok('http://127.0.0.1:9464/')).toBe(true);
    expect(ok('ftp://monitor.example')).toBe(false);
    expect(ok('monitor.example:9464')).toBe(false);
    expect(ok('https://user:secret@monitor.example')).toBe(false);
    expect(ProfileInputSchema.safeParse(base).success).toBe(true);
  });
});
