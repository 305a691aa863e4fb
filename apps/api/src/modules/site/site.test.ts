import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

describe('GET /site-config without third-party ids', () => {
  const ctx = useTestApp({ seed: false });

  it('answers null for every service, so the web app loads none', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/site-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ analyticsId: null, sessionRecordingId: null, chatWidgetId: null });
  });
});

describe('GET /site-config with third-party ids', () => {
  const ctx = useTestApp({
    seed: false,
    env: { ANALYTICS_ID: 'G-TEST123', SESSION_RECORDING_ID: 'rec456', CHAT_WIDGET_ID: ' ' },
  });

  it('answers the configured ids (a blank one counts as unset) and may be cached briefly', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/site-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ analyticsId: 'G-TEST123', sessionRecordingId: 'rec456', chatWidgetId: null });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
