import { describe, expect, it } from 'vitest';
import { continueLearningHref } from './continue-link';

describe('continueLearningHref', () => {
  it('opens the course at its next lesson', () => {
    expect(
      continueLearningHref({ id: 'rag-from-scratch', nextLesson: { id: 'rag-from-scratch-02', title: 'x' } }),
    ).toBe('/course/rag-from-scratch?lesson=rag-from-scratch-02');
  });
  it('opens the course itself when every lesson is done', () => {
    expect(continueLearningHref({ id: 'responsible-ai', nextLesson: null })).toBe('/course/responsible-ai');
  });
});
