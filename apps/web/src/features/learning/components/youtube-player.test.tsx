/** @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}} */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackReporter } from '../hooks/use-lesson-tracking';
import { YOUTUBE_ANSWER_TIMEOUT_MS, YOUTUBE_LOAD_TIMEOUT_MS } from '../lib/constants';
import type { PlayerHandle } from '../lib/player-handle';
import { YOUTUBE_UNREACHABLE } from '../lib/youtube-bridge';
import { YouTubePlayer } from './youtube-player';

function reporter(): PlaybackReporter {
  return { timeUpdate: vi.fn(), play: vi.fn(), pause: vi.fn(), seek: vi.fn(), ended: vi.fn() };
}

function setup() {
  const props = {
    src: 'https://www.youtube.com/embed/abc123',
    title: 'Large language models in one hour',
    startAt: 0,
    reporter: reporter(),
    onVideoError: vi.fn(),
  };
  const handle = createRef<PlayerHandle>();
  const view = render(<YouTubePlayer {...props} handleRef={handle} />);
  const frame = () => view.container.querySelector('iframe');
  const stage = () => view.container.querySelector('[data-youtube-status]');
  /** A message from the frame, as YouTube's embed posts it. */
  const fromYouTube = (data: unknown) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://www.youtube.com',
          source: frame()?.contentWindow ?? null,
          data: JSON.stringify(data),
        }),
      );
    });
  return { props, frame, stage, fromYouTube, handle };
}

describe('YouTubePlayer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the player's own error with Retry when the frame loads but YouTube never answers (offline)", () => {
    const { props, frame, stage } = setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
    fireEvent.load(frame() as HTMLIFrameElement);
    expect(stage()).toHaveAttribute('data-youtube-status', 'loaded');
    act(() => {
      vi.advanceTimersByTime(YOUTUBE_ANSWER_TIMEOUT_MS);
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load video');
    expect(alert).toHaveTextContent(YOUTUBE_UNREACHABLE);
    expect(props.onVideoError).toHaveBeenCalledTimes(1);
    expect(props.onVideoError).toHaveBeenCalledWith(YOUTUBE_UNREACHABLE);
    // The browser's error page in the frame is gone, not shown under ours.
    expect(frame()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(frame()).not.toBeNull();
    expect(stage()).toHaveAttribute('data-youtube-status', 'loading');
  });

  it('fails when the frame never even loads', () => {
    const { props } = setup();
    act(() => {
      vi.advanceTimersByTime(YOUTUBE_LOAD_TIMEOUT_MS);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(YOUTUBE_UNREACHABLE);
    expect(props.onVideoError).toHaveBeenCalledTimes(1);
  });

  it('is ready once YouTube answers, reports playback, and shows an error YouTube reports', () => {
    const { props, frame, stage, fromYouTube } = setup();
    fireEvent.load(frame() as HTMLIFrameElement);
    expect(frame()?.contentWindow).toBeTruthy();
    fromYouTube({ event: 'onReady' });
    expect(stage()).toHaveAttribute('data-youtube-status', 'ready');
    fromYouTube({ event: 'infoDelivery', info: { currentTime: 5, duration: 300, playerState: 1 } });
    expect(props.reporter.play).toHaveBeenCalledWith(5);
    expect(props.reporter.timeUpdate).toHaveBeenCalledWith(5, 300);
    act(() => {
      vi.advanceTimersByTime(YOUTUBE_LOAD_TIMEOUT_MS);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fromYouTube({ event: 'onError', info: 150 });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "This video's owner does not allow it to be played outside YouTube.",
    );
    expect(props.onVideoError).toHaveBeenCalledTimes(1);
  });

  it('gives the notes panel its position and state, and pauses, plays and seeks it by command', () => {
    const { frame, fromYouTube, handle } = setup();
    fireEvent.load(frame() as HTMLIFrameElement);
    const posted = vi.spyOn(frame()?.contentWindow as Window, 'postMessage');
    fromYouTube({ event: 'infoDelivery', info: { currentTime: 61.4, duration: 300, playerState: 1 } });
    expect(handle.current?.currentTime()).toBe(61.4);
    expect(handle.current?.isPlaying()).toBe(true);
    handle.current?.pause();
    handle.current?.seekTo(30);
    handle.current?.play();
    const commands = posted.mock.calls
      .map(([data]) => JSON.parse(String(data)))
      .filter((message) => message.event === 'command');
    expect(commands).toEqual([
      { event: 'command', func: 'pauseVideo', args: [], id: 'lesson-player', channel: 'widget' },
      { event: 'command', func: 'seekTo', args: [30, true], id: 'lesson-player', channel: 'widget' },
      { event: 'command', func: 'playVideo', args: [], id: 'lesson-player', channel: 'widget' },
    ]);
    expect(posted.mock.calls.every(([, origin]) => String(origin) === 'https://www.youtube.com')).toBe(true);
    expect(handle.current?.currentTime()).toBe(30);
    fromYouTube({ event: 'onStateChange', info: 2 });
    expect(handle.current?.isPlaying()).toBe(false);
  });

  it('ignores messages from other origins and other windows', () => {
    const { frame, stage } = setup();
    fireEvent.load(frame() as HTMLIFrameElement);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          source: frame()?.contentWindow ?? null,
          data: JSON.stringify({ event: 'onReady' }),
        }),
      );
    });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://www.youtube.com',
          source: window,
          data: JSON.stringify({ event: 'onReady' }),
        }),
      );
    });
    expect(stage()).toHaveAttribute('data-youtube-status', 'loaded');
  });
});
