/**
 * The renderer's Content Security Policy as the meta tag in src/renderer/index.html states it
 * (a test keeps the two equal): only our own scripts, no eval, no plugins, network only to our
 * own origin (the IPC bridge needs none; the harness's WebSocket is same-origin). Inline
 * styles are allowed because naive-ui injects its styles at run time.
 */
export const META_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The CSP header main and the harness send with every page: the meta tag's policy plus
 * `frame-ancestors`, which browsers honour only in a header.
 */
export const CONTENT_SECURITY_POLICY = `${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
