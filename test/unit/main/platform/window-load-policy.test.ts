import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_RETRIES,
  loadFailureAction,
  rendererGoneAction,
} from '../../../../src/main/platform/window-load-policy';

const failure = (over: Partial<Parameters<typeof loadFailureAction>[0]> = {}) => ({
  errorCode: -6,
  errorDescription: 'ERR_FILE_NOT_FOUND',
  url: 'app://databridge/index.html',
  isMainFrame: true,
  failures: 1,
  ...over,
});

describe('loadFailureAction', () => {
  it('ignores a sub-frame and an aborted load', () => {
    expect(loadFailureAction(failure({ isMainFrame: false }))).toEqual({ kind: 'ignore' });
    expect(loadFailureAction(failure({ errorCode: -3 }))).toEqual({ kind: 'ignore' });
  });

  it('retries the first failures by itself, after a pause', () => {
    for (let n = 1; n <= AUTOMATIC_RETRIES; n += 1) {
      const action = loadFailureAction(failure({ failures: n }));
      expect(action.kind).toBe('retry');
      expect(action.kind === 'retry' && action.delayMs).toBeGreaterThan(0);
    }
  });

  it('then asks the user, naming the error and the URL, with Reload and Quit', () => {
    const action = loadFailureAction(failure({ failures: AUTOMATIC_RETRIES + 1 }));
    expect(action.kind).toBe('ask');
    if (action.kind !== 'ask') return;
    expect(action.prompt.buttons).toEqual(['Reload', 'Quit']);
    expect(action.prompt.detail).toContain('ERR_FILE_NOT_FOUND (-6)');
    expect(action.prompt.detail).toContain('app://databridge/index.html');
    expect(action.prompt.detail).toMatch(/Transfers and monitoring go on/);
  });

  it('names an unknown error when Chromium gives no description', () => {
    const action = loadFailureAction(failure({ errorDescription: '', failures: 5 }));
    expect(action.kind === 'ask' && action.prompt.detail).toContain('Unknown error (-6)');
  });
});

describe('rendererGoneAction', () => {
  it('needs nothing for a clean exit', () => {
    expect(rendererGoneAction({ reason: 'clean-exit', exitCode: 0 })).toEqual({ kind: 'ignore' });
  });

  it('asks to reload after a crash or an out-of-memory end', () => {
    for (const reason of ['crashed', 'oom', 'killed', 'launch-failed']) {
      const action = rendererGoneAction({ reason, exitCode: 133 });
      expect(action.kind, reason).toBe('ask');
      expect(action.kind === 'ask' && action.prompt.detail).toContain(`${reason}, exit code 133`);
    }
  });
});
