import { gstinCheckCharacter } from '@kaushal/contract';

/**
 * Catalogues of hostile values, each with a label saying what it tries. Path pieces are given already
 * percent-encoded (as they travel in a URL); body values are JSON values or raw JSON text.
 */

export const SQL_INJECTIONS = [
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "x' UNION SELECT id, email FROM users --",
  "'); DELETE FROM enrollments; --",
] as const;

export const SCRIPT_INJECTIONS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)'];

/** Ids in a path segment: traversal, NUL, overlong, injection, broken encodings. */
export const HOSTILE_PATH_IDS: ReadonlyArray<readonly [label: string, encoded: string]> = [
  ['path traversal (encoded slash)', '..%2F..%2F..%2Fpackage.json'],
  ['path traversal (encoded dots)', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  ['path traversal (backslash)', '..%5C..%5Cwindows%5Cwin.ini'],
  ['encoded NUL', 'abc%00'],
  ['NUL before an extension', 'llm-evaluation-01%00.mp4'],
  ['150 characters (inside the router, past the schema)', 'a'.repeat(150)],
  ['5,000 characters (past the router)', 'b'.repeat(5000)],
  ...SQL_INJECTIONS.map((s) => [`SQL injection ${JSON.stringify(s)}`, encodeURIComponent(s)] as const),
  ...SCRIPT_INJECTIONS.map((s) => [`script injection ${JSON.stringify(s)}`, encodeURIComponent(s)] as const),
  ['broken percent-encoding', '%E0%A4%A'],
  ['invalid escape', '%zz'],
  ['CRLF header injection', 'x%0d%0aSet-Cookie:%20kaushal_session=stolen'],
  ['a lone space', '%20'],
  ['unicode look-alike dash', encodeURIComponent('llm‐evaluation')],
  ['right-to-left override', encodeURIComponent('abc\u202Etxt.exe')],
  ['JSON operator object', encodeURIComponent('{"$ne":null}')],
  ['negative number', '-1'],
  ['huge number', '1e309'],
  ['NaN', 'NaN'],
];

/**
 * Media keys (the `*` of /media/*): traversal in every spelling, hidden files, absolute paths, NUL. Each is
 * also sent with a genuine signature for its decoded key, so the key check itself is what refuses it.
 */
export const HOSTILE_MEDIA_KEYS: ReadonlyArray<readonly [label: string, encoded: string]> = [
  ['traversal to package.json', '..%2F..%2F..%2Fpackage.json'],
  ['traversal after a real key', 'lesson-intro.mp4%2F..%2F..%2F..%2Fpackage.json'],
  ['encoded dots', '%2e%2e%2f%2e%2e%2fsite.json'],
  ['double-encoded traversal', '%252e%252e%252fsite.json'],
  ['backslash traversal', '..%5C..%5Csite.json'],
  ['hidden file', '.env'],
  ['secrets folder', '..%2F..%2Fdata%2Fsecrets%2Fsession-secret'],
  ['absolute path', '%2Fetc%2Fpasswd'],
  ['empty segment', 'a%2F%2Fb.mp4'],
  ['NUL before an extension', 'demo.mp4%00.txt'],
  ['5,000 characters', `${'c'.repeat(5000)}.mp4`],
  ['broken percent-encoding', '%E0%A4%A.mp4'],
];

/** Values for an integer query parameter such as ?page=. */
export const HOSTILE_INTEGER_TEXTS: ReadonlyArray<readonly [string, string]> = [
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['1e309 (overflows to Infinity)', '1e309'],
  ['20 digits', '99999999999999999999'],
  ['empty', ''],
  ['letters', 'abc'],
  ['SQL injection', encodeURIComponent("1' OR '1'='1")],
  ['array syntax', '[1]'],
  ['1,000 characters', '9'.repeat(1000)],
];

/** Values for a token-like query parameter (state, signature). */
export const HOSTILE_TOKEN_TEXTS: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['SQL injection', encodeURIComponent("' OR '1'='1' --")],
  ['script injection', encodeURIComponent('<script>alert(1)</script>')],
  ['encoded NUL', 'abc%00def0123456789'],
  ['5,000 characters', 'd'.repeat(5000)],
  ['CRLF', 'x%0d%0aSet-Cookie:%20a=b'],
];

