import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fastify from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** Where the request lines go: a logger without redaction (their fields cannot hold a secret). */
export interface RequestLineLogger {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * One log line per request, written when it is answered: method, the route's pattern (never the URL, whose
 * query or path may carry a token: unsubscribe links, signed media), status, milliseconds, and the request id.
 * Fastify's own two lines ("incoming request" with the serialized request, then "request completed") cost twice
 * the writes for less (decision 022).
 *
 * With `lines`, the line is written by that logger with the request id among its fields (decision 035): the
 * product's logger redacts wildcard paths (`*.password`, `*.token`), which measured about three quarters of a
 * line's cost, and none of these fields can hold a secret; and no per-request child logger is needed for it.
 */
export class OneLinePerRequest extends fastify.LogController {
  constructor(private readonly lines?: RequestLineLogger) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    // An error here is the response stream failing after the handler answered (a client gone mid-body).
    if (error) {
      request.log.error({ method: request.method, route, status: reply.statusCode, ms, err: error }, 'request errored');
    } else if (this.lines) {
      this.lines.info({ reqId: request.id, method: request.method, route, status: reply.statusCode, ms }, 'request');
    } else {
      request.log.info({ method: request.method, route, status: reply.statusCode, ms }, 'request');
    }
  }
}

/**
 * Fastify's per-request logger, made only when a request logs something of its own (an error, a handler's
 * line): most requests log nothing but their one line, and a pino child per request (its bindings serialised,
 * its redaction set up) is work thrown away for them. One object per request, its methods on the prototype.
 */
class LazyChildLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real;
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }
  set level(value: string) {
    this.logger.level = value;
  }
  fatal(...args: unknown[]) {
    (this.logger.fatal as Log)(...args);
  }
  error(...args: unknown[]) {
    (this.logger.error as Log)(...args);
  }
  warn(...args: unknown[]) {
    (this.logger.warn as Log)(...args);
  }
  info(...args: unknown[]) {
    (this.logger.info as Log)(...args);
  }
  debug(...args: unknown[]) {
    (this.logger.debug as Log)(...args);
  }
  trace(...args: unknown[]) {
    (this.logger.trace as Log)(...args);
  }
  silent(...args: unknown[]) {
    (this.logger.silent as Log)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

type Log = (...args: unknown[]) => void;

/** Fastify's `childLoggerFactory`: the per-request logger, made on its first use. */
export const lazyChildLogger = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
