import { describe, expect, it } from 'vitest';
import { firstSegmentPath, inlineSeconds } from './hls-loader';

const PLAYLISTS = {
  'master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000\n240p/index.m3u8\n',
  '240p/index.m3u8': [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:4',
    '#EXTINF:2.000000,',
    'seg-00000.ts',
    '#EXTINF:2.000000,',
    'seg-00001.ts',
    '#EXTINF:4.000000,',
    'seg-00002.ts',
    '#EXTINF:1.500000,',
    'seg-00003.ts',
    '#EXT-X-ENDLIST',
  ].join('\n'),
};

describe('firstSegmentPath', () => {
  it('names the lowest rendition segment that holds the start point', () => {
    expect(firstSegmentPath(PLAYLISTS, 0)).toBe('240p/seg-00000.ts');
    expect(firstSegmentPath(PLAYLISTS, 1.9)).toBe('240p/seg-00000.ts');
    expect(firstSegmentPath(PLAYLISTS, 2)).toBe('240p/seg-00001.ts');
    expect(firstSegmentPath(PLAYLISTS, 7.9)).toBe('240p/seg-00002.ts');
    expect(firstSegmentPath(PLAYLISTS, 9)).toBe('240p/seg-00003.ts');
  });

  it('is null past the end, or without the rendition playlist', () => {
    expect(firstSegmentPath(PLAYLISTS, 9.5)).toBeNull();
    expect(firstSegmentPath({ 'master.m3u8': PLAYLISTS['master.m3u8'] }, 0)).toBeNull();
    expect(firstSegmentPath(undefined, 0)).toBeNull();
  });
});

describe('inlineSeconds', () => {
  it("adds up the lowest rendition's segments, 0 without its playlist", () => {
    expect(inlineSeconds(PLAYLISTS)).toBeCloseTo(9.5);
    expect(inlineSeconds({ 'master.m3u8': PLAYLISTS['master.m3u8'] })).toBe(0);
    expect(inlineSeconds(undefined)).toBe(0);
  });
});
