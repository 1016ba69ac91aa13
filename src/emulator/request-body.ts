import type { IncomingMessage } from 'node:http';
import { EmulatorHttpError } from './http-error';

/** Largest JSON body the service operations accept (their bodies are a few hundred bytes). */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Whether a Content-Type is one of the JSON types the interface lists: `application/json`,
 * `text/json`, `application/json-patch+json` and `application/*+json` (parameters ignored).
 */
function isJsonContentType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === 'application/json' || type === 'text/json' || /^application\/[\w.-]+\+json$/.test(type)
  );
}

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      throw new EmulatorHttpError(413, `The request body is larger than ${limit} bytes.`, {
        Connection: 'close',
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a JSON body. A missing Content-Type is tolerated; any other non-JSON type answers 415.
 * An empty body is `{}` when the body is optional and 400 when it is required; text that is
 * not JSON answers 400.
 */
export async function readJsonBody(
  req: IncomingMessage,
  required: boolean,
  limit = MAX_JSON_BYTES,
): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (Number.isFinite(declared) && declared > limit) {
    throw new EmulatorHttpError(413, `The request body is larger than ${limit} bytes.`, {
      Connection: 'close',
    });
  }
  const type = req.headers['content-type'];
  if (type !== undefined && type.trim() !== '' && !isJsonContentType(type)) {
    throw new EmulatorHttpError(
      415,
      `Send the body as JSON (Content-Type: application/json), not ${type}.`,
    );
  }
  const text = await readText(req, limit);
  if (text.trim() === '') {
    if (required) throw new EmulatorHttpError(400, 'A JSON request body is required.');
    return {};
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new EmulatorHttpError(
      400,
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
}
