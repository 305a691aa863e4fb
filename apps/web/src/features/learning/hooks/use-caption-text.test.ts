import { describe, expect, it } from 'vitest';
import { cueText } from './use-caption-text';

describe('cueText', () => {
  it("uses the browser's parse of the cue when it has one", () => {
    const fragment = document.createDocumentFragment();
    fragment.append('Hello & welcome');
    expect(cueText({ text: '<v Asha>Hello &amp; welcome', getCueAsHTML: () => fragment })).toBe('Hello & welcome');
  });

  it('otherwise drops the WebVTT markup and decodes its character references', () => {
    expect(cueText({ text: '<v Asha>Tokens &lt;and&gt; <i>embeddings</i> &amp; more\nsecond line ' })).toBe(
      'Tokens <and> embeddings & more\nsecond line',
    );
  });
});
