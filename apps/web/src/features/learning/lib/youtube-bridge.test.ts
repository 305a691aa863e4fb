import { describe, expect, it } from 'vitest';
import { describeYouTubeError, parseYouTubeMessage, youtubeEmbedUrl } from './youtube-bridge';

describe('youtubeEmbedUrl', () => {
  it('turns on the JavaScript API and starts at the resume position', () => {
    const url = new URL(
      youtubeEmbedUrl('https://www.youtube.com/embed/abc123', { start: 42.7, origin: 'http://localhost:3000' }),
    );
    expect(url.pathname).toBe('/embed/abc123');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      enablejsapi: '1',
      origin: 'http://localhost:3000',
      rel: '0',
      playsinline: '1',
      start: '42',
    });
  });

  it('leaves out start at the beginning', () => {
    expect(youtubeEmbedUrl('https://www.youtube.com/embed/x', { start: 0, origin: 'http://a' })).not.toContain(
      'start=',
    );
  });
});

describe('parseYouTubeMessage', () => {
  it('reads time, duration and state from info deliveries', () => {
    expect(
      parseYouTubeMessage(
        JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12.5, duration: 300, playerState: 1 } }),
      ),
    ).toEqual({ currentTime: 12.5, duration: 300, state: 1 });
    expect(parseYouTubeMessage({ event: 'initialDelivery', info: { duration: 300 } })).toEqual({ duration: 300 });
  });

  it('reads state changes', () => {
    expect(parseYouTubeMessage('{"event":"onStateChange","info":0}')).toEqual({ state: 0 });
  });

  it("reads the embed's errors, each with a reason a learner can act on", () => {
    expect(parseYouTubeMessage('{"event":"onError","info":150}')).toEqual({ error: 150 });
    expect(parseYouTubeMessage('{"event":"onError","info":"150"}')).toBeNull();
    expect(describeYouTubeError(150)).toBe("This video's owner does not allow it to be played outside YouTube.");
    expect(describeYouTubeError(101)).toBe(describeYouTubeError(150));
    expect(describeYouTubeError(100)).toBe('This video is no longer available on YouTube.');
    expect(describeYouTubeError(7)).toBe('YouTube could not play this video (error 7).');
  });

  it.each([
    'not json',
    '{"event":"onReady"}',
    '{"event":"infoDelivery","info":{"volume":50}}',
    '{"event":"infoDelivery","info":{"currentTime":"12"}}',
    null,
    42,
  ])('ignores %j', (data) => {
    expect(parseYouTubeMessage(data)).toBeNull();
  });
});
