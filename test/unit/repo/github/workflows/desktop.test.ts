import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * The rules of the real-OS workflow (.github/workflows/desktop.yml), held here because the
 * workflow itself only runs on GitHub: the four systems, every job run to its end, the
 * Electron binary installed, the smoke test with no skip allowed, npm start held, every
 * installer built, uploaded and checked on its own system.
 */

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  strategy: { 'fail-fast': boolean; matrix: { os: string[] } };
  steps: Step[];
}

const text = readFileSync('.github/workflows/desktop.yml', 'utf8');
const workflow = parse(text) as { on: Record<string, unknown>; jobs: Record<string, Job> };
const jobs = Object.values(workflow.jobs);
const job = jobs[0] as Job;
const steps = job.steps;

/** The steps whose `run` mentions `fragment`; fails when there is none. */
function stepsRunning(fragment: string): Step[] {
  const found = steps.filter((step) => step.run?.includes(fragment));
  expect(found.length, `a step runs ${fragment}`).toBeGreaterThan(0);
  return found;
}

function indexOf(fragment: string): number {
  return steps.findIndex((step) => step.run?.includes(fragment));
}

describe('the desktop workflow', () => {
  it('runs on every push and pull request, in one job per system, all to the end', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(jobs).toHaveLength(1);
    expect(job.strategy['fail-fast']).toBe(false);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    // macos-14 is Apple Silicon; macos-15-intel replaced the retired x64 macos-13.
    expect([...job.strategy.matrix.os].sort()).toEqual(
      ['macos-14', 'macos-15-intel', 'ubuntu-24.04', 'windows-latest'].sort(),
    );
  });

  it('sets up Node 24 with the npm cache and installs with the Electron binary', () => {
    const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toMatchObject({ 'node-version': 24, cache: 'npm' });
    expect(text).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    expect(indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(indexOf('electron/install.js')).toBeGreaterThanOrEqual(indexOf('npm ci'));
  });

  it('gives Linux the keychain, a virtual display and FUSE 3, and fixes the sandbox helper first', () => {
    const [packages] = stepsRunning('apt-get install');
    expect(packages?.if).toBe("runner.os == 'Linux'");
    for (const name of ['libsecret-1-dev', 'gnome-keyring', 'dbus-x11', 'xvfb', 'xauth', 'fuse3']) {
      expect(packages?.run).toContain(name);
    }
    const display = readFileSync('scripts/ci/with-display.sh', 'utf8');
    expect(display).toContain('xvfb-run');
    expect(display).toContain('with-keyring.sh');
    expect(indexOf('dev-sandbox.mjs')).toBeLessThan(indexOf('npm test'));
    expect(indexOf('dev-sandbox.mjs')).toBeLessThan(indexOf('start-stays-up.mjs'));
  });

  it('runs npm test, the smoke test with DATABRIDGE_REQUIRE_ELECTRON=1, and npm start', () => {
    expect(stepsRunning('npm test').every((step) => step.run?.includes('with-display.sh'))).toBe(
      true,
    );
    for (const step of stepsRunning('electron-smoke.mjs')) {
      expect(step.env?.['DATABRIDGE_REQUIRE_ELECTRON']).toBe('1');
      expect(step.if).toBeUndefined();
      expect(step.run).toContain('with-display.sh');
    }
    const [start] = stepsRunning('start-stays-up.mjs');
    expect(start?.if).toBeUndefined();
    expect(start?.run).toContain('with-display.sh');
  });

  it('builds every installer without publishing, uploads them, and checks each on its system', () => {
    const [build] = stepsRunning('electron-builder');
    expect(build?.run).toContain('npx electron-vite build');
    // The installers ship the databridge command (electron-builder.yml, extraResources).
    expect(build?.run).toContain('node scripts/build-cli.mjs');
    expect(build?.run).toContain('npx electron-builder --publish never');
    const uploads = steps.filter((step) => step.uses?.startsWith('actions/upload-artifact@'));
    const installers = uploads.find((step) => String(step.with?.['path']).includes('dist/'));
    for (const pattern of ['dist/*.deb', 'dist/*.AppImage', 'dist/*.dmg', 'dist/*Setup*.exe']) {
      expect(String(installers?.with?.['path'])).toContain(pattern);
    }
    expect(installers?.with?.['if-no-files-found']).toBe('error');
    expect(steps.indexOf(installers as Step)).toBeGreaterThan(steps.indexOf(build as Step));
    for (const [script, os] of [
      ['check-deb.mjs', 'Linux'],
      ['check-appimage.mjs', 'Linux'],
      ['check-mac-app.mjs', 'macOS'],
      ['check-windows-install.mjs', 'Windows'],
    ] as const) {
      const [check] = stepsRunning(script);
      expect(check?.if).toBe(`runner.os == '${os}'`);
      expect(steps.indexOf(check as Step)).toBeGreaterThan(steps.indexOf(installers as Step));
    }
  });

  it('keeps test results and screenshots, even when a step failed', () => {
    const results = steps.find(
      (step) => step.uses?.startsWith('actions/upload-artifact@') && step.if === 'always()',
    );
    expect(String(results?.with?.['path'])).toContain('test-results/');
    expect(String(results?.with?.['path'])).toContain('artifacts/screenshots/');
  });

  it('names only scripts that exist', () => {
    const named = text.match(/scripts\/[\w/.-]+\.(?:mjs|sh)/g) ?? [];
    expect(named.length).toBeGreaterThan(8);
    for (const script of named) expect(existsSync(script), script).toBe(true);
  });
});
