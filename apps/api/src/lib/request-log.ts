import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fastify from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

/** pino's number for the info level, which request lines are written at. */
const INFO = 30;

/**
 * The request lines, written as the product's pino logger writes its lines (the same fields, in the same order),
 * without going through pino: none of their fields can hold a secret, so they need no redaction (decision 035),
 * and every field's type is known, so the line is one template instead of pino's generic serialiser (decision
 * 049). Written when the level lets info lines through, as pino would.
 */
export class RequestLines {
  private readonly enabled: boolean;
  private readonly afterTime: string;

  constructor(
    level: string,
    private readonly stream: { write(line: string): void },
  ) {
    this.enabled = (pino.levels.values[level] ?? Number.POSITIVE_INFINITY) <= INFO;
    this.afterTime = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  }

  write(reqId: string, method: string, route: string, status: number, ms: number): void {
    if (!this.enabled) return;
    this.stream.write(
      `{"level":${INFO},"time":${Date.now()}${this.afterTime}${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  }
}

/** A request's id: the caller's X-Request-Id when it is a plain token (a proxy's, a support ticket's), else new. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
}

/** A request's time to its answer as the request line shows it: milliseconds to one decimal. */
export const lineMs = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One log line per request, written when it is answered: method, the route's pattern (never the URL, whose
 * query or path may carry a token: unsubscribe links, signed media), status, milliseconds, and the request id.
 * Fastify's own two lines ("incoming request" with the serialized request, then "request completed") cost twice
 * the writes for less (decision 022).
 *
 * With `lines`, the line is written by RequestLines with the request id among its fields (decision 035): the
 * product's logger redacts wildcard paths (`*.password`, `*.token`), which measured about three quarters of a
 * line's cost, and none of these fields can hold a secret; and no per-request child logger is needed for it.
 */
export class OneLinePerRequest extends fastify.LogController {
  constructor(private readonly lines?: RequestLines) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = lineMs(reply.elapsedTime);
    // An error here is the response stream failing after the handler answered (a client gone mid-body).
    if (error) {
      request.log.error({ method: request.method, route, status: reply.statusCode, ms, err: error }, 'request errored');
    } else if (this.lines) {
      this.lines.write(request.id, request.method, route, reply.statusCode, ms);
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
