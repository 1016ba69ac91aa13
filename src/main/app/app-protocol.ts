import { extname, join, normalize, sep } from 'node:path';

/** The scheme the packaged renderer is served from (registered as standard and secure). */
export const APP_SCHEME = 'app';
/** The host of our scheme's URLs. */
const APP_HOST = 'databridge';
/** The renderer's origin in production. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The URL the main window loads in production. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The Content-Type of a served file, by extension. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that an `app://databridge/...` URL names, or undefined when the URL
 * is not ours or would leave `root` (`..`, encoded separators, NUL): the protocol handler
 * serves the built renderer and nothing else of the disk.
 */
export function resolveAppAsset(root: string, requestUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const relative = pathname === '/' || pathname === '' ? 'index.html' : pathname;
  const base = normalize(root);
  const file = normalize(join(base, relative));
  return file.startsWith(base.endsWith(sep) ? base : base + sep) ? file : undefined;
}
