import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackReporter } from '../hooks/use-lesson-tracking';
import { VideoPlayer, type VideoPlayerProps } from './video-player';

/** happy-dom has no media playback: stub what the player calls and drive the element's events by hand. */
function stubMedia() {
  const play = vi.fn(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.fn(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  return { play, pause };
}

function reporter() {
  return {
    timeUpdate: vi.fn<PlaybackReporter['timeUpdate']>(),
    play: vi.fn<PlaybackReporter['play']>(),
    pause: vi.fn<PlaybackReporter['pause']>(),
    seek: vi.fn<PlaybackReporter['seek']>(),
    ended: vi.fn<PlaybackReporter['ended']>(),
  };
}

function setup(overrides: Partial<VideoPlayerProps> = {}) {
  const props = {
    src: '/api/v1/media/lesson-intro.mp4?exp=1&sig=x',
    lessonId: 'ai-agents-01',
    sessionId: '00000000-0000-4000-8000-000000000001',
    title: 'What makes something an agent',
    captions: [{ lang: 'en', label: 'English', url: '/api/v1/media/lesson-intro.en.vtt?exp=1&sig=y' }],
    startAt: 0,
    learnerId: 'learner-1',
    milestones: new Set(),
    reporter: reporter(),
    onVideoError: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  } satisfies VideoPlayerProps;
  const view = render(<VideoPlayer {...props} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  /** The browser has read the file's header: duration known, ready to play. */
  const loadMetadata = (duration = 96) => {
    Object.defineProperty(video, 'duration', { configurable: true, value: duration });
    fireEvent(video, new Event('loadedmetadata'));
    fireEvent(video, new Event('canplay'));
  };
  return { props, video, loadMetadata, ...view };
}

describe('VideoPlayer', () => {
  let media: ReturnType<typeof stubMedia>;
  beforeEach(() => {
    media = stubMedia();
    localStorage.clear();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows loading, then plays, pauses and reports it', async () => {
    const { video, loadMetadata, props } = setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
    loadMetadata();
    // Autoplay is attempted once the metadata is in.
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(props.reporter.play).toHaveBeenCalledWith(0);

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(media.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play video' })).toBeInTheDocument();
    expect(props.reporter.pause).toHaveBeenCalled();
    expect(video.closest('section')).toHaveAttribute('data-status', 'paused');
  });

  it('resumes at the saved position without reporting that as a seek', () => {
    const { video, loadMetadata, props } = setup({ startAt: 40 });
    loadMetadata();
    expect(video.currentTime).toBe(40);
    fireEvent(video, new Event('seeked'));
    expect(props.reporter.seek).not.toHaveBeenCalled();
    video.currentTime = 70;
    fireEvent(video, new Event('seeked'));
    expect(props.reporter.seek).toHaveBeenCalledWith(70);
  });

  it('seeks 10 s with the arrow keys, clamped to the video', async () => {
    const { video, loadMetadata } = setup();
    loadMetadata(96);
    video.currentTime = 90;
    await userEvent.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(96);
    video.currentTime = 25;
    await userEvent.keyboard('{ArrowLeft}');
    expect(video.currentTime).toBe(15);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(0);
  });

  it('steps the volume by 0.1 within 0 to 1, and mutes with m', async () => {
    const { video, loadMetadata } = setup();
    loadMetadata();
    await userEvent.keyboard('{ArrowUp}');
    expect(video.volume).toBe(1);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(video.volume).toBeCloseTo(0.7, 10);
    for (let i = 0; i < 12; i++) await userEvent.keyboard('{ArrowDown}');
    expect(video.volume).toBe(0);
    video.volume = 0.6;
    await userEvent.keyboard('m');
    expect(video.muted).toBe(true);
    fireEvent(video, new Event('volumechange'));
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('m');
    expect(video.muted).toBe(false);
  });

  it('plays and pauses with Space and k', async () => {
    const { loadMetadata } = setup();
    loadMetadata();
    media.play.mockClear();
    await userEvent.keyboard('k');
    expect(media.pause).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('ignores every shortcut while the learner types in a text field', async () => {
    const { video, loadMetadata } = setup();
    loadMetadata();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    media.pause.mockClear();
    video.currentTime = 30;
    await userEvent.keyboard('k m {ArrowLeft}{ArrowDown}');
    expect(media.pause).not.toHaveBeenCalled();
    expect(video.currentTime).toBe(30);
    expect(video.muted).toBe(false);
    expect(video.volume).toBe(1);
    expect(field).toHaveValue('k m ');
  });

  it('shows the reason in the player when the video fails, and tells the dialog', () => {
    const { video, props } = setup();
    Object.defineProperty(video, 'error', { configurable: true, value: { code: 4 } });
    fireEvent(video, new Event('error'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load video');
    const reason = 'The video could not be loaded: its link may have expired, or this browser cannot play its format.';
    expect(alert).toHaveTextContent(reason);
    expect(props.onVideoError).toHaveBeenCalledWith(reason);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('remembers the playback speed per learner', async () => {
    const first = setup({ learnerId: 'learner-7' });
    first.loadMetadata();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Playback speed' }), '1.5');
    expect(first.video.playbackRate).toBe(1.5);
    first.unmount();
    const again = setup({ learnerId: 'learner-7' });
    again.loadMetadata();
    expect(again.video.playbackRate).toBe(1.5);
    expect(screen.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.5');
    again.unmount();
    const other = setup({ learnerId: 'learner-8' });
    other.loadMetadata();
    expect(other.video.playbackRate).toBe(1);
  });

  it('reports time updates and marks the milestones reached on the seek bar', () => {
    const { video, loadMetadata, props } = setup({ milestones: new Set([25, 50]) });
    loadMetadata();
    video.currentTime = 50;
    fireEvent(video, new Event('timeupdate'));
    expect(props.reporter.timeUpdate).toHaveBeenCalledWith(50, 96);
    const marks = document.querySelectorAll('[data-milestone]');
    expect([...marks].map((m) => [m.getAttribute('data-milestone'), m.getAttribute('data-reached')])).toEqual([
      ['25', 'true'],
      ['50', 'true'],
      ['75', 'false'],
    ]);
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:50 of 1:36');
  });

  it("opens the shortcuts overlay with '?', explaining completion, and Escape closes only it", async () => {
    const { loadMetadata } = setup();
    loadMetadata();
    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Back 10 seconds');
    expect(help).toHaveTextContent('A lesson counts as completed once you have watched at least 90% of it.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player' })).toBeInTheDocument();
  });

  it('turns captions on and off from the button', async () => {
    const { video, loadMetadata } = setup();
    loadMetadata();
    expect(video.querySelectorAll('track')).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Captions' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers speed, captions, picture in picture and the shortcuts in a settings menu, by keyboard', async () => {
    const { video, loadMetadata } = setup();
    loadMetadata();
    // The menu's code loads with the player: the button is there at once, working once it has loaded.
    const settings = await screen.findByRole('button', { name: 'Settings', expanded: false });
    expect(settings).toHaveAttribute('aria-haspopup', 'menu');
    settings.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Settings' });
    const speeds = within(within(menu).getByRole('group', { name: 'Playback speed' })).getAllByRole('menuitemradio');
    expect(speeds.map((item) => item.textContent)).toEqual(['0.5x', '0.75x', '1x', '1.25x', '1.5x', '1.75x', '2x']);
    expect(within(menu).getByRole('menuitemradio', { name: '1x' })).toHaveAttribute('aria-checked', 'true');
    // Arrows move through the menu (they are not the player's seek and volume keys there), Enter chooses.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: '1.5x' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(video.playbackRate).toBe(1.5);
    expect(video.volume).toBe(1);
    expect(video.currentTime).toBe(0);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(settings).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('menu', { name: 'Settings' });
    expect(within(again).getByRole('menuitemcheckbox', { name: 'Captions' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(again).getByRole('menuitemcheckbox', { name: 'Captions' }));
    expect(screen.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'true');

    // Escape closes the menu only.
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu', { name: 'Settings' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player' })).toBeInTheDocument();

    // The shortcuts overlay from the menu, and focus back on the settings button after it.
    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Keyboard shortcuts' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(settings).toHaveFocus();
  });

  it('reports the end with the video duration', () => {
    const { video, loadMetadata, props } = setup();
    loadMetadata();
    act(() => {
      fireEvent(video, new Event('ended'));
    });
    expect(props.reporter.ended).toHaveBeenCalledWith(96);
  });

  describe('with an HLS ladder (decision 034)', () => {
    const hls = {
      url: '/api/v1/hls/TOKEN/master.m3u8',
      posterUrl: '/api/v1/hls/TOKEN/poster.jpg',
      expiresAt: '2026-11-27T10:00:00.000Z',
      renewAfterSeconds: 300,
      renditions: [
        { label: '240p', width: 426, height: 240 },
        { label: '360p', width: 640, height: 360 },
        { label: '720p', width: 1280, height: 720 },
      ],
    };
    const nativeHls = () =>
      vi
        .spyOn(HTMLMediaElement.prototype, 'canPlayType')
        .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));

    it('plays the master playlist natively where the browser has HLS, with its poster', async () => {
      nativeHls();
      const { video } = setup({ hls });
      await vi.waitFor(() => expect(video.getAttribute('src')).toBe(hls.url));
      expect(video.getAttribute('poster')).toBe(hls.posterUrl);
      expect(screen.getByRole('region', { name: 'Video player' })).toHaveAttribute('data-engine', 'native');
    });

    it('falls back to the original file where neither native HLS nor Media Source is there', async () => {
      const { video, props } = setup({ hls });
      // hls.js is imported first (its own chunk), then finds no Media Source here.
      await vi.waitFor(() => expect(video.getAttribute('src')).toBe(props.src), { timeout: 15_000 });
      expect(screen.getByRole('region', { name: 'Video player' })).toHaveAttribute('data-engine', 'mp4');
    }, 20_000);

    it('offers Auto and each rendition in the settings menu; a choice plays that rendition from the same point', async () => {
      nativeHls();
      const { video, loadMetadata } = setup({ hls });
      loadMetadata();
      await userEvent.click(await screen.findByRole('button', { name: 'Settings', expanded: false }));
      const menu = await screen.findByRole('menu', { name: 'Settings' });
      const group = within(menu).getByRole('group', { name: 'Quality' });
      expect(
        within(group)
          .getAllByRole('menuitemradio')
          .map((i) => i.textContent),
      ).toEqual(['Auto', '720p', '360p', '240p']);
      expect(within(group).getByRole('menuitemradio', { name: 'Auto' })).toHaveAttribute('aria-checked', 'true');
      video.currentTime = 42;
      await userEvent.click(within(group).getByRole('menuitemradio', { name: '360p' }));
      await vi.waitFor(() => expect(video.getAttribute('src')).toBe('/api/v1/hls/TOKEN/360p/index.m3u8'));
      fireEvent(video, new Event('loadedmetadata'));
      expect(video.currentTime).toBe(42);
    });

    it('caps the stream at 360p in data saver mode, and remembers the choice for the learner', async () => {
      nativeHls();
      const { video } = setup({ hls });
      await userEvent.click(await screen.findByRole('button', { name: 'Settings', expanded: false }));
      await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Data saver (360p at most)' }));
      await vi.waitFor(() => expect(video.getAttribute('src')).toBe(`${hls.url}?cap=360`));
      expect(localStorage.getItem('kaushal.dataSaver.learner-1')).toBe('on');
    });

    it('starts in data saver mode when the learner chose it, offering 360p at most', async () => {
      nativeHls();
      localStorage.setItem('kaushal.dataSaver.learner-1', 'on');
      const { video } = setup({ hls });
      await vi.waitFor(() => expect(video.getAttribute('src')).toBe(`${hls.url}?cap=360`));
      await userEvent.click(await screen.findByRole('button', { name: 'Settings', expanded: false }));
      const group = within(await screen.findByRole('menu', { name: 'Settings' })).getByRole('group', {
        name: 'Quality',
      });
      expect(
        within(group)
          .getAllByRole('menuitemradio')
          .map((i) => i.textContent),
      ).toEqual(['Auto', '360p', '240p']);
      await userEvent.keyboard('{Escape}');
    });
  });
});
