import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { ProxyQuestions } from '../services/proxy/proxy-questions';

type ProxyChannel = 'proxy:getQuestions' | 'proxy:answer';

/**
 * Handlers of the proxy's questions: what waits for a user name and password, and the
 * window's answer. The password only comes in; no answer carries it back.
 */
export function createProxyHandlers(
  questions: Pick<ProxyQuestions, 'list' | 'answer'>,
): Pick<IpcHandlers, ProxyChannel> {
  return {
    'proxy:getQuestions': () => Promise.resolve({ questions: questions.list() }),
    'proxy:answer': ({ questionId, credentials }) => {
      questions.answer(questionId, credentials);
      return Promise.resolve({ questions: questions.list() });
    },
  };
}
