import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '../shared/contract/records/common';

/** True when nothing can be written any more (answered already, or the socket is gone). */
function isGone(res: ServerResponse): boolean {
  return res.headersSent || res.destroyed || res.socket?.destroyed === true;
}

/** Writes a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (isGone(res)) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Writes an answer without a body. */
export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (isGone(res)) return;
  res.writeHead(status, status === 204 ? headers : { ...headers, 'Content-Length': 0 });
  res.end();
}

/** Writes the error body of records.md: `{ code: 'DATA-BRIDGE-<status>', message, logId }`. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body: ErrorBody = { code: `DATA-BRIDGE-${status}`, message, logId: randomUUID() };
  sendJson(res, status, body, headers);
}
