import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperationDeadline } from '../../../src/main/services/http/deadline';
import { DeadlinePause } from '../../../src/main/services/http/deadline-pause';
import type { PortLoginInfo } from '../../../src/main/services/http/request-port';
import { RedactingLogger, type LogEntry } from '../../../src/main/services/log/logger';
import { ProxyCredentialStore } from '../../../src/main/services/proxy/proxy-credentials';
import { ProxyQuestions } from '../../../src/main/services/proxy/proxy-questions';
import { ProxySignIn } from '../../../src/main/services/proxy/proxy-sign-in';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';

/*
 * The answer to Chromium's 'login' of a proxy (NTLM outside Windows) put together as the app
 * does: the keychain entry Basic uses, the window's question (ProxyQuestions, answered through
 * its API as the dialog does) and the deadline pause it asks inside. Electron cannot run here,
 * and Node's http.request never emits 'login', so the sign-in is driven with the authInfo
 * client-request.md documents; that Chromium asks so is for a real OS to show.
 */

const PROXY = 'http://proxy.corp.example:8080';
const NTLM: PortLoginInfo = {
  isProxy: true,
  scheme: 'ntlm',
  host: 'proxy.corp.example',
  port: 8080,
  realm: '',
};
const GOOD = { user: 'CORP\\alice', password: 'ntlm-pw-SENTINEL-never-leaves-main' };

/** The app's pieces: keychain, questions (with the deadline pause), a logger keeping lines. */
function appSignIn(keychain = new MemorySecretStore()) {
  const deadlinePause = new DeadlinePause();
  const questions = new ProxyQuestions({ deadlinePause });
  const logs: LogEntry[] = [];
  const logger = new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'debug' });
  const store = new ProxyCredentialStore(keychain);
  const signIn = new ProxySignIn({ store, ask: questions.ask, logger });
  return { signIn, questions, store, deadlinePause, logs, logger, keychain };
}

/** The question the window is shown, once asked. */
function questionOf(questions: ProxyQuestions): Promise<string> {
  const [waiting] = questions.list();
  if (waiting) return Promise.resolve(waiting.questionId);
  return new Promise((resolve) => {
    const told = questions.onDidChange((list) => {
      const [first] = list;
      if (!first) return;
      told();
      resolve(first.questionId);
    });
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Chromium's question of a proxy, answered by the app", () => {
  it('asks the window once, keeps the answer in the keychain, and the next run is not asked', async () => {
    const app = appSignIn();
    const first = app.signIn.forRequest(PROXY)(NTLM);
    const second = app.signIn.forRequest(PROXY)(NTLM);
    app.questions.answer(await questionOf(app.questions), GOOD);
    const given = await Promise.all([first, second]);
    expect(given).toEqual([
      { kind: 'credentials', ...GOOD },
      { kind: 'credentials', ...GOOD },
    ]);
    expect(app.questions.list()).toEqual([]);
    expect(await app.store.get(PROXY)).toEqual(GOOD);
    // The logger learnt the password, so even a careless line cannot carry it.
    app.logger.warn('a careless line', { given: GOOD.password });
    expect(JSON.stringify(app.logs)).not.toContain(GOOD.password);
    expect(JSON.stringify(app.logs)).toContain('Stored credentials for the proxy in the keychain');

    const next = appSignIn(app.keychain);
    const asked: unknown[] = [];
    next.questions.onDidChange((list) => asked.push(list));
    expect(await next.signIn.forRequest(PROXY)(NTLM)).toEqual({ kind: 'credentials', ...GOOD });
    expect(asked).toEqual([]);
  });

  it('stops the deadlines while the window is asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const app = appSignIn();
    const deadline = new OperationDeadline(1000);
    const unfollow = app.deadlinePause.follow(deadline);
    const login = app.signIn.forRequest(PROXY)(NTLM);
    const questionId = await questionOf(app.questions);
    // The user takes a minute to type.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deadline.signal.aborted).toBe(false);
    app.questions.answer(questionId, GOOD);
    expect(await login).toMatchObject({ kind: 'credentials' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(deadline.expired).toBe(true);
    unfollow();
    deadline.dispose();
  });

  it('fails a request whose credentials the proxy refused, removes them, and asks anew', async () => {
    const app = appSignIn();
    await app.store.set(PROXY, { user: 'alice', password: 'stale' });
    const request = app.signIn.forRequest(PROXY);
    expect(await request(NTLM)).toEqual({ kind: 'credentials', user: 'alice', password: 'stale' });
    const refused = await request(NTLM);
    expect(refused.kind === 'cancel' && refused.error?.message).toContain(
      `The proxy ${PROXY} refused the user name and password`,
    );
    expect(await app.store.get(PROXY)).toBeUndefined();
    expect(app.questions.list()).toEqual([]);

    const again = app.signIn.forRequest(PROXY)(NTLM);
    app.questions.answer(await questionOf(app.questions), GOOD);
    expect(await again).toEqual({ kind: 'credentials', ...GOOD });
  });

  it("fails the request with the question's words when the window declines", async () => {
    const app = appSignIn();
    const login = app.signIn.forRequest(PROXY)(NTLM);
    app.questions.answer(await questionOf(app.questions), null);
    const declined = await login;
    expect(declined.kind === 'cancel' && declined.error?.message).toContain(
      `You did not sign in to the proxy ${PROXY}`,
    );
    expect(await app.store.get(PROXY)).toBeUndefined();
  });

  it("cancels a server's question and asks nobody", async () => {
    const app = appSignIn();
    await app.store.set(PROXY, GOOD);
    const server = { ...NTLM, isProxy: false, host: 'service.corp.example', port: 443 };
    expect(await app.signIn.forRequest(PROXY)(server)).toEqual({ kind: 'cancel' });
    expect(app.questions.list()).toEqual([]);
  });
});
