import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_FILES } from '../../../../scripts/build-cli.mjs';
import {
  argAfter,
  envOf,
  execForm,
  instructionsOf,
  readContainerfile,
  runNode,
  type Stage,
} from '../../../support/deploy-files';
import { startScriptedServer } from '../../../support/scripted-server';

/*
 * The monitor's image (deploy/container/Containerfile), held here because no engine builds it
 * on these machines (the real-OS workflow does): pinned bases on one Node major, the four
 * files of the command and nothing else of the build, a numeric non-root user, a state folder
 * of its own for a read-only root, the health check on /healthz (run here against a stand-in
 * server), and the entry point that needs no relaunch.
 */

const stages = readContainerfile();
const final = stages.at(-1) as Stage;
const build = stages.find((stage) => stage.name === 'build') as Stage;
/** The COPY instructions of the final stage that take files from the build stage. */
function copiesFromBuild() {
  return instructionsOf(final, 'COPY')
    .filter((copy) => copy.args.includes('--from=build'))
    .map((copy) => {
      const words = copy.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      return { args: copy.args, sources: words.slice(0, -1), target: words.at(-1) ?? '' };
    });
}

const healthcheck = () => {
  const [check] = instructionsOf(final, 'HEALTHCHECK');
  expect(check, 'a HEALTHCHECK').toBeDefined();
  return execForm(check?.args ?? '');
};

describe('the monitor image (deploy/container/Containerfile)', () => {
  it('builds from bases pinned by tag, on the same Node major', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', undefined]);
    // The build stage's Node is pinned to its patch release; distroless has no version tags,
    // so its name pins Node's major and Debian's release, and `nonroot` its user.
    expect(build.from).toMatch(/^node:(\d+)\.\d+\.\d+-[a-z]+-slim$/);
    expect(final.from).toMatch(/^gcr\.io\/distroless\/nodejs(\d+)-debian\d+:nonroot$/);
    const major = (from: string) => /(?:node:|nodejs)(\d+)/.exec(from)?.[1];
    expect(major(final.from)).toBe(major(build.from));
    for (const stage of stages) expect(stage.from).not.toMatch(/:latest$|^[^:]+$/);
  });

  it('bundles the command in the build stage with the locked dependencies and no install scripts', () => {
    const runs = instructionsOf(build, 'RUN').map((i) => i.args);
    expect(runs.some((run) => /^npm ci\b.*--ignore-scripts/.test(run))).toBe(true);
    expect(runs.some((run) => run.includes('node scripts/build-cli.mjs'))).toBe(true);
    expect(envOf(build)['ELECTRON_SKIP_BINARY_DOWNLOAD']).toBe('1');
    // Every file it copies from the context exists, so a rename fails here, not in CI.
    for (const copy of instructionsOf(build, 'COPY')) {
      for (const source of copy.args.split(/\s+/).slice(0, -1)) {
        expect(existsSync(source), source).toBe(true);
      }
    }
  });

  it('copies only the files of the command from the build, and its state folder', () => {
    const [cli, state, ...more] = copiesFromBuild();
    expect(more).toEqual([]);
    expect(cli?.sources).toEqual(CLI_FILES.map((name) => `/src/out/cli/${name}`));
    expect(cli?.target).toBe('/app/');
    // The one folder it writes, owned by its user: a volume or tmpfs goes there.
    expect(state?.args).toContain(`--chown=${userOf()}`);
    expect(state?.target).toBe(envOf(final)['STATE_DIRECTORY']);
    expect(instructionsOf(final, 'COPY')).toHaveLength(2);
    expect(instructionsOf(final, 'RUN')).toEqual([]);
  });

  it('runs as a numeric user that is not root', () => {
    const [uid, gid] = userOf().split(':').map(Number);
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
  });

  it('starts monitor serve with the small young generation, listening where it says', () => {
    const [entry] = instructionsOf(final, 'ENTRYPOINT');
    const command = execForm(entry?.args ?? '');
    expect(command).toEqual([
      '/nodejs/bin/node',
      '--max-semi-space-size=2',
      `/app/${CLI_FILES[0]}`,
      'monitor',
      'serve',
    ]);
    const [cmd] = instructionsOf(final, 'CMD');
    const listen = argAfter(execForm(cmd?.args ?? ''), '--listen');
    const [expose] = instructionsOf(final, 'EXPOSE');
    expect(listen).toBe(`0.0.0.0:${expose?.args}`);
    const healthz = new URL(envOf(final)['DATABRIDGE_HEALTHZ_URL'] ?? '');
    expect(healthz.pathname).toBe('/healthz');
    expect(healthz.port).toBe(expose?.args);
  });

  it('has a health check that Node runs: healthy on 200, unhealthy on 503 or no answer', async () => {
    const [node, ...args] = healthcheck();
    expect(node).toBe('/nodejs/bin/node');
    const status = { code: 200 };
    const server = await startScriptedServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? status.code : 404).end('{}');
    });
    const env = { DATABRIDGE_HEALTHZ_URL: `${server.origin}/healthz` };
    try {
      expect(await runNode(args, env)).toBe(0);
      status.code = 503;
      expect(await runNode(args, env)).toBe(1);
    } finally {
      await server.close();
    }
    expect(await runNode(args, env)).toBe(1);
  });

  it('keeps node_modules, builds, git and the compose secrets out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const path of ['node_modules', 'out', '.git', 'deploy/compose/secrets']) {
      expect(ignored, path).toContain(path);
    }
  });
});

/** The final stage's USER, `uid:gid`. */
function userOf(): string {
  const users = instructionsOf(final, 'USER');
  expect(users).toHaveLength(1);
  const user = users[0]?.args ?? '';
  expect(user).toMatch(/^\d+:\d+$/);
  return user;
}
