import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hlsRenditions } from '../../db/schema.ts';
import type { MediaStore } from '../../providers/media/media-store.ts';

/** No lesson (published or draft) plays the rendition's source as its direct video. */
const unplayed = sql`not exists (select 1 from lessons l where l.video_type = 'direct' and l.video_ref = ${hlsRenditions.sourceKey})`;

/**
 * Removes the HLS ladders whose source no lesson plays any more (decision 039): a lesson's video replaced by a
 * new upload, whose own ladder has just been recorded, or lessons gone with a discarded draft. The rows go first,
 * each set in one statement that checks again that nothing plays it, so no new opening is handed a ladder whose
 * files are going; then the files. Returns how many ladders were removed.
 */
export async function removeStaleLadders(deps: {
  db: Db;
  media: MediaStore;
  log: { info(message: string): void };
}): Promise<number> {
  const { db, media, log } = deps;
  const stale = await db.selectDistinct({ setId: hlsRenditions.setId }).from(hlsRenditions).where(unplayed);
  let removed = 0;
  for (const { setId } of stale) {
    const gone = await deleteSet(db, setId);
    if (gone.length === 0) continue; // played again meanwhile
    // The files, from the deleted rows' playlists (no listing: a local store would walk every upload).
    const keys = new Set<string>();
    for (const row of gone) {
      keys.add(row.posterKey);
      // The set's folder is the poster's (transcode-job.ts puts both under `uploads/hls/<set>/`).
      const folder = row.posterKey.slice(0, row.posterKey.lastIndexOf('/'));
      for (const line of row.playlist.split('\n')) {
        if (line && !line.startsWith('#')) keys.add(`${folder}/${row.label}/${line.trim()}`);
      }
    }
    for (const key of keys) await media.remove(key);
    removed++;
    log.info(`HLS ladder ${setId} of ${gone[0]?.sourceKey}: no lesson plays it any more; ${keys.size} files removed`);
  }
  return removed;
}

function deleteSet(db: Db, setId: string) {
  return db
    .delete(hlsRenditions)
    .where(and(eq(hlsRenditions.setId, setId), unplayed))
    .returning({
      sourceKey: hlsRenditions.sourceKey,
      label: hlsRenditions.label,
      playlist: hlsRenditions.playlist,
      posterKey: hlsRenditions.posterKey,
    });
}
