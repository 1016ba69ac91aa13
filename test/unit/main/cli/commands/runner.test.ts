import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CliRunner from '../../../../../src/main/cli/commands/runner';
import { API_KEY_ARGUMENT_WARNING } from '../../../../../src/main/cli/args/secret-args';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';

/*
 * Input that the operation's schemas refuse is answered before the HTTP stack, the services
 * and the transfer commands are loaded: the modules below record when they are first loaded.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../../../../src/main/services/http/dispatcher', async (importOriginal) => {
  loaded.add('dispatcher');
  return importOriginal();
});
vi.mock('../../../../../src/main/cli/connection/connection', async (importOriginal) => {
  loaded.add('connection');
  return importOriginal();
});
// The transfer commands' checks hold the app's settings schema, and so does the machine policy
// (built from it) that every command sending a request reads: loaded only once input is valid.
vi.mock('../../../../../src/shared/model/settings', async (importOriginal) => {
  loaded.add('settings');
  return importOriginal();
});

// The command from a fresh module registry: the unit files share their workers' modules, and
// a file before this one may have loaded the HTTP stack already.
let runCli: typeof CliRunner.runCli;
beforeAll(async () => {
  vi.resetModules();
  ({ runCli } = await import('../../../../../src/main/cli/commands/runner'));
});

/** Nothing listens on port 1 of the loopback. */
const nowhere = ['--base-url', 'http://127.0.0.1:1/databridge'];

async function run(argv: string[], extra: Partial<CliRunner.CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
    secretStore: () => new MemorySecretStore(),
    ...extra,
  });
  return { code, stdout, stderr };
}

describe('runCli', () => {
  it('refuses invalid input before loading the connection or the HTTP stack', async () => {
    const refused = await run(['databases', 'create', ...nowhere], {
      env: { DATABRIDGE_API_KEY: 'demo-admin-key' },
    });
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(/^error VALIDATION: /);
    expect([...loaded]).toEqual([]);
  });

  it('warns on --api-key before anything else it prints', async () => {
    const refused = await run(['databases', 'create', ...nowhere, '--api-key', 'demo-admin-key']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.startsWith(API_KEY_ARGUMENT_WARNING)).toBe(true);
    expect(refused.stderr.slice(API_KEY_ARGUMENT_WARNING.length)).toMatch(/^error VALIDATION: /);
    expect(refused.stderr).not.toContain('demo-admin-key');
  });

  it('reads --api-key-stdin only when asked, and answers a usage error for a bad one', async () => {
    const opened: string[] = [];
    const stdin = (text: string) => () => {
      opened.push(text);
      return Readable.from([text]);
    };
    const refused = await run(['databases', 'create', ...nowhere, '--api-key-stdin'], {
      stdin: stdin('demo-admin-key\n'),
    });
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.stderr).toMatch(/^error VALIDATION: /);
    const empty = await run(['instances', 'list', ...nowhere, '--api-key-stdin'], {
      stdin: stdin(''),
    });
    expect(empty).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^usage: --api-key-stdin read no API key/) as unknown,
    });
    await run(['databases', 'create', ...nowhere], { stdin: stdin('unread') });
    expect(opened).toEqual(['demo-admin-key\n', '']);
    expect([...loaded]).toEqual([]);
  });

  it('loads the connection and the HTTP stack for input that is valid', async () => {
    const failed = await run(['instances', 'list', ...nowhere, '--timeout', '5'], {
      env: { DATABRIDGE_API_KEY: 'demo-admin-key' },
    });
    expect(failed.code).toBe(4);
    expect(failed.stderr).toMatch(/^error NETWORK: /);
    expect([...loaded].sort()).toEqual(['connection', 'dispatcher', 'settings']);
  });
});

describe('runCli with --output and --query', () => {
  it('refuses an unknown format or a bad query as usage errors', async () => {
    const env = { DATABRIDGE_API_KEY: 'demo-admin-key' };
    const format = await run(['instances', 'list', ...nowhere, '-o', 'yaml'], { env });
    expect(format).toEqual({
      code: 2,
      stdout: '',
      stderr: 'usage: --output must be one of table, wide, json, jsonl, tsv, csv; got "yaml".\n',
    });
    const query = await run(['instances', 'list', ...nowhere, '--query', '[?name=='], { env });
    expect(query.code).toBe(2);
    expect(query.stderr).toMatch(/^usage: --query "\[\?name==" is not a JMESPath expression: /);
    const json = await run(['jobs', 'wait', '--jobId', 'j', '--json', '-o', 'csv'], { env });
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/^usage: --json prints progress and the result as JSON lines/);
  });

  it('takes the output options anywhere on the command line of an operation', async () => {
    const failed = await run(
      ['-ojsonl', 'instances', '--query', '[].name', 'list', ...nowhere, '--timeout', '5'],
      { env: { DATABRIDGE_API_KEY: 'demo-admin-key' } },
    );
    // Accepted: the run got as far as the network.
    expect(failed.code).toBe(4);
    expect(failed.stderr).toMatch(/^error NETWORK: /);
  });
});
