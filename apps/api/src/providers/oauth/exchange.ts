import type { OAuth2Client } from 'arctic';
import type { z } from 'zod';
import { OAuthFlowError } from './types.ts';

/** Outbound calls to a provider give up after this long, so a hung provider cannot hold a request. */
export const PROVIDER_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} timed out after ${PROVIDER_TIMEOUT_MS} ms`)),
      PROVIDER_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The code-for-token exchange through arctic's generic client (client secret by HTTP Basic, PKCE verifier).
 * GitHub reports a refused code with status 200 and an `error` field, so the body is checked, not only the status.
 */
export async function exchangeCode(
  client: OAuth2Client,
  tokenUrl: string,
  code: string,
  codeVerifier: string,
): Promise<string> {
  let data: object;
  try {
    data = (await withTimeout(client.validateAuthorizationCode(tokenUrl, code, codeVerifier), 'token request')).data;
  } catch (error) {
    throw new OAuthFlowError('token_exchange', 'the token endpoint refused the code', { cause: error });
  }
  const { error, access_token: accessToken } = data as { error?: unknown; access_token?: unknown };
  if (typeof error === 'string') {
    throw new OAuthFlowError('token_exchange', `the token endpoint answered error "${error}"`);
  }
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new OAuthFlowError('token_exchange', 'the token endpoint answered without an access_token');
  }
  return accessToken;
}

/** GET a provider API with the access token; the answer must match `schema`. */
export async function fetchProviderJson<T>(
  url: string,
  accessToken: string,
  schema: z.ZodType<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Accept: 'application/json',
        'User-Agent': 'kaushal-ai',
        ...headers,
        Authorization: `Bearer ${accessToken}`,
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthFlowError('profile', `GET ${new URL(url).pathname} failed`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new OAuthFlowError('profile', `GET ${new URL(url).pathname} answered ${response.status}`);
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new OAuthFlowError('profile', `GET ${new URL(url).pathname} answered an unexpected body`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
