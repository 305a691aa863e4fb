import path from 'node:path';
import { API_PREFIX, endpoints } from '@kaushal/contract';
import type { Config } from '../../config.ts';
import { createLocalMediaStore, type LocalMediaStoreOptions } from './local-media-store.ts';
import type { MediaStore } from './media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

/** The bucket when MEDIA_S3_BUCKET is set (decision 033), else the local folders (the embedded default). */
export function createMediaStore(config: Config): MediaStore {
  if (config.mediaS3) {
    const { bucket, endpoint, region, credentials, cdnUrl } = config.mediaS3;
    return createS3MediaStore({ bucket, endpoint, region, credentials, cdnUrl });
  }
  return createLocalMediaStore(localMediaFolders(config));
}

/** The local store's folders: content's media and resources, and DATA_DIR's generated lessons and uploads. */
export function localMediaFolders(config: Config): LocalMediaStoreOptions {
  return {
    secret: config.mediaSigningSecret,
    basePath: `${API_PREFIX}${endpoints.media.path.replace('/*', '')}`,
    contentDir: path.join(config.contentDir, 'media'),
    generatedDir: config.demoMediaDir,
    writableDir: config.mediaDir,
    thumbnailsDir: config.thumbnailsDir,
    resourcesDir: path.join(config.contentDir, 'resources'),
  };
}
