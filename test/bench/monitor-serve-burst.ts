import { connect, type Socket } from 'node:net';
import { Agent, request } from 'undici';

/*
 * A bad minute for the headless monitor, after its steady run: many scrapes at once with the
 * token, as many without it (each one a 401 the server counts and logs at a bounded rate),
 * then connections that send half a request and hold it. The bench then lets it settle with
 * its ordinary work and compares its RSS with what it had just before the burst: memory a
 * burst takes must come back (the target), not stay as it did (150 to 291 MiB, kept).
 */

/** What the burst sent, and how the server answered. */
export interface BurstFigures {
  readonly scrapes: number;
  readonly answered: number;
  readonly refused: number;
  readonly dropped: number;
  readonly halfOpen: number;
}

const SCRAPES = 1_000;
const UNAUTHENTICATED = 1_000;
const HALF_OPEN = 1_000;
const HOLD_MS = 5_000;

function halfOpen(url: URL): Promise<Socket | undefined> {
  return new Promise((done) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.write(`GET /metrics HTTP/1.1\r\nHost: ${url.host}\r\n`);
      done(socket);
    });
    socket.once('error', () => done(undefined));
  });
}

/** Sends the burst to the server at `serveUrl` and answers what came back. */
export async function burst(serveUrl: string, token: string): Promise<BurstFigures> {
  const url = new URL(serveUrl);
  // One connection per request, as a flood of scrapers would open.
  const agent = new Agent({ connections: SCRAPES + UNAUTHENTICATED, pipelining: 0 });
  const one = async (headers: Record<string, string>) => {
    try {
      const answer = await request(`${serveUrl}/metrics`, { headers, dispatcher: agent });
      await answer.body.text();
      return answer.statusCode;
    } catch {
      return 0;
    }
  };
  const statuses = await Promise.all([
    ...Array.from({ length: SCRAPES }, () => one({ authorization: `Bearer ${token}` })),
    ...Array.from({ length: UNAUTHENTICATED }, () => one({})),
  ]);
  await agent.close();
  // Then the half-sent requests, past the connection cap, held until the header timeout.
  const held = (await Promise.all(Array.from({ length: HALF_OPEN }, () => halfOpen(url)))).filter(
    (socket): socket is Socket => socket !== undefined,
  );
  for (const socket of held) socket.on('error', () => undefined);
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  for (const socket of held) socket.destroy();
  return {
    scrapes: statuses.length,
    answered: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 401).length,
    dropped: statuses.filter((status) => status === 0).length,
    halfOpen: held.length,
  };
}
