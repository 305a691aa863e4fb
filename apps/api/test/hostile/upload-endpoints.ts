import { tusMetadata } from '../support/tiny-video.ts';
import type { EndpointSpec } from './endpoints.ts';
import type { HostileFixture } from './fixture.ts';
import { ORDER_COURSE } from './fixture.ts';
import { SCRIPT_INJECTIONS, SQL_INJECTIONS } from './values.ts';

/** A 32 x 18 PNG (109 bytes): the smallest picture a course card takes. */
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAIAAAC1qksFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAH0lEQVQ4y2NQckmjKWIYtWDUglELRi0YtWDUAnpYAAAMhcsQbniZywAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1 x 1 PNG: a picture, too small for a card. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNQckkDAAFYAM0g3NOsAAAAAElFTkSuQmCC',
  'base64',
);
/** 92 bytes whose header claims 100,000 x 100,000 pixels: a decompression bomb. */
const BOMB_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgABhqAAAYagAQAAAACAKTZlAAAAI0lEQVR4nO3BMQEAAADCoPVPbQwfoAAAAAAAAAAAAAAAAA4GMNUAAYRaDigAAAAASUVORK5CYII=',
  'base64',
);

const TUS = { 'tus-resumable': '1.0.0' };

/** Values a tus Upload-Metadata id must refuse (each sent base64, as the protocol carries it). */
const HOSTILE_IDS = [
  ...SQL_INJECTIONS.map((s) => [`SQL injection ${JSON.stringify(s)}`, s] as const),
  ...SCRIPT_INJECTIONS.map((s) => [`script injection ${JSON.stringify(s)}`, s] as const),
  ['traversal', '../../../etc/passwd'],
  ['NUL inside', 'abc\u0000def'],
  ['empty', ''],
  ['5,000 characters', 'g'.repeat(5000)],
  ['upper case', 'RAG-FROM-SCRATCH'],
] as const;

/** Integer header values (Upload-Length, Upload-Offset) the tus server must refuse. */
const HOSTILE_INTEGERS = [
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['letters', 'abc'],
  ['1e309', '1e309'],
  ['20 digits', '99999999999999999999'],
  ['empty', ''],
  ['SQL injection', "1' OR '1'='1"],
] as const;

/**
 * The console's uploads (decision 020), sent as an admin: the tus creation, offset and status of a lesson video
 * (the fixture holds an upload begun for the course), its PATCH, and the raw-body captions and thumbnail.
 */
