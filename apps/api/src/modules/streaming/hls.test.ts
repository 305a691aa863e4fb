import { paymentOrderSchema, sandboxPaymentSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import * as payments from '../../../test/payments.ts';
import { hlsRenditions } from '../../db/schema.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox.ts';
import { advance, asLearner, createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { HLS_RENEW_AFTER_SECONDS, HLS_TOKEN_TTL_SECONDS, LEASE_CACHE_MS } from './hls-access.ts';
import { giveLessonClip, parseSignedVideo, transcodeNow } from './test-support.ts';
import { TRANSCODE_QUEUE } from './transcode-job.ts';

const COURSE = 'vector-databases';
const LESSON = 'vector-databases-02';

// Most tests run ffmpeg on a clip: seconds alone, much longer while other suites share the cores.
describe('HLS: transcode job, playlists, segments and their tokens', { timeout: 90_000 }, () => {
  const ctx = useTestApp({ env: { JOBS_WORKER: 'true', VIDEO_TRANSCODE: 'true' } });

  async function learnerWithAccess(): Promise<Learner> {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    return learner;
  }
  const open = async (learner: Learner) => {
    const res = await asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/signed-url`);
    expect(res.statusCode).toBe(200);
    return parseSignedVideo(res.json());
  };
  const renew = (learner: Learner, sessionId: string) =>
    asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/hls-token?sessionId=${sessionId}`);
  const segmentOf = (master: string) => master.replace('master.m3u8', '240p/seg-00000.ts');

  it('the job queued for an upload makes the ladder; the lesson plays MP4 until then and HLS after', async () => {
    const learner = await learnerWithAccess();
    const key = await giveLessonClip(ctx, LESSON);
    expect((await open(learner)).hls).toBeNull();

    await ctx.app.deps.jobs.enqueue(TRANSCODE_QUEUE, { sourceKey: key });
    await expect
      .poll(
        async () => (await ctx.database.db.select().from(hlsRenditions).where(eq(hlsRenditions.sourceKey, key))).length,
        {
          timeout: 80_000,
        },
      )
      .toBe(1);
    const video = await open(learner);
    expect(video.url).toContain(key); // the original stays as the fallback
    expect(video.hls?.renditions).toEqual([{ label: '240p', width: 426, height: 240 }]);
    expect(video.hls?.renewAfterSeconds).toBe(HLS_RENEW_AFTER_SECONDS);
    expect((await asLearner(ctx, learner).get(video.hls?.posterUrl ?? '')).headers['content-type']).toBe('image/jpeg');
  });

  it('serves the master playlist, the rendition playlist and its segments (with Range) to the learner', async () => {
    const learner = await learnerWithAccess();
    const rows = await transcodeNow(ctx, await giveLessonClip(ctx, LESSON, { width: 640, height: 360, seconds: 3 }));
    const { hls } = await open(learner);
    const get = (url: string, headers?: Record<string, string>) => asLearner(ctx, learner).get(url, headers);

    const master = await get(hls?.url ?? '');
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.body).toMatch(
      /#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2",NAME="240p"\n240p\/index.m3u8/,
    );
    expect(master.body).toContain('360p/index.m3u8');
    // The data saver's cap leaves the higher renditions out.
    const saver = await get(`${hls?.url}?cap=360`);
    expect(saver.body).toContain('360p/index.m3u8');
    expect((await get(`${hls?.url}?cap=240`)).body).not.toContain('360p');

    const variant = await get(hls?.url.replace('master.m3u8', '360p/index.m3u8') ?? '');
    expect(variant.statusCode).toBe(200);
    expect(variant.body).toBe(rows.find((r) => r.label === '360p')?.playlist);
    const segment = await get(segmentOf(hls?.url ?? ''));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    const part = await get(segmentOf(hls?.url ?? ''), { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(segment.rawPayload.subarray(188, 376))).toBe(true);
  });

  it('refuses the token to another learner, to no cookie, tampered, or for another set, with 403', async () => {
    const [owner, other] = [await learnerWithAccess(), await learnerWithAccess()];
    await transcodeNow(ctx, await giveLessonClip(ctx, LESSON));
    const { hls } = await open(owner);
    const url = hls?.url ?? '';
    const token = url.split('/')[4] ?? '';
    const [sessionId, setId, exp, sig] = token.split('.');
    const tampered = [
      `${sessionId}.${setId}.${Number(exp) + 3600}.${sig}`,
      `${sessionId}.${'0'.repeat(16)}.${exp}.${sig}`,
      `${sessionId}.${setId}.${exp}.${sig?.slice(0, -2)}AA`,
      'x',
    ];
    for (const target of [url, segmentOf(url), url.replace('master.m3u8', '240p/index.m3u8')]) {
      for (const res of [await asLearner(ctx, other).get(target), await asLearner(ctx, null).get(target)]) {
        expect(res.statusCode, target).toBe(403);
        expect(res.json().code).toBe('media_link_invalid');
      }
      for (const bad of tampered) {
        const res = await asLearner(ctx, owner).get(target.replace(token, bad));
        expect(res.statusCode, bad).toBe(403);
      }
    }
    expect((await asLearner(ctx, owner).get(segmentOf(url))).statusCode).toBe(200);
  });

  it('answers 404 for file names outside the ladder, before any file is looked at', async () => {
    const learner = await learnerWithAccess();
    await transcodeNow(ctx, await giveLessonClip(ctx, LESSON));
    const { hls } = await open(learner);
    const base = hls?.url.replace('/master.m3u8', '') ?? '';
    for (const path of [
      '/other.m3u8',
      '/240p/seg-1.ts',
      '/240p/..%2F..%2Fsecret',
      '/x/seg-00000.ts',
      '/720p/index.m3u8',
      '/240p/seg-99999.ts',
    ]) {
      expect((await asLearner(ctx, learner).get(`${base}${path}`)).statusCode, path).toBe(404);
    }
  });

  it('keeps a 3-hour lecture playing: renewed tokens, and the first token while the lease is renewed (native HLS)', async () => {
    const learner = await learnerWithAccess();
    await transcodeNow(ctx, await giveLessonClip(ctx, LESSON));
    const video = await open(learner);
    const first = video.hls?.url ?? '';
    let latest = first;
    for (let elapsed = 0; elapsed < 3 * 3600; elapsed += HLS_RENEW_AFTER_SECONDS) {
      // Four segment fetches between renewals, with the newest token (hls.js) and the first one (native).
      for (let i = 0; i < 4; i++) {
        advance(ctx, HLS_RENEW_AFTER_SECONDS / 4);
        for (const url of [latest, first]) {
          const res = await asLearner(ctx, learner).get(segmentOf(url), { range: 'bytes=0-187' });
          expect(res.statusCode, `${elapsed} s`).toBe(206);
        }
      }
      const renewed = await renew(learner, video.sessionId);
      expect(renewed.statusCode).toBe(200);
      latest = renewed.json().url;
    }
  });

  it('refuses a token whose session lease is over (no renewal for longer than a token lives) with 403', async () => {
    const learner = await learnerWithAccess();
    await transcodeNow(ctx, await giveLessonClip(ctx, LESSON));
    const { hls } = await open(learner);
    advance(ctx, HLS_TOKEN_TTL_SECONDS - 1);
    expect((await asLearner(ctx, learner).get(segmentOf(hls?.url ?? ''))).statusCode).toBe(200);
    advance(ctx, 1 + LEASE_CACHE_MS / 1000);
    const res = await asLearner(ctx, learner).get(segmentOf(hls?.url ?? ''));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('media_link_expired');
  });

  it("renews only the learner's own session of this lesson", async () => {
    const [owner, other] = [await learnerWithAccess(), await learnerWithAccess()];
    await transcodeNow(ctx, await giveLessonClip(ctx, LESSON));
    const { sessionId } = await open(owner);
    expect((await renew(other, sessionId)).statusCode).toBe(404);
    expect(
      (await asLearner(ctx, owner).get(`/api/v1/lessons/vector-databases-03/hls-token?sessionId=${sessionId}`))
        .statusCode,
    ).toBe(404);
    expect((await renew(owner, 'not-a-uuid')).statusCode).toBe(400);
    expect((await renew(owner, sessionId)).statusCode).toBe(200);
  });

  it('after a refund, renewal is refused and the stream stops within a token lifetime', async () => {
    const learner = await payments.createLearner(ctx);
    const order = paymentOrderSchema.parse(
      (
        await payments.post(ctx, '/api/v1/payments/create-order', learner, {
          courseId: COURSE,
          pricingTierId: `${COURSE}-lifetime`,
        })
      ).json(),
    );
    const payment = sandboxPaymentSchema.parse(
      (await payments.post(ctx, '/api/v1/payments/sandbox/pay', learner, { orderId: order.orderId })).json(),
    );
    expect((await payments.post(ctx, '/api/v1/payments/verify', learner, payment)).statusCode).toBe(200);
    await transcodeNow(ctx, await giveLessonClip(ctx, LESSON));
    const video = parseSignedVideo((await payments.get(ctx, `/api/v1/lessons/${LESSON}/signed-url`, learner)).json());
    const segment = segmentOf(video.hls?.url ?? '');
    const fetchSegment = () => ctx.app.inject({ url: segment, headers: { cookie: learner.cookie } });
    expect((await fetchSegment()).statusCode).toBe(200);

    const secret = createSandboxProvider(ctx.app.deps.config.sessionSecret).webhookSecret;
    const refund = payments.refundEvent(order.orderId, payment.razorpay_payment_id, order.amount, order.amount);
    expect((await payments.webhook(ctx, secret, refund)).statusCode).toBe(200);
    const renewal = await payments.get(
      ctx,
      `/api/v1/lessons/${LESSON}/hls-token?sessionId=${video.sessionId}`,
      learner,
    );
    expect(renewal.statusCode).toBe(403);
    advance(ctx, HLS_TOKEN_TTL_SECONDS + LEASE_CACHE_MS / 1000);
    expect((await fetchSegment()).statusCode).toBe(403);
  });
});
