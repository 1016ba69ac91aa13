import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { contentTypeOf } from '../../src/main/app/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../src/main/app/csp';
import { HARNESS_TOKEN_META } from '../../src/shared/ipc/harness-wire';

/** The file under `root` for a URL path, or undefined when it would leave `root`. */
export function fileUnder(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = normalize(root);
  const file = normalize(join(base, decoded === '/' ? 'index.html' : decoded));
  return file.startsWith(base + sep) ? file : undefined;
}

/** index.html with the run's token in a meta tag, for the renderer's WebSocket transport. */
export async function indexWithToken(root: string, token: string): Promise<string> {
  const html = await readFile(join(root, 'index.html'), 'utf8');
  const meta = `<meta name="${HARNESS_TOKEN_META}" content="${token}" />`;
  return html.replace('</head>', `  ${meta}\n  </head>`);
}

/** Answers a file with the same headers the Electron protocol handler sends. */
export function sendFile(res: ServerResponse, file: string, body: Buffer | string): void {
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(body);
}
