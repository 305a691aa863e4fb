import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isClientAbort, isDatabaseUnavailable } from '../lib/errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const part = PART_NAMES[context ?? ''] ?? 'request';
  const parts = issues.slice(0, 5).map((i) => {
    const field = (i.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return field ? `${field}: ${i.message}` : `${i.message}`;
  });
  return `Invalid ${part}: ${parts.join('; ')}.`.replace(/\.\.$/, '.');
}

/**
 * One mapping from any thrown error to `{detail, code}`. Services throw AppError; validation, parsing and
 * size errors come from Fastify; everything else is a 500 whose internals stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.code }, error.message);
      return reply.code(error.status).send({ detail: error.detail, code: error.code });
    }
    if (isClientAbort(error, request.raw)) {
      // Nobody is left to answer; nothing is wrong on our side (its ECONNRESET is not the database's).
      request.log.info({ code: error.code }, 'the client closed the connection before its request was complete');
      return reply.code(400).send({ detail: 'The request was not received completely.', code: 'request_aborted' });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const issues = (error.validation ?? []) as ValidationIssue[];
      return reply
        .code(400)
        .send({ detail: describeValidation(error.validationContext, issues), code: 'invalid_request' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'The request body is not valid JSON.', code: 'invalid_json' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'The request body is too large.', code: 'body_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .code(415)
          .send({ detail: 'This endpoint accepts JSON bodies only.', code: 'unsupported_media_type' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send({ detail: 'The Content-Length header is wrong.', code: 'bad_content_length' });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({
        detail:
          typeof (error as { detail?: unknown }).detail === 'string'
            ? (error as unknown as { detail: string }).detail
            : 'Too many requests. Please wait a moment and try again.',
        code: 'rate_limited',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send({
        detail: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'database_unavailable',
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: 'The request could not be processed.', code: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'internal_error' });
  });
}

/**
 * Errors Fastify raises before any route runs (a URL it cannot decode, a path parameter past maxParamLength).
 * Its own answers carry no detail and echo the whole URL (query string included) back: answer like every
 * other refusal instead.
 */
export function handleFrameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.code(400).send({ detail: 'The address of this request is not valid.', code: 'bad_url' });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.code(414).send({ detail: 'The address of this request is too long.', code: 'uri_too_long' });
    default:
      reply.log.error({ err: error }, 'framework error');
      return reply.code(500).send({ code: 'internal_error' });
  }
}
