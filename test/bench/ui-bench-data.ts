/*
 * Instrumentation of the UI bench (test/bench/ui.bench.ts). The harness's emulator runs the
 * `large` seed (sql-eu-prod-01 at the interface's limits: 5,000 archives, 2,000 sessions); the
 * bench only tags the answers it measures on the harness socket, it changes no data.
 */

/** An invoke of the page, as the harness socket carries it. */
interface Request {
  readonly id: number;
  readonly channel: string;
}

/** What a tagged answer was: its channel's tag and how many records it carried. */
export interface TaggedAnswer {
  readonly tag: 'archives' | 'sessions';
  readonly records: number;
}

/**
 * A watcher of the harness socket: remembers which channel each request id asked for, and
 * tags the answers of `archives:list` and `sessions:list` with `bench` (first key, so the
 * page's probe spots them without parsing) for the in-page measurement. The data is left as
 * the emulator sent it; `answers` lists what was tagged.
 */
export function createTagger(): {
  fromPage(text: string): void;
  fromServer(text: string): string;
  readonly answers: TaggedAnswer[];
} {
  const asked = new Map<number, Request>();
  const answers: TaggedAnswer[] = [];
  return {
    answers,
    fromPage(text) {
      try {
        const request = JSON.parse(text) as Request;
        if (request.channel === 'archives:list' || request.channel === 'sessions:list') {
          asked.set(request.id, request);
        }
      } catch {
        // Not ours to judge: the harness answers malformed frames itself.
      }
    },
    fromServer(text) {
      const message = JSON.parse(text) as {
        id?: number;
        envelope?: { ok: boolean; data?: unknown };
      };
      const request = message.id === undefined ? undefined : asked.get(message.id);
      if (!request || !message.envelope?.ok || !Array.isArray(message.envelope.data)) return text;
      asked.delete(request.id);
      const tag = request.channel === 'archives:list' ? 'archives' : 'sessions';
      answers.push({ tag, records: message.envelope.data.length });
      return JSON.stringify({ bench: tag, ...message });
    },
  };
}

/**
 * Runs in the page before the app: wraps the WebSocket's message listeners so that for a
 * tagged answer it records the time from the message's arrival to the paint after the app
 * handled it (two animation frames), and the number of table rows then in the DOM. Plain
 * JavaScript text: a compiled function would carry the bundler's helpers into the page.
 */
export const PAGE_PROBE = `
(() => {
  const marks = [];
  globalThis.__benchMarks = marks;
  const original = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') {
      return original.call(this, type, listener, options);
    }
    const wrapped = function (event) {
      const match = typeof event.data === 'string' ? /^\\{"bench":"(\\w+)"/.exec(event.data) : null;
      const started = performance.now();
      listener.call(this, event);
      if (!match) return;
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          marks.push({
            tag: match[1],
            ms: performance.now() - started,
            rows: document.querySelectorAll('tbody tr').length,
          }),
        ),
      );
    };
    return original.call(this, type, wrapped, options);
  };
})();
`;

/**
 * Runs in the page: types "edm_po" into the archives view's search box one character at a
 * time and answers, per keystroke, the ms from the input event to the paint after the table
 * filtered (two animation frames). Plain JavaScript text, like {@link PAGE_PROBE}.
 */
export const TYPE_IN_SEARCH = `
(async () => {
  const input = document.querySelector('[data-testid="archives-view"] [data-testid="table-search"] input');
  if (!input) throw new Error('no search box in the archives view');
  const text = 'edm_po';
  const times = [];
  for (let i = 1; i <= text.length; i += 1) {
    const started = performance.now();
    input.value = text.slice(0, i);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    times.push(performance.now() - started);
  }
  input.value = '';
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return times;
})()
`;
