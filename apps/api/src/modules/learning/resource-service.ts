import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessonResources } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export const RESOURCE_NOT_FOUND = 'We could not find that file.';

export interface StoredResource {
  id: string;
  lessonId: string;
  fileName: string;
  contentType: string;
  mediaKey: string;
}

/** The resource by id (404 when there is none); whether the caller may have it is the lesson's rule. */
export async function findResource(db: Db, id: string): Promise<StoredResource> {
  const [resource] = await db
    .select({
      id: lessonResources.id,
      lessonId: lessonResources.lessonId,
      fileName: lessonResources.fileName,
      contentType: lessonResources.contentType,
      mediaKey: lessonResources.mediaKey,
    })
    .from(lessonResources)
    .where(eq(lessonResources.id, id))
    .limit(1);
  if (!resource) throw notFound(RESOURCE_NOT_FOUND, 'resource_not_found');
  return resource;
}

/**
 * Content-Disposition for a download: the stored name is already plain (letters, digits, spaces, `._()-`,
 * checked when it was saved), and quotes or backslashes are dropped anyway so the header cannot be bent.
 */
export function attachmentHeader(fileName: string): string {
  const plain = fileName.replace(/["\\\r\n]/g, '');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(plain)}`;
}

/** Text types are sent as UTF-8, so a browser that previews one shows it as written. */
export const servedContentType = (contentType: string) =>
  contentType.startsWith('text/') ? `${contentType}; charset=utf-8` : contentType;
