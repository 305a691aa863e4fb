import { MAX_RESOURCE_BYTES } from '@kaushal/contract';
import type { EndpointSpec, FieldSpec } from './endpoints.ts';
import { type HostileFixture, ORDER_COURSE } from './fixture.ts';

const NOTEBOOK = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] });

/**
 * The console's lesson resources (issue 18), sent as an admin: the upload (the file as the whole body, at most
 * 100 MB, checked for what its name says) and the JSON edits of the fixture's resource in the course's draft.
 */
export function resourceEndpoints(f: HostileFixture): EndpointSpec[] {
  const lessonId = f.outline[0]?.lessonIds[0] ?? 'lesson';
  const staff = { answers: 'json', signedIn: true, role: 'admin' } as const;
  const version: FieldSpec = { name: 'version', kind: 'int', required: true };
  const params = { id: ORDER_COURSE, lessonId, resourceId: f.resourceId };
  return [
    {
      method: 'POST',
      route: '/api/v1/admin/courses/:id/lessons/:lessonId/resources',
      params: { id: ORDER_COURSE, lessonId },
      query: {
        valid: { version: String(f.courseVersion), title: 'Notebook', fileName: 'hostile.ipynb' },
        fields: [
          { name: 'version', kind: 'int' },
          { name: 'fileName', kind: 'token' },
        ],
      },
      writesOnce: true,
      body: {
        type: 'raw',
        contentType: 'application/octet-stream',
        valid: NOTEBOOK,
        limit: MAX_RESOURCE_BYTES,
        invalid: [
          ['JSON that is not a notebook', '{"hello":"world"}'],
          ['a notebook of nbformat 3', '{"nbformat":3,"nbformat_minor":0,"worksheets":[]}'],
          ['a notebook whose cell is a string', '{"nbformat":4,"nbformat_minor":5,"metadata":{},"cells":["x"]}'],
          ['a PDF called a notebook', '%PDF-1.7\n'],
          ['a script as the file', '<script>alert(1)</script>'],
          ['Latin-1 bytes', Buffer.from('{"caf\xe9":1}', 'latin1')],
          ['a NUL byte', '{"nbformat":4,\u0000}'],
          ['nothing', ''],
        ],
      },
      ...staff,
      valid: 201,
    },
    {
      method: 'PATCH',
      route: '/api/v1/admin/courses/:id/lessons/:lessonId/resources/:resourceId',
      params,
      body: {
        type: 'json-object',
        valid: { version: f.courseVersion, title: 'Notebook, renamed' },
        fields: [version, { name: 'title', kind: 'text', max: 200, required: true }],
        strict: true,
      },
      ...staff,
      valid: 200,
    },
    {
      method: 'PUT',
      route: '/api/v1/admin/courses/:id/lessons/:lessonId/resource-order',
      params: { id: ORDER_COURSE, lessonId },
      body: {
        type: 'json-object',
        valid: { version: f.courseVersion, resourceIds: [f.resourceId] },
        fields: [version, { name: 'resourceIds', kind: 'uuid-list', max: 50, required: true }],
        strict: true,
      },
      ...staff,
      valid: 200,
    },
    {
      method: 'DELETE',
      route: '/api/v1/admin/courses/:id/lessons/:lessonId/resources/:resourceId',
      params,
      query: { valid: { version: String(f.courseVersion) }, fields: [{ name: 'version', kind: 'int' }] },
      writesOnce: true,
      body: { type: 'empty' },
      ...staff,
      valid: 200,
    },
  ];
}
