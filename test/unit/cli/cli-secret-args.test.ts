import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/main/cli/cli-args';
import {
  API_KEY_ARGUMENT_WARNING,
  takeSecretArgs,
  type SecretInput,
} from '../../../src/main/cli/cli-secret-args';

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
