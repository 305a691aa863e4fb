import {
  apiErrorSchema,
  documentedStatuses,
  type EndpointName,
  type EndpointOf,
  type EndpointSchemas,
  endpointSchemas,
  type RawResponse,
} from '@kaushal/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema<N extends EndpointName> = EndpointSchemas[N];
type Field<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType } ? T : undefined;
type JsonResponses<R> = { [S in keyof R as R[S] extends z.ZodType ? S : never]: R[S] };

/** The Fastify schema of an endpoint, as the type provider sees it: request and reply are typed from it. */
export interface RouteSchema<N extends EndpointName> {
  params: Field<Schema<N>, 'params'>;
  querystring: Field<Schema<N>, 'query'>;
  body: Field<Schema<N>, 'body'>;
  response: JsonResponses<Schema<N>['responses']>;
  tags: readonly string[];
}

/** A route of endpoint N as Fastify types it: request and reply typed from its schema by the zod provider. */
type EndpointRoute<N extends EndpointName> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<N>,
  ZodTypeProvider
>;
export type EndpointHandler<N extends EndpointName> = EndpointRoute<N>['handler'];
export type EndpointOptions<N extends EndpointName> = Omit<EndpointRoute<N>, 'schema' | 'handler'>;

/** An answer without a JSON body, as OpenAPI should show it: its description, and its media type if any. */
function rawResponse(response: RawResponse) {
  const described = z.null().describe(response.description);
  if (!response.contentType) return described;
  return { description: response.description, content: { [response.contentType]: { schema: z.string() } } };
}

/**
 * Registers the handler of one entry of the endpoint table: method, path, params, query, body and every status
 * come from the contract, so a route cannot drift from what the web client calls or the OpenAPI document says.
 * JSON answers are validated and stripped of unknown fields by their schema; errors by the error schema.
 */
export function route<N extends EndpointName>(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >,
  endpoint: EndpointOf<N>,
  options: EndpointOptions<N>,
  handler: EndpointHandler<N>,
): void {
  const schema = endpointSchemas[endpoint.name] as Schema<N> & {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    summary?: string;
    hide?: boolean;
  };
  const rateLimited = Boolean((options.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const response: Record<number, unknown> = {};
  // JSON only: every answer is JSON (errors are) or has no body, so it takes the lean security headers.
  let jsonAnswers = true;
  for (const status of documentedStatuses(endpoint, schema, { rateLimited })) {
    const declared = (schema.responses as Record<number, z.ZodType | RawResponse | undefined>)[status];
    if (declared === undefined) response[status] = apiErrorSchema;
    else if (declared instanceof z.ZodType) response[status] = declared;
    else {
      response[status] = rawResponse(declared);
      if (declared.contentType) jsonAnswers = false;
    }
  }
  app.route({
    ...(options as object),
    config: { ...(options.config as object | undefined), jsonAnswers },
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...schema.tags],
      ...(schema.summary ? { summary: schema.summary } : {}),
      ...(schema.hide ? { hide: true } : {}),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.query ? { querystring: schema.query } : {}),
      ...(schema.body ? { body: schema.body } : {}),
      response,
    },
    handler: handler as RouteHandlerMethod,
  });
}
