import { type RefObject, useEffect, useState } from 'react';

/** WebVTT's character references (the only ones a cue may use). */
const VTT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': '\u00a0',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
};

/** A cue's words without WebVTT markup (voices, italics, timestamps), its character references decoded. */
export function cueText(cue: Pick<VTTCue, 'text'> & Partial<Pick<VTTCue, 'getCueAsHTML'>>): string {
  if (typeof cue.getCueAsHTML === 'function') return (cue.getCueAsHTML().textContent ?? '').trim();
  return cue.text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => VTT_ENTITIES[entity] ?? entity)
    .trim();
}

/**
 * The words of the first caption track's current cues while captions are on, else ''. The track is kept
 * 'hidden' (loaded and timed by the browser, drawn by us), so the player decides where captions sit: above
 * its control bar, which the browser's own rendering knows nothing about.
 */
export function useCaptionText(videoRef: RefObject<HTMLVideoElement | null>, on: boolean): string {
  const [text, setText] = useState('');
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    let current: TextTrack | null = null;
    const read = () => {
      const cues = current?.activeCues;
      const lines: string[] = [];
      for (let i = 0; cues && i < cues.length; i++) {
        const cue = cues[i] as VTTCue | undefined;
        if (cue) lines.push(cueText(cue));
      }
      setText(lines.filter(Boolean).join('\n'));
    };
    // Tracks are added lazily, so apply again when the browser adds one.
    const apply = () => {
      for (let i = 0; i < tracks.length; i++) {
        const track = tracks[i];
        if (track) track.mode = on && i === 0 ? 'hidden' : 'disabled';
      }
      const first = on ? (tracks[0] ?? null) : null;
      if (first !== current) {
        current?.removeEventListener('cuechange', read);
        current = first;
        current?.addEventListener('cuechange', read);
      }
      read();
    };
    apply();
    tracks.addEventListener?.('addtrack', apply);
    return () => {
      tracks.removeEventListener?.('addtrack', apply);
      current?.removeEventListener('cuechange', read);
    };
  }, [videoRef, on]);
  return text;
}
