import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import {
  cliProxyCredentials,
  proxyCredentialsSource,
  proxyPromptOf,
  type ProxyPrompt,
} from '../../../../../src/main/cli/connection/proxy-credentials';

const PROXY = 'http://proxy.corp:3128';
const BOTH = { DATABRIDGE_PROXY_USER: 'alice', DATABRIDGE_PROXY_PASSWORD: 's3cret' };

/** A terminal whose person answers `answers` in turn; records what was said and asked. */
function fakePrompt(answers: (string | undefined | Error)[]) {
  const said: string[] = [];
  const asked: string[] = [];
  const next = (question: string): Promise<string | undefined> => {
    asked.push(question);
    const answer = answers.shift();
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const prompt: ProxyPrompt = {
    say: (text) => said.push(text),
    ask: next,
    askSecret: (question) => next(`(hidden) ${question}`),
  };
  return { prompt, said, asked };
}

describe('proxyCredentialsSource', () => {
  it('takes the environment when it gives both variables, terminal or not', () => {
    for (const interactive of [true, false]) {
      expect(proxyCredentialsSource({ env: BOTH, interactive })).toEqual({
        kind: 'environment',
        credentials: { user: 'alice', password: 's3cret' },
      });
    }
  });

  it('asks at the terminal when the environment gives no user name or no password', () => {
    for (const env of [
      {},
      { DATABRIDGE_PROXY_USER: 'alice' },
      { DATABRIDGE_PROXY_PASSWORD: 's3cret' },
      { ...BOTH, DATABRIDGE_PROXY_USER: '' },
    ]) {
      expect(proxyCredentialsSource({ env, interactive: true })).toEqual({ kind: 'terminal' });
      expect(proxyCredentialsSource({ env, interactive: false })).toEqual({ kind: 'none' });
    }
  });

  it('takes an empty password from the environment (a proxy may accept one)', () => {
    const env = { ...BOTH, DATABRIDGE_PROXY_PASSWORD: '' };
    expect(proxyCredentialsSource({ env, interactive: true }).kind).toBe('environment');
  });
});

describe('proxyPromptOf', () => {
  const ask = () => Promise.resolve('x');
  const full = { stderr: () => undefined, isTty: true, stdinIsTty: true, ask, askSecret: ask };

  it('is the terminal when stdin and stderr both are one and both questions can be asked', () => {
    expect(proxyPromptOf(full)).toMatchObject({ ask, askSecret: ask });
  });

  it('is nobody when either stream is not a terminal or a question cannot be asked', () => {
    expect(proxyPromptOf({ ...full, isTty: false })).toBeUndefined();
    expect(proxyPromptOf({ ...full, stdinIsTty: false })).toBeUndefined();
    expect(proxyPromptOf({ stderr: full.stderr, isTty: true, stdinIsTty: true })).toBeUndefined();
    expect(proxyPromptOf({ ...full, askSecret: undefined })).toBeUndefined();
  });
});

describe('cliProxyCredentials', () => {
  it('names the proxy, asks the user name, then the password hidden', async () => {
    const terminal = fakePrompt(['alice', 'pass word']);
    const ask = cliProxyCredentials({ env: {}, prompt: terminal.prompt });
    expect(await ask({ proxy: PROXY })).toEqual({ user: 'alice', password: 'pass word' });
    expect(terminal.said).toEqual([`The proxy ${PROXY} asks for a user name and password.\n`]);
    expect(terminal.asked).toEqual(['User name: ', '(hidden) Password: ']);
  });

  it('lets the environment win over the terminal, which is not asked', async () => {
    const terminal = fakePrompt(['bob', 'other']);
    const ask = cliProxyCredentials({ env: BOTH, prompt: terminal.prompt });
    expect(await ask({ proxy: PROXY })).toEqual({ user: 'alice', password: 's3cret' });
    expect(terminal.said).toEqual([]);
    expect(terminal.asked).toEqual([]);
  });

  it('without a terminal or the variables, says which variables to set, as before', async () => {
    const ask = cliProxyCredentials({ env: {}, prompt: undefined });
    await expect(ask({ proxy: PROXY })).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: `The proxy ${PROXY} asks for a user name and password (Basic). Set DATABRIDGE_PROXY_USER and DATABRIDGE_PROXY_PASSWORD for one run: they are kept in the keychain, bound to that proxy, for the next ones.`,
    });
  });

  it('stops with AUTH_REQUIRED on an empty user name, before asking the password', async () => {
    for (const user of ['', '   ', undefined]) {
      const terminal = fakePrompt([user, 'never']);
      const ask = cliProxyCredentials({ env: {}, prompt: terminal.prompt });
      const asked = ask({ proxy: PROXY });
      await expect(asked).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
      await expect(asked).rejects.toThrow(
        `No user name and password were given for the proxy ${PROXY}, so nothing went through it.`,
      );
      expect(terminal.asked).toEqual(['User name: ']);
    }
  });

  it('stops with AUTH_REQUIRED naming the variables when the input ends at the password', async () => {
    const terminal = fakePrompt(['alice', undefined]);
    const ask = cliProxyCredentials({ env: {}, prompt: terminal.prompt });
    const asked = ask({ proxy: PROXY });
    await expect(asked).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(asked).rejects.toThrow(
      'set DATABRIDGE_PROXY_USER and DATABRIDGE_PROXY_PASSWORD for one run',
    );
  });

  it("passes on the prompt's CANCELLED (Ctrl+C)", async () => {
    const cancelled = new AppError({ code: 'CANCELLED', message: 'Stopped with Ctrl+C' });
    const terminal = fakePrompt(['alice', cancelled]);
    const ask = cliProxyCredentials({ env: {}, prompt: terminal.prompt });
    await expect(ask({ proxy: PROXY })).rejects.toBe(cancelled);
  });
});
