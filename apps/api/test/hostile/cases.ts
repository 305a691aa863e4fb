import { signMedia } from '../../src/providers/media/media-signature.ts';
import type { BodySpec, EndpointSpec, FieldSpec } from './endpoints.ts';
import { type HostileFixture, hmacHex } from './fixture.ts';
import {
  HOSTILE_COOKIES,
  HOSTILE_INTEGER_TEXTS,
  HOSTILE_MEDIA_KEYS,
  HOSTILE_PATH_IDS,
  HOSTILE_TOKEN_TEXTS,
  hostileFieldValues,
  hostileQueryTexts,
  INFINITE_NUMBER_TEXTS,
  JSON_TYPE_SPELLINGS,
  MALFORMED_JSON_TEXTS,
  SQL_INJECTIONS,
  WRONG_CONTENT_TYPES,
  WRONG_TYPE_BODIES,
} from './values.ts';

/**
 * `refuse`: a 4xx with a readable detail (by the endpoint's kind of answer), sent anonymously and signed in.
 * `harmless`: a signed, authentic webhook whose content is hostile, or a search for hostile text: any non-5xx
 * answer that leaks nothing, nothing written (sent signed in too on an endpoint whose valid request is).
 * `anonymous`: a hostile session cookie; the answer must equal the anonymous answer to the same request.
 * `ignored`: input the endpoint does not read (a query on a route without one, a body on a GET): the answer
 * equals the valid request's.
 */
export type Expectation = 'refuse' | 'harmless' | 'anonymous' | 'ignored';

export interface HostileCase {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  expect: Expectation;
}

export const JSON_TYPE = 'application/json';

/** The endpoint's path with these (encoded) values for its :params and `*`. */
export function pathOf(spec: EndpointSpec, params: Record<string, string> = {}): string {
  const values = { ...spec.params, ...params };
  return spec.route.replace(/:([a-zA-Z]+)|\*$/g, (token, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`${spec.route}: no value for ${token}`);
    return value;
  });
}

