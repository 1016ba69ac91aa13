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

/** What a tagged answer was: its channel's tag, its records, and how many of them changed. */
export interface TaggedAnswer {
  readonly tag: 'archives' | 'sessions';
  readonly records: number;
  /**
   * Records that differ from the previous answer of the same tag (new, or another value), by
   * key: a refresh whose rows did not change measures nothing worth measuring.
   */
  readonly changed: number;
}

/** Where an answer's records are. */
type RecordsOf = (data: unknown) => unknown;

/**
 * The channels measured, and where their records are. The Sessions view shows the snapshots
 * of main's monitor (`monitor:getSessions`, records in `sessions`), not `sessions:list`.
 */
const MEASURED: Readonly<Record<string, { tag: TaggedAnswer['tag']; records: RecordsOf }>> = {
  'archives:list': { tag: 'archives', records: (data) => data },
  'monitor:getSessions': {
    tag: 'sessions',
    records: (data) => (data as { sessions?: unknown } | null)?.sessions,
  },
};

/** A record's key across answers (a spid is reused by a new login), and its text. */
function keyed(records: readonly unknown[]): Map<string, string> {
  const rows = new Map<string, string>();
  records.forEach((record, index) => {
    const row = record as Record<string, unknown>;
    const key = JSON.stringify(
      row['sessionId'] !== undefined
        ? [row['sessionId'], row['loginTime']]
        : (row['archiveId'] ?? index),
    );
    rows.set(key, JSON.stringify(record));
  });
  return rows;
}

/** How many rows of `next` are new or differ from `previous`. */
function changedRows(previous: Map<string, string> | undefined, next: Map<string, string>) {
  let changed = 0;
  for (const [key, text] of next) if (previous?.get(key) !== text) changed += 1;
  return changed;
}

/**
 * A watcher of the harness socket: remembers which channel each request id asked for, and
 * tags the answers of the measured channels with `bench` (first key, so the page's probe
 * spots them without parsing) for the in-page measurement. The data is left as the emulator
 * sent it; `answers` lists what was tagged.
 */
export function createTagger(): {
  fromPage(text: string): void;
  fromServer(text: string): string;
  readonly answers: TaggedAnswer[];
} {
  const asked = new Map<number, Request>();
  const answers: TaggedAnswer[] = [];
  const last = new Map<TaggedAnswer['tag'], Map<string, string>>();
  return {
    answers,
    fromPage(text) {
      try {
        const request = JSON.parse(text) as Request;
        if (MEASURED[request.channel]) asked.set(request.id, request);
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
      const measured = request && MEASURED[request.channel];
      const records = measured && message.envelope?.ok && measured.records(message.envelope.data);
      if (!request || !measured || !Array.isArray(records)) return text;
      asked.delete(request.id);
      const rows = keyed(records);
      answers.push({
        tag: measured.tag,
        records: records.length,
        changed: changedRows(last.get(measured.tag), rows),
      });
      last.set(measured.tag, rows);
      return JSON.stringify({ bench: measured.tag, ...message });
    },
  };
}

/**
 * Runs in the page before the app: wraps the WebSocket's message listeners so that for a
 * tagged answer it records the time from the message's arrival to the paint after the app
 * handled it (two animation frames), the number of table rows then in the DOM, and whether
 * the table's DOM changed in between (a refresh whose rows changed must render; the marks are
 * taken whatever the app does, so this says whether it did). Plain JavaScript text: a
 * compiled function would carry the bundler's helpers into the page.
 */
export const PAGE_PROBE = `
(() => {
  const marks = [];
  globalThis.__benchMarks = marks;
  let isTableChanged = false;
  const inTable = (node) =>
    (node.nodeType === 1 ? node : node.parentElement)?.closest('tbody') != null;
  new MutationObserver((records) => {
    if (!isTableChanged && records.some((record) => inTable(record.target))) isTableChanged = true;
  }).observe(document, { childList: true, characterData: true, subtree: true });
  const original = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') {
      return original.call(this, type, listener, options);
    }
    const wrapped = function (event) {
      const match = typeof event.data === 'string' ? /^\\{"bench":"(\\w+)"/.exec(event.data) : null;
      const started = performance.now();
      if (match) isTableChanged = false;
      listener.call(this, event);
      if (!match) return;
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          marks.push({
            tag: match[1],
            ms: performance.now() - started,
            rows: document.querySelectorAll('tbody tr').length,
            isTableChanged,
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
