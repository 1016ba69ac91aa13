import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../../../src/emulator/server';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import { runCli } from '../../../../../src/main/cli/commands/runner';
import {
  API_KEY_ARGUMENT_WARNING,
  BODY_PASSWORD_WARNING,
  PASSWORD_ARGUMENT_WARNING,
  takeSecretArgs,
  type SecretInput,
} from '../../../../../src/main/cli/args/secret-args';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';
import { cliDataDirArgs } from '../../../../support/cli-data-home';

/** Standard input holding `text`, as a pipe (or a terminal with `isTTY`). */
function input(text: string, isTTY = false): () => SecretInput {
  return () => Object.assign(Readable.from([Buffer.from(text)]), { isTTY });
}

async function take(argv: string[], stdin?: () => SecretInput, env = {}) {
  let stderr = '';
  const result = await takeSecretArgs(argv, {
    env,
    stderr: (text) => (stderr += text),
    ...(stdin ? { stdin } : {}),
  });
  return { ...result, stderr };
}

describe('takeSecretArgs', () => {
  it('warns once on --api-key KEY and --api-key=KEY, never repeating the key', async () => {
    for (const argv of [
      ['instances', 'list', '--api-key', 'secret-key-123'],
      ['--api-key=secret-key-123', 'instances', 'list'],
    ]) {
      const taken = await take(argv, undefined, { HOME: '/home/u' });
      expect(taken.stderr).toBe(API_KEY_ARGUMENT_WARNING);
      expect(taken.stderr).not.toContain('secret-key-123');
      expect(taken.argv).toEqual(argv);
      expect(taken.env).toEqual({ HOME: '/home/u' });
    }
    expect(API_KEY_ARGUMENT_WARNING).toMatch(
      /^warning: --api-key .*shell's history.*process list.*DATABRIDGE_API_KEY, --api-key-stdin or --profile NAME/,
    );
  });

  it('says nothing for a key from the environment or a saved profile', async () => {
    const taken = await take(['instances', 'list', '--profile', 'prod'], undefined, {
      DATABRIDGE_API_KEY: 'k',
    });
    expect(taken).toEqual({
      argv: ['instances', 'list', '--profile', 'prod'],
      env: { DATABRIDGE_API_KEY: 'k' },
      stderr: '',
    });
  });

  it('reads the key from standard input for --api-key-stdin and hands it on as DATABRIDGE_API_KEY', async () => {
    const taken = await take(
      ['instances', '--api-key-stdin', 'list', '--', '--api-key-stdin'],
      input('  key-from-pipe\r\n'),
      { DATABRIDGE_API_KEY: 'from-env', HOME: '/home/u' },
    );
    expect(taken).toEqual({
      // Only the option goes: after `--` it is a word of the command line.
      argv: ['instances', 'list', '--', '--api-key-stdin'],
      env: { DATABRIDGE_API_KEY: 'key-from-pipe', HOME: '/home/u' },
      // Named, so a saved connection tells the key given for this command from one left in
      // the environment.
      fromStdin: 'DATABRIDGE_API_KEY',
      stderr: '',
    });
  });

  it('says how to end the input on a terminal', async () => {
    const taken = await take(['instances', 'list', '--api-key-stdin'], input('typed\n', true));
    expect(taken.env).toEqual({ DATABRIDGE_API_KEY: 'typed' });
    expect(taken.stderr).toMatch(/^API key \(paste it, then Enter and Ctrl\+D/);
  });

  it('refuses an empty, multi-word or oversized input without quoting it', async () => {
    const refusal = (text: string) =>
      take(['instances', 'list', '--api-key-stdin'], input(text)).then(
        () => new Error('accepted'),
        (error: unknown) => error as Error,
      );
    const empty = await refusal(' \n');
    expect(empty).toBeInstanceOf(UsageError);
    expect(empty.message).toMatch(/read no API key: standard input was empty/);
    const twoWords = await refusal('first-key second-key\n');
    expect(twoWords.message).toMatch(/read more than one word/);
    expect(twoWords.message).not.toContain('first-key');
    const large = await refusal('k'.repeat(17 * 1024));
    expect(large.message).toMatch(/read more than 16 KiB/);
  });

  it('refuses --api-key-stdin with --api-key, with a value, or without standard input', async () => {
    await expect(take(['x', '--api-key-stdin', '--api-key', 'k'], input('k'))).rejects.toThrow(
      /Give the API key one way: --api-key-stdin or --api-key, not both/,
    );
    await expect(take(['x', '--api-key-stdin=k'], input('k'))).rejects.toThrow(
      /--api-key-stdin takes no value/,
    );
    await expect(take(['x', '--api-key-stdin'])).rejects.toThrow(/there is no standard input/);
  });
});

describe('takeSecretArgs for a password', () => {
  it('warns once on --password P and --password=P, never repeating the password', async () => {
    for (const argv of [
      ['logins', 'list', '--tenant', 'demo', '--user', 'admin', '--password', 'pw-secret-9'],
      ['--password=pw-secret-9', 'logins', 'list'],
    ]) {
      const taken = await take(argv);
      expect(taken.stderr).toBe(PASSWORD_ARGUMENT_WARNING);
      expect(taken.stderr).not.toContain('pw-secret-9');
      expect(taken.argv).toEqual(argv);
    }
    expect(PASSWORD_ARGUMENT_WARNING).toMatch(
      /^warning: --password .*shell's history.*DATABRIDGE_PASSWORD, --password-stdin or --profile NAME/,
    );
  });

  it('reads --password-stdin into DATABRIDGE_PASSWORD, keeping its spaces', async () => {
    const taken = await take(
      ['instances', 'list', '--tenant', 'demo', '--password-stdin'],
      input(' two words \r\n'),
      { DATABRIDGE_PASSWORD: 'from-env' },
    );
    expect(taken).toEqual({
      argv: ['instances', 'list', '--tenant', 'demo'],
      env: { DATABRIDGE_PASSWORD: ' two words ' },
      fromStdin: 'DATABRIDGE_PASSWORD',
      stderr: '',
    });
    const typed = await take(['x', '--password-stdin'], input('pw\n', true));
    expect(typed.stderr).toMatch(/^Password \(type or paste it, then Enter and Ctrl\+D/);
  });

  it('refuses two secrets on one standard input, a value, both forms, or two lines', async () => {
    await expect(take(['x', '--api-key-stdin', '--password-stdin'], input('k'))).rejects.toThrow(
      /Standard input holds one secret: give --api-key-stdin or --password-stdin, not both/,
    );
    await expect(take(['x', '--password-stdin=pw'], input('k'))).rejects.toThrow(
      /--password-stdin takes no value: it reads the password from standard input/,
    );
    await expect(take(['x', '--password-stdin', '--password', 'p'], input('k'))).rejects.toThrow(
      /Give the password one way: --password-stdin or --password, not both/,
    );
    const twoLines = await take(['x', '--password-stdin'], input('first-pw\nsecond\n')).then(
      () => new Error('accepted'),
      (error: unknown) => error as Error,
    );
    expect(twoLines.message).toMatch(/read more than one line/);
    expect(twoLines.message).not.toContain('first-pw');
    await expect(take(['x', '--password-stdin'], input('\n'))).rejects.toThrow(
      /--password-stdin read no password: standard input was empty/,
    );
  });
});

describe('passwords on the command line, against the emulator', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ jobMs: 50 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  async function run(argv: string[], env: Record<string, string>, stdin?: () => SecretInput) {
    let stdout = '';
    let stderr = '';
    const code = await runCli([...argv, '--base-url', emulator.baseUrl, ...cliDataDirArgs()], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env,
      secretStore: () => new MemorySecretStore(),
      ...(stdin ? { stdin } : {}),
    });
    return { code, stdout, stderr };
  }

  it('signs in with a password from --password-stdin, silently', async () => {
    const signIn = ['instances', 'list', '--tenant', 'demo', '--user', 'admin'];
    const listed = await run([...signIn, '--password-stdin'], {}, input('demo\n'));
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listed.stdout)).toHaveLength(3);
    const warned = await run([...signIn, '--password', 'demo'], {});
    expect(warned.code).toBe(0);
    expect(warned.stderr).toBe(PASSWORD_ARGUMENT_WARNING);
  });

  it("warns when a login's password is written into --body on the command line", async () => {
    const login = { login: 'cli_pw_1', password: 'S3cret-pw!', role: 'consumer' };
    const created = await run(
      ['logins', 'create', '--instanceName', 'sql-eu-dev-01', '--body', JSON.stringify(login)],
      { DATABRIDGE_API_KEY: 'demo-admin-key' },
    );
    expect(created.code).toBe(0);
    expect(created.stderr).toBe(BODY_PASSWORD_WARNING);
    expect(created.stderr).not.toContain('S3cret-pw!');
    expect(JSON.parse(created.stdout)).toHaveProperty('jobId');
  });
});
