import type { Dispatcher } from 'undici';
import { isSignInFailure, signInRefusedError } from './proxy-auth-scheme';

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;

/**
 * Passes every event of a request sent through Chromium towards `proxy`, except the proxy's
 * refusal of the user's sign-in, which reaches the handler as the error saying what to do:
 * Chromium reports it as a 407 answer (a plain-http request the proxy forwards) or as one of
 * its auth errors (a tunnel, or no sign-in to give at all).
 */
export class SignInRefusal implements Handler {
  readonly #inner: Handler;
  readonly #proxy: string;

  constructor(inner: Handler, proxy: string) {
    this.#inner = inner;
    this.#proxy = proxy;
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.#inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(
    controller: Controller,
    statusCode: number,
    headers: Parameters<NonNullable<Handler['onRequestUpgrade']>>[2],
    socket: Parameters<NonNullable<Handler['onRequestUpgrade']>>[3],
  ): void {
    this.#inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(
    controller: Controller,
    statusCode: number,
    headers: Parameters<NonNullable<Handler['onResponseStart']>>[2],
    statusMessage?: string,
  ): void {
    if (statusCode === 407) {
      controller.abort(signInRefusedError(this.#proxy));
      return;
    }
    this.#inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.#inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(
    controller: Controller,
    trailers: Parameters<NonNullable<Handler['onResponseEnd']>>[1],
  ): void {
    this.#inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    const named = isSignInFailure(error) ? signInRefusedError(this.#proxy, error) : error;
    this.#inner.onResponseError?.(controller, named);
  }
}
