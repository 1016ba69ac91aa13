import { AppError, type AppErrorData } from '../../../shared/errors';

/**
 * An AppError for a failure answer that also keeps what the service said, unchanged, for
 * callers that compose their own message (a failed sign-in). Not part of the data that
 * crosses IPC.
 *
 * The HTTP client makes it and the sign-in providers read it; it lives here rather than in
 * `http/` because `http/` depends on `auth/` (the client asks the provider for its
 * `Authorization`), and a provider importing from `http/` would close that loop.
 */
export class ServiceError extends AppError {
  readonly serviceMessage: string | undefined;

  constructor(data: AppErrorData, serviceMessage: string | undefined) {
    super(data);
    this.serviceMessage = serviceMessage;
  }
}
