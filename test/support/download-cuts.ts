import type { Dispatcher } from 'undici';

/**
 * An undici interceptor for the pre-signed dispatcher that cuts the first GET after `bytes`
 * of its body, as a dropped connection would (ECONNRESET), and calls `onCut` then. Later
 * requests go through untouched.
 */
export function cutFirstDownload(
  bytes: number,
  onCut?: () => void,
): Dispatcher.DispatcherComposeInterceptor {
  let cut = false;
  return (dispatch) => (opts, handler) => {
    if (cut || opts.method !== 'GET') return dispatch(opts, handler);
    let seen = 0;
    return dispatch(opts, {
      onRequestStart: (controller, context: unknown) =>
        handler.onRequestStart?.(controller, context),
      onResponseStart: (controller, status, headers, message) =>
        handler.onResponseStart?.(controller, status, headers, message),
      onResponseData: (controller, chunk) => {
        if (cut) return;
        seen += chunk.length;
        if (seen < bytes) {
          handler.onResponseData?.(controller, chunk);
          return;
        }
        cut = true;
        onCut?.();
        controller.abort(Object.assign(new Error('cut by the test'), { code: 'ECONNRESET' }));
      },
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
  };
}

/** An interceptor that records the path (with its query: the signature) of every GET. */
export function recordGets(paths: string[]): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    if (opts.method === 'GET') paths.push(String(opts.path));
    return dispatch(opts, handler);
  };
}

/**
 * The direct GET's equivalent of {@link cutFirstDownload} (the transfer rig's `directBodyBytes`):
 * the first download's connection breaks (ECONNRESET) at the read that reaches `bytes` of its
 * body, and `onCut` is called then. Later downloads go through untouched.
 */
export function cutFirstDirectDownload(
  bytes: number,
  onCut?: () => void,
): (total: number) => Error | undefined {
  let cut = false;
  return (total) => {
    if (cut || total < bytes) return undefined;
    cut = true;
    onCut?.();
    return Object.assign(new Error('cut by the test'), { code: 'ECONNRESET' });
  };
}
