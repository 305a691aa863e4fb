import { describe, expect, it } from 'vitest';
import { shortenDescription } from './shorten-description';

describe('shortenDescription', () => {
  it('returns a description of 120 characters or fewer unchanged, after trimming', () => {
    const exact = 'a'.repeat(120);
    expect(shortenDescription(exact, 'T', 'Beginner')).toBe(exact);
    expect(shortenDescription('  Short and sweet.  ', 'T', 'Beginner')).toBe('Short and sweet.');
  });

  it('cuts to whole sentences within 120 characters when that is longer than 50', () => {
    const first = 'Learn how retrieval augmented generation works from the ground up.'; // 67
    const second = ' Build a full pipeline with chunking, embeddings, reranking and evaluation on your own data.';
    const result = shortenDescription(first + second, 'RAG', 'Intermediate');
    expect(result).toBe(first);
    expect(result.length).toBeLessThanOrEqual(120);
  });

  it('keeps several sentences when they fit', () => {
    const text =
      'Sentence one is here. Sentence two is here too! Is sentence three here? Yes, and this fourth one is far too long to fit within the limit.';
    const padded = `${text} ${'x'.repeat(40)}`;
    expect(shortenDescription(padded, 'T', 'Advanced')).toBe(
      'Sentence one is here. Sentence two is here too! Is sentence three here?',
    );
  });

  it('falls back to a word cut at 117 characters plus an ellipsis when the sentences are too short', () => {
    const text = `Short one. ${'word '.repeat(40)}`;
    const result = shortenDescription(text, 'T', 'Beginner');
    expect(result.endsWith('...')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(120);
    expect(result).not.toMatch(/\s\.\.\.$/);
    expect(text.startsWith(result.slice(0, -3))).toBe(true);
  });

  it('falls back to a word cut when there is no sentence end at all', () => {
    const text =
      'An unbroken stream of words without any full stop that keeps going well past the limit of one hundred and twenty characters for sure';
    const result = shortenDescription(text, 'T', 'Beginner');
    expect(result).toBe(
      'An unbroken stream of words without any full stop that keeps going well past the limit of one hundred and twenty...',
    );
  });

  it('uses the generic line when there is no description', () => {
    expect(shortenDescription('', 'Computer Vision', 'Intermediate')).toBe(
      'Master computer vision with hands-on projects and expert guidance, perfect for intermediate learners.',
    );
    expect(shortenDescription(null, 'X', 'Advanced')).toContain('perfect for advanced learners.');
    expect(shortenDescription('   ', 'X', 'Beginner')).toContain('Master x with');
  });
});
