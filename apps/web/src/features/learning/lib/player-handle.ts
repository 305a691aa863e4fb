/**
 * What the notes panel beside the video may ask of the player playing it: the custom player and YouTube's embed
 * both give one (through a ref), so notes and bookmarks work the same for both kinds of lesson.
 */
export interface PlayerHandle {
  /** Where the video is now, in seconds. */
  currentTime(): number;
  /** True while the video plays (or waits for data to go on playing). */
  isPlaying(): boolean;
  play(): void;
  pause(): void;
  /** Moves to this second (clamped to the video). */
  seekTo(seconds: number): void;
}