/**
 * Values for a free-text query parameter (a search box, a filter by address or id), each with what must come
 * of it: any text within the limit is a legitimate search, answered without a 5xx, a leak or a write
 * (`harmless`, sent signed in too); past the limit, or carrying a NUL the database cannot hold, it is refused.
 */
export function hostileQueryTexts(max: number): ReadonlyArray<readonly [string, string, 'refuse' | 'harmless']> {
  return [
    ['empty', '', 'harmless'],
    ['SQL injection', encodeURIComponent("' OR '1'='1' --"), 'harmless'],
    ['UNION injection', encodeURIComponent("x' UNION SELECT id, email FROM users --"), 'harmless'],
    ['script injection', encodeURIComponent('<script>alert(1)</script>'), 'harmless'],
    ['LIKE wildcards', encodeURIComponent('%_\\%'), 'harmless'],
    // Full-text search syntax (a catalogue search goes through websearch_to_tsquery): text, never operators.
    ['tsquery operators', encodeURIComponent('rag & !(vector | db) <-> x:* \\'), 'harmless'],
    ['a lone quote', encodeURIComponent("'"), 'harmless'],
    ['CRLF', 'x%0d%0aSet-Cookie:%20a=b', 'harmless'],
    ['right-to-left override', encodeURIComponent('abc\u202Etxt'), 'harmless'],
    ['encoded NUL', 'abc%00def', 'refuse'],
    [`${max + 1} characters`, 'h'.repeat(max + 1), 'refuse'],
    ['5,000 characters', 'd'.repeat(5000), 'refuse'],
  ];
}

/** Bodies that are not JSON at all, or JSON that Fastify's parser refuses (prototype poisoning). */
export const MALFORMED_JSON_TEXTS: ReadonlyArray<readonly [string, string]> = [
  ['unterminated object', '{"a":'],
  ['single quotes', "{'a': 1}"],
  ['trailing garbage', '{"a":1}}'],
  ['bare word', 'nul'],
  ['NaN literal', '{"a": NaN}'],
  ['NUL byte', '\u0000'],
  ['only whitespace and a comma', ' , '],
  ['__proto__ poisoning', '{"__proto__":{"isAdmin":true}}'],
  ['constructor.prototype poisoning', '{"constructor":{"prototype":{"isAdmin":true}}}'],
];

/** Whole bodies of the wrong JSON type. */
export const WRONG_TYPE_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['null', 'null'],
  ['a number', '42'],
  ['a string', '"hello"'],
  ['true', 'true'],
  ['an empty object', '{}'],
  ['an empty array', '[]'],
];

/** Content types the JSON endpoints must refuse (or, for text/plain beacons, parse and refuse as bad JSON). */
export const WRONG_CONTENT_TYPES: ReadonlyArray<readonly [string, string, string]> = [
  ['XML', 'application/xml', '<a>1</a>'],
  [
    'multipart form',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ],
  ['url-encoded form', 'application/x-www-form-urlencoded', 'a=1&b=%27%20OR%201%3D1'],
  ['plain text that is not JSON', 'text/plain', 'not json at all'],
  ['a made-up type', 'application/x-evil', '{}'],
];

/**
 * Odd spellings of the JSON content type, the vectors of Fastify's schema-bypass advisories
 * (GHSA-mg2h-6x62-wpwc, GHSA-jx2c-rxcm-jvmq, GHSA-573f-x89g-hqp9): sent with an invalid body, which must
 * still be validated and refused.
 */
export const JSON_TYPE_SPELLINGS = [
  'application/json;',
  'Application/JSON',
  'application/json\t',
  'application/json\t; charset=utf-8',
  'application/json ; charset=utf-8',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json, text/plain',
] as const;

