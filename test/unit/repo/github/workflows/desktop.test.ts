import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SIGNING_VARIABLES } from '../../../../../scripts/ci/build-installers.mjs';

/*
 * The rules of the real-OS workflow (.github/workflows/desktop.yml), held here because the
 * workflow itself only runs on GitHub: the four systems on current runner images, three jobs
 * per system (test, package, check) each well inside its time limit, every job run to its
 * end, the Electron binary installed, the smoke test with no skip allowed, the login item it
 * left on read from the OS, npm start held,
 * every installer built, passed on as an artifact and checked on its own system.
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
  'timeout-minutes': number;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  strategy: { 'fail-fast': boolean; matrix: { os: string[] } };
  steps: Step[];
}

/** The steps of the update job that run `fragment`, by their index. */
function updateStep(fragment: string): number {
  const index = indexOf('update', fragment);
  expect(index, `a step of update runs ${fragment}`).toBeGreaterThanOrEqual(0);
  return index;
}

const SYSTEMS = ['macos-15', 'macos-15-intel', 'ubuntu-24.04', 'windows-latest'];

const text = readFileSync('.github/workflows/desktop.yml', 'utf8');
const workflow = parse(text) as { on: Record<string, unknown>; jobs: Record<string, Job> };

/** A job of the workflow; fails when there is none by that name. */
function job(name: string): Job {
  const found = workflow.jobs[name];
  expect(found, `a job named ${name}`).toBeDefined();
  return found as Job;
}

/** The steps of `name` whose `run` mentions `fragment`; fails when there is none. */
function stepsRunning(name: string, fragment: string): Step[] {
  const found = job(name).steps.filter((step) => step.run?.includes(fragment));
  expect(found.length, `a step of ${name} runs ${fragment}`).toBeGreaterThan(0);
  return found;
}

function indexOf(name: string, fragment: string): number {
  return job(name).steps.findIndex((step) => step.run?.includes(fragment));
}

