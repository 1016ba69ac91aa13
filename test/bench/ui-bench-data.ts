/*
 * Data and instrumentation of the UI bench (test/bench/ui.bench.ts). The emulator's demo
 * seed has ~200 archives and ~40 sessions per instance, and neither it nor the harness can
 * seed more, so the bench multiplies the emulator's own answers on the harness socket: the
 * records are the emulator's, cloned with new ids up to the sizes of the interface's limits.
 */

/** An invoke of the page, as the harness socket carries it. */
interface Request {
  readonly id: number;
  readonly channel: string;
  readonly input?: { query?: { limit?: number } };
}

/** What the bench inflates, and to how many rows. */
export const BENCH_SIZES = { archives: 5000, sessions: 2000 } as const;

type Row = Record<string, unknown>;

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;

function cloneArchives(rows: Row[], count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const base = rows[i % rows.length] ?? {};
    const suffix = String(i).padStart(5, '0');
    return {
      ...base,
      archiveId: `bench-${suffix}-${text(base['archiveId'])}`.slice(0, 64),
      name: `${text(base['name'], 'Archive')}_${suffix}`,
      sizeInMb: (Number(base['sizeInMb'] ?? 1) + i) % 200_000,
    };
  });
}

/** 2,000 sessions: the emulator's own first, then clones with fresh spids and a few chains. */
function cloneSessions(rows: Row[], count: number): Row[] {
  const users = rows.filter((row) => row['status'] !== 'background');
  const extra = Array.from({ length: Math.max(0, count - rows.length) }, (_, i) => {
    const base = users[i % Math.max(1, users.length)] ?? rows[0] ?? {};
    const spid = 1000 + i;
    // Every 97th clone waits on the clone before it: chains of two across the list.
    const blocker = i % 97 === 1 ? spid - 1 : 0;
    return {
      ...base,
      sessionId: spid,
      blockingSessionId: blocker,
      status: blocker ? 'suspended' : base['status'],
      cpuTime: Number(base['cpuTime'] ?? 0) + i,
    };
  });
  return [...rows, ...extra];
}

/**
 * A rewriter of the harness socket: remembers which channel each request id asked for, and
 * inflates the answers of `archives:list` and `sessions:list`, tagging them `bench` (first
 * key, so the page's probe spots them without parsing) for the in-page measurement.
 */
export function createInflater(): {
  fromPage(text: string): void;
  fromServer(text: string): string;
} {
  const asked = new Map<number, Request>();
  return {
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
      const rows = message.envelope.data as Row[];
      if (rows.length === 0) return text;
      const tag = request.channel === 'archives:list' ? 'archives' : 'sessions';
      const data =
        tag === 'archives'
          ? cloneArchives(rows, Math.min(BENCH_SIZES.archives, request.input?.query?.limit ?? 100))
          : cloneSessions(rows, BENCH_SIZES.sessions);
      return JSON.stringify({ bench: tag, id: message.id, envelope: { ok: true, data } });
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
