import { describe, expect, it } from 'vitest';
import {
  BUNDLE_ENTRIES,
  bundleManifest,
  bundleReadme,
} from '../../../../../src/main/services/diagnostics/bundle-manifest';

describe('bundle manifest', () => {
  it('lists README.txt, manifest.json and every entry, each with what it holds', () => {
    const manifest = bundleManifest('2026-11-30T02:00:00.000Z', '1.2.3');
    expect(Object.keys(manifest.files).sort()).toEqual(
      ['README.txt', 'manifest.json', ...Object.keys(BUNDLE_ENTRIES)].sort(),
    );
    for (const about of Object.values(manifest.files)) expect(about.length).toBeGreaterThan(5);
    expect(manifest).toMatchObject({ format: 1, appVersion: '1.2.3' });
  });

  it('writes a README that names every file and what is never in the bundle', () => {
    const readme = bundleReadme(bundleManifest('2026-11-30T02:00:00.000Z', '1.2.3'));
    for (const name of Object.keys(BUNDLE_ENTRIES)) expect(readme).toContain(name);
    expect(readme).toMatch(/Never in it: API keys, passwords/);
    expect(readme).toContain('1.2.3');
  });
});
