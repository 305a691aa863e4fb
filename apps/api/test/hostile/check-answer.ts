import type { LightMyRequestResponse } from 'fastify';
import type { Expectation } from './cases.ts';
import type { Answers } from './endpoints.ts';
import { INTERNALS_PATTERNS, SQL_PATTERNS } from './values.ts';

/** Contents of files no static route may ever serve. */
const FILE_LEAKS = [/"workspaces"/, /root:x:0:0/, /\[extensions\]/, /"productName"/];
const RAW_SCRIPT = /<script>alert\(1\)<\/script>|<img src=x onerror/;

function jsonRefusal(res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400 || res.statusCode > 499) return `status ${res.statusCode}, expected a 4xx`;
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    return `content-type ${res.headers['content-type']}, expected JSON`;
  }
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'the body is not JSON';
  }
  const { detail, code } = (body ?? {}) as { detail?: unknown; code?: unknown };
  if (typeof detail !== 'string' || detail.trim() === '') return `no readable detail in ${res.body.slice(0, 200)}`;
  if (typeof code !== 'string') return `no code in ${res.body.slice(0, 200)}`;
  return null;
}

function setsSession(res: LightMyRequestResponse): boolean {
  return res.cookies.some((c) => c.name === 'kaushal_session' && c.value !== '');
}

/**
 * What is wrong with this answer to a hostile request (null when it is right): never a 5xx, never a stack
 * trace or SQL; a refusal is a 4xx with a readable detail in the way the endpoint answers, and never a 429
 * (which would mean the input was never looked at).
 */
export function problemWith(
  res: LightMyRequestResponse,
  options: { method: string; expect: Expectation; answers: Answers; anonymousStatus?: number; webOrigin: string },
): string | null {
  if (res.statusCode >= 500) return `server error ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const echoesInput = options.answers === 'form-page' && String(res.headers['content-type']).startsWith('text/html');
  const patterns = echoesInput ? INTERNALS_PATTERNS : [...INTERNALS_PATTERNS, ...SQL_PATTERNS];
  const leak = res.statusCode >= 400 ? patterns.find((pattern) => pattern.test(res.body)) : undefined;
  if (leak) return `the answer leaks internals (${leak}): ${res.body.slice(0, 300)}`;
  if (options.expect === 'harmless') return null;
  if (options.expect === 'anonymous') {
    return res.statusCode === options.anonymousStatus
      ? null
      : `status ${res.statusCode}, but the same request signed out gets ${options.anonymousStatus}`;
  }
  if (options.expect === 'ignored') return null;
  if (res.statusCode === 429) return 'rate limited: the input was never checked';
  if (options.method === 'HEAD') {
    return res.statusCode >= 400 && res.statusCode < 500 ? null : `HEAD answered ${res.statusCode}, expected a 4xx`;
  }
  switch (options.answers) {
    case 'json':
      return jsonRefusal(res);
    case 'redirect': {
      if (setsSession(res)) return 'a session cookie was set';
      const location = String(res.headers.location ?? '');
      if (res.statusCode === 302 || res.statusCode === 303) {
        return location.startsWith(`${options.webOrigin}/login?`) && location.includes('error=')
          ? null
          : `redirected to ${location}, expected /login with an error`;
      }
      return jsonRefusal(res);
    }
    case 'static': {
      if (res.statusCode < 400 || res.statusCode > 499) return `status ${res.statusCode}, expected a 4xx`;
      const leaked = FILE_LEAKS.find((pattern) => pattern.test(res.body));
      return leaked ? `served a file it must not (${leaked})` : null;
    }
    case 'form-page': {
      if (setsSession(res)) return 'a session cookie was set';
      if (String(res.headers['content-type']).startsWith('application/json')) return jsonRefusal(res);
      if (res.statusCode < 400 || res.statusCode > 499) return `status ${res.statusCode}, expected a 4xx`;
      return RAW_SCRIPT.test(res.body) ? 'the page shows the injected markup unescaped' : null;
    }
  }
}
