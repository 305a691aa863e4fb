/** Thrown by services; the error handler turns it into `{detail, code}` with this status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** A sentence a learner can read. Never sent for 5xx. */
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, code = 'bad_request') => new AppError(400, code, detail);
export const unauthorized = (detail = 'Please sign in to continue.', code = 'unauthorized') =>
  new AppError(401, code, detail);
export const forbidden = (detail: string, code = 'forbidden') => new AppError(403, code, detail);
export const notFound = (detail: string, code = 'not_found') => new AppError(404, code, detail);
export const conflict = (detail: string, code = 'conflict') => new AppError(409, code, detail);
export const unavailable = (detail: string, code = 'unavailable') => new AppError(503, code, detail);

/** PostgreSQL error code of a database error, also when drizzle wraps it (DrizzleQueryError.cause). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * True when reading the request failed because the client went away (or was cut off by the request timeout)
 * before its body was complete: the request stream's own error (Node's `Error('aborted')`, code ECONNRESET).
 * Its code is also a database connection's, so this is asked first: the client is gone, the database is fine.
 */
export function isClientAbort(error: unknown, request: { errored?: unknown }): boolean {
  if (!(error instanceof Error)) return false;
  if (request.errored === error) return true;
  return error.message === 'aborted' && (error as { code?: unknown }).code === 'ECONNRESET';
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** True when the error means the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || /^(08|57P)/.test(code))) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|connection error and is not queryable/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