describe('the desktop workflow', () => {
  it('runs on every push and pull request: test, package and check on each system, all to the end', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(Object.keys(workflow.jobs).sort()).toEqual([
      'check',
      'package',
      'release',
      'test',
      'update',
    ]);
    for (const name of ['test', 'package', 'check']) {
      expect(job(name).strategy['fail-fast'], name).toBe(false);
      expect(job(name)['runs-on'], name).toBe('${{ matrix.os }}');
      // macos-15 is Apple Silicon; macos-15-intel replaced the retired x64 macos-13.
      expect([...job(name).strategy.matrix.os].sort(), name).toEqual(SYSTEMS);
      // GitHub's default limit is 360 minutes; each stage states its own, well under it.
      expect(job(name)['timeout-minutes'], name).toBeLessThanOrEqual(60);
    }
    expect(job('check').needs).toBe('package');
  });

  it('sets up Node 24 with the npm cache in every job, and installs with the Electron binary to test', () => {
    for (const name of ['test', 'package', 'check']) {
      const setupNode = job(name).steps.find((step) =>
        step.uses?.startsWith('actions/setup-node@'),
      );
      expect(setupNode?.with, name).toMatchObject({ 'node-version': 24, cache: 'npm' });
    }
    expect(text).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    expect(indexOf('test', 'npm ci')).toBeGreaterThanOrEqual(0);
    expect(indexOf('test', 'electron/install.js')).toBeGreaterThanOrEqual(
      indexOf('test', 'npm ci'),
    );
  });

  it('gives Linux the keychain, a virtual display, libnotify and FUSE 3, and fixes the sandbox helper first', () => {
    for (const name of ['test', 'check']) {
      const [packages] = stepsRunning(name, 'apt-get install');
      expect(packages?.if).toBe("runner.os == 'Linux'");
      for (const library of ['gnome-keyring', 'dbus-x11', 'xvfb', 'xauth', 'libnotify4', 'fuse3']) {
        expect(packages?.run, `${name}: ${library}`).toContain(library);
      }
    }
    expect(stepsRunning('test', 'apt-get install')[0]?.run).toContain('libsecret-1-dev');
    const display = readFileSync('scripts/ci/with-display.sh', 'utf8');
    expect(display).toContain('xvfb-run');
    expect(display).toContain('with-keyring.sh');
    expect(indexOf('test', 'dev-sandbox.mjs')).toBeLessThan(indexOf('test', 'npm test'));
    expect(indexOf('test', 'dev-sandbox.mjs')).toBeLessThan(indexOf('test', 'start-stays-up.mjs'));
  });

  it('runs npm test, the smoke test with DATABRIDGE_REQUIRE_ELECTRON=1, and npm start', () => {
    expect(
      stepsRunning('test', 'npm test').every((step) => step.run?.includes('with-display.sh')),
    ).toBe(true);
    for (const step of stepsRunning('test', 'electron-smoke.mjs')) {
      expect(step.env?.['DATABRIDGE_REQUIRE_ELECTRON']).toBe('1');
      expect(step.if).toBeUndefined();
      expect(step.run).toContain('with-display.sh');
    }
    // The login item the smoke test left on, read from the OS by the next step.
    const [smoke] = stepsRunning('test', 'electron-smoke.mjs');
    const [loginItem] = stepsRunning('test', 'check-login-item.mjs');
    expect(indexOf('test', 'check-login-item.mjs')).toBe(indexOf('test', 'electron-smoke.mjs') + 1);
    expect(loginItem?.if).toBeUndefined();
    expect(loginItem?.env?.['DATABRIDGE_LOGIN_ITEM_HOME']).toBeDefined();
    expect(loginItem?.env?.['DATABRIDGE_LOGIN_ITEM_HOME']).toBe(
      smoke?.env?.['DATABRIDGE_LOGIN_ITEM_HOME'],
    );
    const [start] = stepsRunning('test', 'start-stays-up.mjs');
    expect(start?.if).toBeUndefined();
    expect(start?.run).toContain('with-display.sh');
  });

  it('builds every installer without publishing and uploads them; check downloads them and checks each on its system', () => {
    const [build] = stepsRunning('package', 'build-installers.mjs');
    expect(build?.run).toContain('npx electron-vite build');
    // The installers ship the databridge command (electron-builder.yml, extraResources).
    expect(build?.run).toContain('node scripts/build-cli.mjs');
    expect(readFileSync('scripts/ci/build-installers.mjs', 'utf8')).toContain(
      "'--publish', 'never'",
    );
    const steps = job('package').steps;
    const installers = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    for (const pattern of [
      'dist/*.deb',
      'dist/*.AppImage',
      'dist/*.dmg',
      'dist/*Setup*.exe',
      // The update feeds (latest.yml, latest-linux.yml) and the blockmaps go to the release.
      'dist/latest*.yml',
      'dist/*.blockmap',
    ]) {
      expect(String(installers?.with?.['path'])).toContain(pattern);
    }
    expect(installers?.with?.['if-no-files-found']).toBe('error');
    expect(steps.indexOf(installers as Step)).toBeGreaterThan(steps.indexOf(build as Step));

    const checks = job('check').steps;
    const download = checks.find((step) => step.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toEqual({ name: installers?.with?.['name'], path: 'dist' });
    for (const [script, os] of [
      ['check-deb.mjs', 'Linux'],
      ['check-appimage.mjs', 'Linux'],
      ['check-mac-app.mjs', 'macOS'],
      ['check-windows-install.mjs', 'Windows'],
    ] as const) {
      const [check] = stepsRunning('check', script);
      expect(check?.if).toBe(`runner.os == '${os}'`);
      expect(checks.indexOf(check as Step)).toBeGreaterThan(checks.indexOf(download as Step));
    }
  });

  it('drafts a release for a v tag or a tag typed in by hand, once every installer passed its check', () => {
    const dispatch = workflow.on['workflow_dispatch'] as { inputs: { tag: { required: boolean } } };
    expect(dispatch.inputs.tag.required).toBe(true);
    const release = job('release');
    // Released only once every installer passed its check and the update its proof.
    expect(release.needs).toEqual(['check', 'update']);
    expect(release.if).toBe(
      "startsWith(github.ref, 'refs/tags/v') || github.event_name == 'workflow_dispatch'",
    );
    // The only job that writes to the repository, and only its releases.
    expect(release.permissions).toEqual({ contents: 'write' });
    expect((workflow as { permissions?: unknown }).permissions).toEqual({ contents: 'read' });
    const steps = release.steps;
    const download = steps.find((step) => step.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toEqual({
      pattern: 'installers-*',
      'merge-multiple': true,
      path: 'dist',
    });
    const sums = indexOf('release', 'scripts/ci/sha256sums.mjs dist');
    const [create] = stepsRunning('release', 'gh release create');
    expect(sums).toBeGreaterThan(steps.indexOf(download as Step));
    expect(steps.indexOf(create as Step)).toBeGreaterThan(sums);
    expect(create?.run).toContain('--draft');
    // v1.5.0-beta.1 is a pre-release: GitHub's feed offers it on the beta channel only.
    expect(create?.run).toContain('case "$TAG" in *-*) prerelease=(--prerelease)');
    expect(create?.run).toContain('"${prerelease[@]}"');
    // The tag reaches the script through the environment, never pasted into its text.
    expect(create?.env?.['TAG']).toBe('${{ inputs.tag || github.ref_name }}');
    expect(create?.run).not.toContain('${{');
  });

  it('proves one update on Linux: N finds, downloads and verifies N+1 from a server on the runner', () => {
    const update = job('update');
    expect(update['runs-on']).toBe('ubuntu-24.04');
    expect(update['timeout-minutes']).toBeLessThanOrEqual(60);
    const [packages] = stepsRunning('update', 'apt-get install');
    for (const library of ['libsecret-1-dev', 'gnome-keyring', 'dbus-x11', 'xvfb', 'fuse3']) {
      expect(packages?.run, library).toContain(library);
    }
    const buildN = updateStep('-c.directories.output=dist-n');
    const bump = updateStep('npm version patch --no-git-tag-version');
    const buildNext = updateStep('-c.directories.output=dist-next');
    const check = updateStep('check-update.mjs dist-n dist-next');
    expect(updateStep('npm ci')).toBeLessThan(buildN);
    expect(buildN).toBeLessThan(bump);
    // The bump and N+1's build are one step: everything built there is N+1.
    expect(bump).toBe(buildNext);
    expect(buildNext).toBeLessThan(check);
    for (const index of [buildN, buildNext]) {
      const run = update.steps[index]?.run ?? '';
      expect(run).toContain('npx electron-vite build');
      expect(run).toContain('node scripts/build-cli.mjs');
      expect(run).toContain('--publish never');
    }
    expect(update.steps[check]?.run).toContain('with-display.sh');
    expect(update.steps[check]?.if).toBeUndefined();
  });

  it('signs with the repository secrets where they exist, through build-installers.mjs', () => {
    const [build] = stepsRunning('package', 'build-installers.mjs');
    for (const name of SIGNING_VARIABLES) {
      expect(build?.env?.[name], name).toBe(`\${{ secrets.${name} }}`);
    }
  });

  it('keeps test results and screenshots, even when a step failed', () => {
    const results = job('test').steps.find(
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