/** JSON values for a field, by what the field is. Each must be refused. */
export type FieldKind =
  | 'slug'
  | 'razorpay-id'
  | 'hex'
  | 'uuid'
  | 'enum'
  | 'email'
  | 'text'
  | 'int'
  | 'number'
  | 'bool'
  /** A link to an allowed host (a YouTube embed link): other hosts, schemes and tricks are refused. */
  | 'url'
  /** An optional GSTIN of a buyer billed in Karnataka (state 29): none is null or blank; a wrong one is refused. */
  | 'gstin'
  /** A JSON array of ids, enum values or objects (instructors, roles, an outline); `max` is its most items. */
  | 'uuid-list'
  | 'enum-list'
  | 'slug-list'
  | 'object-list';

const TYPE_SWAPS: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['an object', { $ne: null }],
  ['an array', ['x']],
];
const NOT_A_STRING: ReadonlyArray<readonly [string, unknown]> = [...TYPE_SWAPS, ['a number', 42], ['true', true]];
const NOT_A_NUMBER: ReadonlyArray<readonly [string, unknown]> = [
  ...TYPE_SWAPS,
  ['a numeric string', '10'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['true', true],
  ['negative', -1],
  ['1e308', 1e308],
  ['2^53 + 2', 2 ** 53 + 2],
];
const INJECTED_STRINGS: ReadonlyArray<readonly [string, unknown]> = [
  ...SQL_INJECTIONS.map((s) => [`SQL ${JSON.stringify(s)}`, s] as const),
  ...SCRIPT_INJECTIONS.map((s) => [`script ${JSON.stringify(s)}`, s] as const),
  ['traversal', '../../../etc/passwd'],
  ['NUL inside', 'abc\u0000def'],
  ['empty', ''],
  ['10,000 characters', 'e'.repeat(10_000)],
];

/** Not an array at all, or an array whose items are of the wrong type or hostile strings. */
const BAD_LISTS: ReadonlyArray<readonly [string, unknown]> = [
  ...NOT_A_STRING.filter(([label]) => label !== 'an array'),
  ['a string', 'admin'],
  ['[null]', [null]],
  ['[an object]', [{ $ne: null }]],
  ['[a number]', [42]],
  ['a nested array', [['x']]],
  ['an unknown value', ['superuser']],
  ...INJECTED_STRINGS.map(([label, value]) => [`[${label}]`, [value]] as const),
];

/** Links that only look like an allowed one (the valid link is https://www.youtube.com/embed/<id>). */
const HOSTILE_URLS: ReadonlyArray<readonly [string, unknown]> = [
  ['plain http', 'http://www.youtube.com/embed/dQw4w9WgXcQ'],
  ['another host', 'https://evil.example.com/embed/dQw4w9WgXcQ'],
  ['a look-alike host', 'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ'],
  ['userinfo before another host', 'https://www.youtube.com@evil.example.com/embed/dQw4w9WgXcQ'],
  ['protocol-relative', '//evil.example.com/embed/dQw4w9WgXcQ'],
  ['a data URL', 'data:text/html,<script>alert(1)</script>'],
  ['a second line after a valid link', 'https://www.youtube.com/embed/dQw4w9WgXcQ\nhttps://evil.example.com/'],
];

/**
 * Hostile JSON values for a field of this kind. `blankValid`: a text that may be cleared (an optional
 * description), where blank is a value, not an attack. `nullable`: null is a value (no link). `item`: a valid
 * item of a list, repeated past `max`; `minItems`: the fewest a list may have, so an empty one is tried.
 */
export function hostileFieldValues(
  kind: FieldKind,
  max?: number,
  options: { blankValid?: boolean; nullable?: boolean; item?: unknown; minItems?: number } = {},
): ReadonlyArray<readonly [string, unknown]> {
  const tooMany = [`${(max ?? 100) + 1} items`, Array((max ?? 100) + 1).fill(options.item)] as const;
  const empty = (options.minItems ?? 0) > 0 ? [['no items', []] as const] : [];
  switch (kind) {
    case 'url':
      return [
        ...NOT_A_STRING.filter(([label]) => !(options.nullable && label === 'null')),
        ...INJECTED_STRINGS,
        ...HOSTILE_URLS,
      ];
    case 'gstin':
      return [
        ...NOT_A_STRING.filter(([label]) => label !== 'null'),
        ...INJECTED_STRINGS.filter(([label]) => label !== 'empty'),
        ['a wrong check character', withWrongCheckCharacter(gstinOf('29AAPFU0939F1Z'))],
        ["another state's GSTIN", gstinOf('27AAPFU0939F1Z')],
        ['a PAN, not a GSTIN', 'AAPFU0939F'],
      ];
    case 'uuid-list':
      return [...BAD_LISTS, ...empty, ['the id of nobody', ['00000000-0000-4000-8000-000000000000']], tooMany];
    case 'enum-list':
    case 'slug-list':
    case 'object-list':
      return [...BAD_LISTS, ...empty, tooMany];
    case 'uuid':
      // A nullable id (a ticket's assignee: null unassigns) takes null as a valid value.
      return [...NOT_A_STRING.filter(([label]) => !(options.nullable && label === 'null')), ...INJECTED_STRINGS];
    case 'slug':
    case 'razorpay-id':
    case 'hex':
    case 'enum':
    case 'email':
      return [...NOT_A_STRING, ...INJECTED_STRINGS];
    case 'text':
      // Free text may legitimately contain quotes and angle brackets (stored verbatim, see
      // stored-verbatim.test.ts); here only the wrong types, the over-long or blank values, and a NUL byte,
      // which no database text can hold.
      return [
        ...NOT_A_STRING.filter(([label]) => !(options.nullable && label === 'null')),
        ...(options.blankValid ? [] : [['blank', '   '] as const]),
        [`${(max ?? 1000) + 1} characters`, 'f'.repeat((max ?? 1000) + 1)],
        ['NUL inside', 'abc\u0000def'],
      ];
    case 'int':
      return [...NOT_A_NUMBER, ['a fraction', 1.5], ['past the maximum', (max ?? 1e6) + 1]];
    case 'number':
      return [...NOT_A_NUMBER, ['past the maximum', (max ?? 1e6) + 1]];
    case 'bool':
      return [...TYPE_SWAPS, ['"true" as text', 'true'], ['1', 1]];
  }
}

/** A GSTIN with its check character, from its first fourteen characters (state code first). */
export const gstinOf = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

function withWrongCheckCharacter(gstin: string): string {
  return `${gstin.slice(0, 14)}${gstin.endsWith('A') ? 'B' : 'A'}`;
}

/** Numbers JSON.parse turns into Infinity, placed into raw JSON text for a numeric field. */
export const INFINITE_NUMBER_TEXTS = ['1e309', '-1e309'] as const;

/** Session cookies that are not sessions: each request must be treated as signed out. */
export const HOSTILE_COOKIES: ReadonlyArray<readonly [string, string]> = [
  ['SQL in the session cookie', `kaushal_session=${encodeURIComponent("' OR '1'='1")}`],
  ['8 KB session cookie', `kaushal_session=${'A'.repeat(8 * 1024)}`],
  ['43 characters that are not a session', `kaushal_session=${'A'.repeat(43)}`],
  ['malformed cookie header', 'kaushal_session; ;=;=="'],
];

/** What must never appear in an error answer: stack frames, driver or file-system internals. */
export const INTERNALS_PATTERNS: readonly RegExp[] = [
  /\bat [\w.<>]+ \(/,
  /\.ts:\d+:\d+/,
  /node_modules/,
  /DrizzleQueryError|PGlite|pg-protocol/i,
  /syntax error at or near/i,
  /ENOENT|EACCES|\/work\/|\/home\//,
];
/** SQL in an error answer (not checked on the stand-in's form, which shows the learner's own input again). */
export const SQL_PATTERNS: readonly RegExp[] = [/\bselect\b[^"]{0,80}\bfrom\b/i, /\binsert into\b/i];
