import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_DATA_ID, seedFirstPaintData, serializeFirstPaintData } from './first-paint-data';

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (text !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_PAINT_DATA_ID;
    script.textContent = text;
    doc.body.append(script);
  }
  return doc;
}

describe('first paint data', () => {
  it('serializes so that no text can close the script element, and reads back the same', () => {
    const entries = [{ queryKey: ['auth', 'me'], data: { name: '</script><script>alert(1)</script> & \u2028' } }];
    const text = serializeFirstPaintData(entries);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(entries);
  });

  it('seeds the query cache from the page, and says so', () => {
    const queryClient = new QueryClient();
    const doc = pageWith(serializeFirstPaintData([{ queryKey: ['catalogue', 'stats'], data: { courses: 15 } }]));
    expect(seedFirstPaintData(queryClient, doc)).toBe(true);
    expect(queryClient.getQueryData(['catalogue', 'stats'])).toEqual({ courses: 15 });
  });

  it('renders from scratch when the page has no data or malformed data', () => {
    const queryClient = new QueryClient();
    expect(seedFirstPaintData(queryClient, pageWith(null))).toBe(false);
    expect(seedFirstPaintData(queryClient, pageWith('{not json'))).toBe(false);
    expect(seedFirstPaintData(queryClient, pageWith('{"queryKey":1}'))).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