export function uploadEndpoints(f: HostileFixture): EndpointSpec[] {
  const lessonId = f.outline[0]?.lessonIds[0] ?? 'lesson';
  const fields = { courseId: ORDER_COURSE, lessonId, filename: 'lesson.mp4' };
  const creation = { ...TUS, 'upload-length': '4000', 'upload-metadata': tusMetadata(fields) };
  const metadataCases = [
    ...(['courseId', 'lessonId'] as const).flatMap((name) =>
      HOSTILE_IDS.map(
        ([label, value]) =>
          [
            `Upload-Metadata ${name}: ${label}`,
            { 'upload-metadata': tusMetadata({ ...fields, [name]: value }) },
          ] as const,
      ),
    ),
    [
      'Upload-Metadata filename: 256 characters',
      { 'upload-metadata': tusMetadata({ ...fields, filename: 'f'.repeat(256) }) },
    ],
    [
      'Upload-Metadata filename: NUL inside',
      { 'upload-metadata': tusMetadata({ ...fields, filename: 'a\u0000.mp4' }) },
    ],
    ['Upload-Metadata: an unknown key', { 'upload-metadata': tusMetadata({ ...fields, isAdmin: 'true' }) }],
    ['Upload-Metadata: without the lesson', { 'upload-metadata': tusMetadata({ courseId: ORDER_COURSE }) }],
    ['Upload-Metadata: a value not base64', { 'upload-metadata': 'courseId !!!,lessonId ???' }],
    ['Upload-Metadata: a key twice', { 'upload-metadata': `${tusMetadata(fields)},${tusMetadata({ lessonId })}` }],
    ['Upload-Metadata: 10,000 characters', { 'upload-metadata': `courseId ${'A'.repeat(10_000)}` }],
    ...HOSTILE_INTEGERS.map(([label, value]) => [`Upload-Length: ${label}`, { 'upload-length': value }] as const),
    ['Upload-Length: zero', { 'upload-length': '0' }],
    ['Upload-Length: past 2 GiB', { 'upload-length': String(2 * 1024 ** 3 + 1) }],
    ['Upload-Defer-Length instead of a length', { 'upload-length': '', 'upload-defer-length': '1' }],
    ['Tus-Resumable: another version', { 'tus-resumable': '0.2.2' }],
    ['Tus-Resumable: empty', { 'tus-resumable': '' }],
    ['Upload-Concat: a final upload of others', { 'upload-concat': 'final;/api/v1/admin/uploads/videos/x' }],
  ] as const;
  const chunk = { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
  const staff = { answers: 'json', signedIn: true, role: 'admin' } as const;
  const version = { name: 'version', kind: 'int' } as const;

  return [
    {
      method: 'POST',
      route: '/api/v1/admin/uploads/videos',
      headers: creation,
      body: { type: 'empty' },
      hostileHeaders: metadataCases,
      ...staff,
      valid: 201,
    },
    {
      method: 'GET',
      route: '/api/v1/admin/uploads/videos/:uploadId',
      params: { uploadId: f.videoUploadId },
      body: { type: 'none' },
      ...staff,
      valid: 200,
    },
    {
      // The fixture's draft gives the lesson Hindi captions to remove.
      method: 'DELETE',
      route: '/api/v1/admin/courses/:id/lessons/:lessonId/captions/:lang',
      params: { id: ORDER_COURSE, lessonId, lang: 'hi' },
      query: { valid: { version: String(f.courseVersion) }, fields: [version] },
      writesOnce: true,
      body: { type: 'empty' },
      ...staff,
      valid: 200,
    },
    {
      // A PATCH of no bytes at the offset the upload stands at: valid, and it changes nothing.
      method: 'PATCH',
      route: '/api/v1/admin/uploads/videos/:uploadId',
      params: { uploadId: f.videoUploadId },
      headers: chunk,
      body: { type: 'empty' },
      hostileHeaders: [
        ...HOSTILE_INTEGERS.map(([label, value]) => [`Upload-Offset: ${label}`, { 'upload-offset': value }] as const),
        ['Upload-Offset: past the bytes the upload holds', { 'upload-offset': '100' }],
        ['Tus-Resumable: another version', { 'tus-resumable': '0.2.2' }],
        ['Upload-Length: declared again', { 'upload-length': '5000' }],
      ],
      ...staff,
      valid: 204,
    },
    {
      method: 'PUT',
      route: '/api/v1/admin/courses/:id/lessons/:lessonId/captions/:lang',
      params: { id: ORDER_COURSE, lessonId, lang: 'en' },
      query: { valid: { version: String(f.courseVersion), label: 'English' }, fields: [version] },
      writesOnce: true,
      body: {
        type: 'raw',
        contentType: 'text/vtt',
        valid: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello.\n',
        limit: 1024 * 1024,
        invalid: [
          ['an SRT file', '1\n00:00:00,000 --> 00:00:02,000\nHello.\n'],
          ['a script as the file', '<script>alert(1)</script>'],
          ['WEBVTT then no cue', 'WEBVTT\n\nNOTE nothing to show\n'],
          ['a timing past 59 seconds', 'WEBVTT\n\n00:00.000 --> 00:75.000\nHello.\n'],
          ['a cue ending before it starts', 'WEBVTT\n\n00:09.000 --> 00:02.000\nHello.\n'],
          ['a NUL byte', 'WEBVTT\n\n00:00.000 --> 00:02.000\nHel\u0000lo.\n'],
          ['Latin-1 bytes', Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nCaf\xe9\n', 'latin1')],
          ['a PNG', SMALL_PNG],
          ['nothing', ''],
        ],
      },
      ...staff,
      valid: 200,
    },
    {
      method: 'PUT',
      route: '/api/v1/admin/courses/:id/thumbnail',
      params: { id: ORDER_COURSE },
      query: { valid: { version: String(f.courseVersion) }, fields: [version] },
      writesOnce: true,
      body: {
        type: 'raw',
        contentType: 'image/png',
        valid: SMALL_PNG,
        limit: 5 * 1024 * 1024,
        invalid: [
          ['text called a PNG', 'this is not a picture'],
          ['an SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
          ['a PNG cut short', SMALL_PNG.subarray(0, 60)],
          ['a picture too small for a card', PIXEL_PNG],
          ['a decompression bomb (100,000 x 100,000 pixels)', BOMB_PNG],
          ['a WebVTT file', 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello.\n'],
          ['nothing', ''],
        ],
      },
      ...staff,
      valid: 200,
    },
  ];
}