export function queryOf(values: Record<string, string> | undefined): string {
  if (!values || Object.keys(values).length === 0) return '';
  return `?${Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
}

export function validUrl(spec: EndpointSpec): string {
  return `${pathOf(spec)}${queryOf(spec.query?.valid)}`;
}

/** The valid body as it travels (JSON text, a form, or the webhook's exact bytes) and its headers. */
export function validPayload(body: BodySpec): { payload?: string | Buffer; headers: Record<string, string> } {
  switch (body.type) {
    case 'none':
    case 'empty':
      return { headers: {} };
    case 'json-object':
      return { payload: JSON.stringify(body.valid), headers: { 'content-type': JSON_TYPE } };
    case 'json-array':
      return { payload: JSON.stringify([body.valid]), headers: { 'content-type': JSON_TYPE } };
    case 'webhook':
      return {
        payload: body.valid,
        headers: { 'content-type': JSON_TYPE, 'x-razorpay-signature': hmacHex(body.secret, body.valid) },
      };
    case 'form':
      return {
        payload: new URLSearchParams(body.valid).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 'raw':
      return { payload: body.valid, headers: { 'content-type': body.contentType } };
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function pathCases(spec: EndpointSpec, f: HostileFixture): HostileCase[] {
  const names = [...spec.route.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1] as string);
  if (spec.route.endsWith('*')) names.push('*');
  const cases: HostileCase[] = [];
  const base = validPayload(spec.body);
  const headers = { ...spec.headers, ...base.headers };
  for (const name of names) {
    const values = name === '*' ? HOSTILE_MEDIA_KEYS : HOSTILE_PATH_IDS;
    for (const [label, encoded] of values) {
      const path = pathOf(spec, { [name]: encoded });
      let query = queryOf(spec.query?.valid);
      if (spec.route === '/api/v1/media/*') {
        // Genuinely signed for the decoded key: the key check itself must refuse it, not the signature.
        query = queryOf({ exp: f.media.exp, sig: signMedia(f.mediaSecret, safeDecode(encoded), Number(f.media.exp)) });
      }
      const request = { method: spec.method, url: `${path}${query}`, headers, payload: base.payload };
      cases.push({ label: `path ${name}: ${label}`, ...request, expect: 'refuse' });
      if (spec.method === 'GET') {
        cases.push({ label: `path ${name}: ${label} (HEAD)`, ...request, method: 'HEAD', expect: 'refuse' });
      }
    }
  }
  return cases;
}

function queryCases(spec: EndpointSpec): HostileCase[] {
  const path = pathOf(spec);
  // A write with a query (the one-click unsubscribe) sends its valid body beside each hostile query.
  const base = spec.method === 'GET' ? { headers: {}, payload: undefined } : validPayload(spec.body);
  const headers = { ...spec.headers, ...base.headers };
  const payload = base.payload === undefined ? {} : { payload: base.payload };
  if (!spec.query) {
    // Only reads: a write sent again with a junk query would legitimately act a second time.
    if (spec.method !== 'GET') return [];
    const junk = `?page=-1&id=${encodeURIComponent(SQL_INJECTIONS[0])}&__proto__[admin]=1&constructor[prototype][x]=1`;
    return [
      { label: 'unknown query parameters', method: spec.method, url: `${path}${junk}`, headers, expect: 'ignored' },
    ];
  }
  const { valid, fields } = spec.query;
  const cases: HostileCase[] = [];
  for (const field of fields) {
    const values: ReadonlyArray<readonly [string, string, Expectation]> =
      field.kind === 'text'
        ? hostileQueryTexts(field.max)
        : (field.kind === 'int'
            ? HOSTILE_INTEGER_TEXTS
            : field.kind === 'price'
              ? HOSTILE_INTEGER_TEXTS.filter(([label]) => label !== 'zero' && label !== 'fraction')
              : HOSTILE_TOKEN_TEXTS
          ).map(([label, text]) => [label, text, 'refuse'] as const);
    for (const [label, text, expect] of values) {
      cases.push({
        label: `query ${field.name}: ${label}`,
        method: spec.method,
        url: `${path}${queryOf({ ...valid, [field.name]: text })}`,
        headers,
        ...payload,
        expect,
      });
    }
    cases.push({
      label: `query ${field.name}: repeated`,
      method: spec.method,
      url: `${path}${queryOf(valid)}&${field.name}=${valid[field.name] ?? '1'}2`,
      headers,
      ...payload,
      expect: 'refuse',
    });
  }
  // A write that succeeds once would be stale the second time: its unknown-parameters case cannot be repeated.
  if (spec.writesOnce) return cases;
  cases.push({
    label: 'query: unknown parameters beside valid ones',
    method: spec.method,
    url: `${path}${queryOf(valid)}&evil=${encodeURIComponent(SQL_INJECTIONS[1])}&__proto__[admin]=1`,
    headers,
    ...payload,
    expect: 'ignored',
  });
  return cases;
}

/** Raw JSON text of an object with one field replaced by raw JSON text (for 1e309, which JSON.stringify cannot write). */
function withRawField(valid: Record<string, unknown>, name: string, raw: string): string {
  const marker = '"__raw_marker__"';
  return JSON.stringify({ ...valid, [name]: '__raw_marker__' }).replace(marker, raw);
}

function fieldCases(valid: Record<string, unknown>, fields: FieldSpec[], wrap: (item: string) => string) {
  const out: Array<[string, string]> = [];
  for (const field of fields) {
    const list = valid[field.name] as unknown[] | undefined;
    const options = {
      blankValid: field.blankValid ?? false,
      nullable: field.nullable ?? false,
      item: list?.[0],
      minItems: field.minItems ?? 0,
    };
    for (const [label, value] of hostileFieldValues(field.kind, field.max, options)) {
      out.push([`${field.name}: ${label}`, wrap(JSON.stringify({ ...valid, [field.name]: value }))]);
    }
    if (field.kind === 'object-list' && field.items && list) {
      // The first item's fields, one at a time, the other items as they are.
      const [first, ...rest] = list as Array<Record<string, unknown>>;
      const others = rest.map((item) => JSON.stringify(item));
      const inList = (itemText: string) =>
        wrap(withRawField(valid, field.name, `[${[itemText, ...others].join(',')}]`));
      for (const [label, text] of fieldCases(first ?? {}, field.items.fields, inList)) {
        out.push([`${field.name}[0].${label}`, text]);
      }
      if (field.items.strict) {
        out.push([`${field.name}[0]: unknown field isAdmin`, inList(JSON.stringify({ ...first, isAdmin: true }))]);
      }
    }
    if (field.kind === 'int' || field.kind === 'number') {
      for (const raw of INFINITE_NUMBER_TEXTS)
        out.push([`${field.name}: ${raw}`, wrap(withRawField(valid, field.name, raw))]);
    }
    if (field.required) {
      const { [field.name]: _dropped, ...rest } = valid;
      out.push([`${field.name}: missing`, wrap(JSON.stringify(rest))]);
    }
  }
  return out;
}

function bodyCases(spec: EndpointSpec, f: HostileFixture): HostileCase[] {
  const url = validUrl(spec);
  const { body } = spec;
  if (body.type === 'none') {
    return [
      {
        label: 'a malformed JSON body on a GET',
        method: spec.method,
        url,
        headers: { ...spec.headers, 'content-type': JSON_TYPE },
        payload: '{"__proto__":{"admin":true}',
        expect: 'ignored',
      },
    ];
  }
  const limit = spec.bodyLimit ?? 64 * 1024;
  const json = (
    label: string,
    payload: string | Buffer,
    contentType = JSON_TYPE,
    extra: Record<string, string> = {},
  ) => ({
    label,
    method: spec.method,
    url,
    headers: { ...spec.headers, 'content-type': contentType, ...extra },
    payload,
    expect: 'refuse' as Expectation,
  });
  const cases: HostileCase[] = [];
  const oversized = JSON.stringify({ padding: 'g'.repeat(limit + 1024) });

  if (body.type === 'webhook') {
    const sign = (payload: string) => ({ 'x-razorpay-signature': hmacHex(body.secret, payload) });
    for (const [label, text] of [...MALFORMED_JSON_TEXTS, ...WRONG_TYPE_BODIES]) {
      cases.push(json(`unsigned body: ${label}`, text));
      cases.push(json(`signed body: ${label}`, text, JSON_TYPE, sign(text)));
    }
    for (const [label, type, text] of WRONG_CONTENT_TYPES) cases.push(json(`unsigned ${label}`, text, type));
    cases.push(json('the valid event without a signature', body.valid));
    for (const [label, signature] of [
      ['SQL injection', SQL_INJECTIONS[0]],
      ['10,000 characters', 'a'.repeat(10_000)],
      ['not hex', 'zz'.repeat(32)],
      ['empty', ''],
      ['the signature of other bytes', hmacHex(body.secret, `${body.valid} `)],
    ] as const) {
      cases.push(json(`signature header: ${label}`, body.valid, JSON_TYPE, { 'x-razorpay-signature': signature }));
    }
    cases.push(json(`over ${limit / 1024} KB, signed`, oversized, JSON_TYPE, sign(oversized)));
    const wrongTypes = [
      { event: 42, payload: {} },
      { event: 'payment.captured', payload: 'x' },
      {
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_X', amount: '99900', currency: 'INR' } } },
      },
      { event: 'refund.processed', payload: { refund: { entity: { id: 1, payment_id: null, amount: 1.5 } } } },
    ];
    for (const event of wrongTypes) {
      const text = JSON.stringify(event);
      cases.push(json(`signed event with wrong types ${text.slice(0, 60)}`, text, JSON_TYPE, sign(text)));
    }
    // Authentic but hostile content (a leaked webhook secret): ids that are injections settle nothing.
    for (const injected of [...SQL_INJECTIONS, '../../etc/passwd']) {
      for (const event of ['payment.captured', 'payment.failed', 'refund.processed']) {
        const text = JSON.stringify({
          event,
          payload: {
            payment: {
              entity: { id: injected, order_id: injected, amount: 99_900, currency: 'INR', amount_refunded: 99_900 },
            },
            refund: { entity: { id: injected, payment_id: injected, amount: 99_900 } },
          },
        });
        cases.push({
          ...json(`signed ${event} with ids ${JSON.stringify(injected)}`, text, JSON_TYPE, sign(text)),
          expect: 'harmless',
        });
      }
    }
    return cases;
  }

  for (const [label, text] of MALFORMED_JSON_TEXTS) cases.push(json(`malformed JSON: ${label}`, text));
  for (const [label, type, text] of WRONG_CONTENT_TYPES) cases.push(json(`content type: ${label}`, text, type));
  cases.push(json(`over the ${limit / 1024} KB body limit`, oversized));
  if (body.type === 'empty') return cases;
  if (body.type === 'raw') {
    // A file of the right type: one past the limit, and files that are not what their type says.
    cases.push(
      json(`a file over the ${body.limit / 1024} KB limit`, Buffer.alloc(body.limit + 1, 'x'), body.contentType),
    );
    for (const [label, bytes] of body.invalid) cases.push(json(`file: ${label}`, bytes, body.contentType));
    return cases;
  }

  const requiresSomething = body.type !== 'json-object' || body.fields.some((field) => field.required);
  for (const [label, text] of WRONG_TYPE_BODIES) {
    if (label === 'an empty object' && !requiresSomething) continue;
    cases.push(json(`whole body: ${label}`, text));
  }
  cases.push(json('deeply nested arrays (10,000 levels)', `${'['.repeat(10_000)}${']'.repeat(10_000)}`));
  const invalid = body.type === 'json-array' ? '[{"sessionId":{"$ne":null}}]' : '{"$where":"1 == 1","0":[]}';
  for (const spelling of JSON_TYPE_SPELLINGS) {
    cases.push(json(`an invalid body as ${JSON.stringify(spelling)}`, invalid, spelling));
  }

  if (body.type === 'json-object') {
    for (const [label, text] of fieldCases(body.valid, body.fields, (item) => item))
      cases.push(json(`field ${label}`, text));
    if (body.strict) {
      cases.push(json('unknown field isAdmin', JSON.stringify({ ...body.valid, isAdmin: true })));
      cases.push(json('unknown field userId', JSON.stringify({ ...body.valid, userId: f.userId })));
    }
  }
  if (body.type === 'json-array') {
    for (const [label, text] of fieldCases(body.valid, body.fields, (item) => `[${item}]`)) {
      cases.push(json(`event ${label}`, text));
    }
    const good = JSON.stringify(body.valid);
    cases.push(json(`${body.maxItems + 1} events`, JSON.stringify(Array(body.maxItems + 1).fill(body.valid))));
    cases.push(json('a number among the events', `[${good}, 1]`));
    cases.push(
      json('one bad event among good ones (all or nothing)', `[${good}, ${good.replace('"play"', '"explode"')}]`),
    );
    cases.push(
      json("someone else's video session", JSON.stringify([{ ...body.valid, sessionId: crypto.randomUUID() }])),
    );
    cases.push(json('a beacon (text/plain) that is not JSON', '{"sessionId":', 'text/plain'));
  }
  if (body.type === 'form') {
    const form = (values: Record<string, unknown>) =>
      new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)])).toString();
    for (const field of body.fields) {
      for (const [label, value] of hostileFieldValues(field.kind, field.max, {
        blankValid: field.blankValid ?? false,
        nullable: field.nullable ?? false,
      })) {
        if (typeof value !== 'string') continue; // a form carries only text
        cases.push(
          json(
            `form ${field.name}: ${label}`,
            form({ ...body.valid, [field.name]: value }),
            'application/x-www-form-urlencoded',
          ),
        );
      }
      const { [field.name]: _dropped, ...rest } = body.valid;
      cases.push(json(`form ${field.name}: missing`, form(rest), 'application/x-www-form-urlencoded'));
    }
    for (const [label, text] of fieldCases(body.valid, body.fields, (item) => item)) {
      if (label.endsWith('missing')) continue;
      cases.push(json(`JSON ${label}`, text));
    }
  }
  return cases;
}

function cookieCases(spec: EndpointSpec): HostileCase[] {
  if (spec.publicWrite) return [];
  const { payload, headers } = validPayload(spec.body);
  return HOSTILE_COOKIES.map(([label, cookie]) => ({
    label: `cookie: ${label}`,
    method: spec.method,
    url: validUrl(spec),
    headers: { ...spec.headers, ...headers, cookie },
    ...(payload === undefined ? {} : { payload }),
    expect: 'anonymous' as Expectation,
  }));
}

/** The valid request with hostile headers (the tus protocol's), one set at a time: each refused. */
function headerCases(spec: EndpointSpec): HostileCase[] {
  const { payload, headers } = validPayload(spec.body);
  return (spec.hostileHeaders ?? []).map(([label, hostile]) => ({
    label: `header ${label}`,
    method: spec.method,
    url: validUrl(spec),
    headers: { ...spec.headers, ...headers, ...hostile },
    ...(payload === undefined ? {} : { payload }),
    expect: 'refuse' as Expectation,
  }));
}

/** Every hostile request for one endpoint. */
export function hostileCases(spec: EndpointSpec, f: HostileFixture): HostileCase[] {
  return [
    ...pathCases(spec, f),
    ...queryCases(spec),
    ...bodyCases(spec, f),
    ...headerCases(spec),
    ...cookieCases(spec),
  ];
}

/** A request with a method the path does not have (and a hostile body): 404 with detail, nothing run. */
export function wrongMethodCase(path: string, method: string): HostileCase {
  return {
    label: `method ${method} on ${path}`,
    method,
    url: path,
    headers: { 'content-type': JSON_TYPE },
    payload: '{"__proto__":{"isAdmin":true}}',
    expect: 'refuse',
  };
}
