import { AppError, isAppError } from '@shared/errors';

/** Turns anything thrown into an AppError (unknown errors get a generic message). */
export function asAppError(caught: unknown): AppError {
  if (isAppError(caught)) return caught;
  return new AppError({
    code: 'INTERNAL',
    message: 'Something went wrong inside the app. Please try again.',
  });
}

/** `Create database failed: <the service's message>`. */
export function failureText(title: string, error: AppError): string {
  return `${title} failed: ${error.message}`;
}
