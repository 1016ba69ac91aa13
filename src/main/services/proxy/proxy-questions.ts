import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { ProxyQuestion } from '../../../shared/ipc/proxy-channels';
import { Emitter, type Event } from '../common/emitter';
import type { DeadlinePause } from '../http/deadline-pause';
import type { AskProxyCredentials } from './proxy-authenticator';
import type { ProxyCredentials } from './proxy-credentials';

interface Waiting {
  readonly question: ProxyQuestion;
  readonly resolve: (credentials: ProxyCredentials) => void;
  readonly reject: (error: AppError) => void;
}

/**
 * The app's answer to a proxy asking for a user name and password: a question the window
 * shows as a dialog (ProxyCredentialsDialog.vue), and the request waits for its answer. The
 * authenticator asks once per proxy at a time and keeps the answer in the keychain, so each
 * proxy is asked about once. The password comes in with the answer and goes nowhere else: the
 * questions hold the proxy only.
 */
export class ProxyQuestions {
  readonly #waiting = new Map<string, Waiting>();
  readonly #onDidChange = new Emitter<ProxyQuestion[]>();
  readonly #deadlinePause: DeadlinePause | undefined;

  /** Called when a question is asked or answered, with the questions left. */
  readonly onDidChange: Event<ProxyQuestion[]> = this.#onDidChange.event;

  /** For the authenticator: asks the window, and waits. */
  readonly ask: AskProxyCredentials = ({ proxy }) => {
    const asked = (): Promise<ProxyCredentials> =>
      new Promise<ProxyCredentials>((resolve, reject) => {
        const question = { questionId: randomUUID(), proxy };
        this.#waiting.set(question.questionId, { question, resolve, reject });
        this.#changed();
      });
    return this.#deadlinePause ? this.#deadlinePause.pausedWhile(asked) : asked();
  };

  /**
   * `deadlinePause`, followed by the clients of the app's connections, is held while a
   * question is open: the request that met the proxy waits for the user under its deadline,
   * and a user who takes longer than it to type must not get a timeout for it.
   */
  constructor(options: { readonly deadlinePause?: DeadlinePause } = {}) {
    this.#deadlinePause = options.deadlinePause;
  }

  /** The questions waiting, oldest first. */
  list(): ProxyQuestion[] {
    return [...this.#waiting.values()].map((waiting) => waiting.question);
  }

  /**
   * Answers a question: the credentials go on to the proxy (and into the keychain); null
   * declines, and the request fails saying so. Throws NOT_FOUND for a question no longer
   * waiting (answered in another window, or the app is closing).
   */
  answer(questionId: string, credentials: ProxyCredentials | null): void {
    const waiting = this.#waiting.get(questionId);
    if (!waiting) {
      throw new AppError({
        code: 'NOT_FOUND',
        message: 'This proxy question was already answered or has ended: nothing to do.',
      });
    }
    this.#waiting.delete(questionId);
    this.#changed();
    if (credentials) {
      waiting.resolve(credentials);
      return;
    }
    const { proxy } = waiting.question;
    waiting.reject(
      new AppError({
        code: 'AUTH_REQUIRED',
        message: `You did not sign in to the proxy ${proxy}, so nothing went through it. Try again to be asked again, or ask IT for the proxy's user name and password.`,
      }),
    );
  }

  /** Ends every question (the app is closing): the requests fail as cancelled. */
  dispose(): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const { reject } of waiting) {
      reject(
        new AppError({
          code: 'CANCELLED',
          message: 'The app closed before the proxy was answered.',
        }),
      );
    }
    this.#onDidChange.dispose();
  }

  #changed(): void {
    this.#onDidChange.fire(this.list());
  }
}
