import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorMessage, formErrorsFrom, sentence, validationIssues } from './form-errors';

const invalid = (detail: string) => new ApiError(400, 'invalid_request', detail);
const tierFields = { title: 'title', pricePaise: 'price', originalPricePaise: 'originalPrice' } as const;

describe('the API 400 detail', () => {
  it('is split into the field each issue names and its message', () => {
    expect(
      validationIssues(
        'Invalid request body: title: Title must be at least 3 characters.; pricePaise: Price must be whole paise.',
      ),
    ).toEqual([
      { path: 'title', message: 'Title must be at least 3 characters.' },
      { path: 'pricePaise', message: 'Price must be whole paise.' },
    ]);
  });

  it('keeps colons inside a message, and an issue without a field', () => {
    expect(
      validationIssues('Invalid request body: difficulty: Invalid option: expected one of "Beginner"|"Advanced"'),
    ).toEqual([{ path: 'difficulty', message: 'Invalid option: expected one of "Beginner"|"Advanced"' }]);
    expect(validationIssues('Invalid request body: Unrecognized key: "slug".')).toEqual([
      { path: '', message: 'Unrecognized key: "slug".' },
    ]);
  });

  it('that is not a validation list is one message', () => {
    expect(validationIssues('The request body is not valid JSON.')).toEqual([
      { path: '', message: 'The request body is not valid JSON.' },
    ]);
  });
});

describe('formErrorsFrom', () => {
  it('puts each issue next to its field, under the form field it maps to, as a sentence', () => {
    const error = invalid(
      'Invalid request body: pricePaise: A paid tier needs a price above ₹0.; originalPricePaise: The original price cannot be below the price.',
    );
    expect(formErrorsFrom(error, tierFields)).toEqual({
      fields: {
        price: 'A paid tier needs a price above ₹0.',
        originalPrice: 'The original price cannot be below the price.',
      },
      stale: false,
    });
  });

  it('capitalises a bare message and keeps the first issue of a field', () => {
    const error = invalid(
      'Invalid request body: id: must be lower-case letters, digits and dashes; id: Too small: expected string to have >=1 characters.',
    );
    expect(formErrorsFrom(error, { id: 'id' }).fields).toEqual({
      id: 'Must be lower-case letters, digits and dashes.',
    });
  });

  it('sends issues of fields the form does not show to the form, naming them', () => {
    const error = invalid('Invalid request body: title: Title is required.; version: version is required.');
    expect(formErrorsFrom(error, tierFields)).toEqual({
      fields: { title: 'Title is required.' },
      form: 'version: Version is required.',
      stale: false,
    });
  });

  it('puts a coded conflict next to its field', () => {
    const error = new ApiError(409, 'course_id_taken', 'Another course already has this id. Choose another one.');
    expect(formErrorsFrom(error, { id: 'id' }, { course_id_taken: 'id' })).toEqual({
      fields: { id: 'Another course already has this id. Choose another one.' },
      stale: false,
    });
  });

  it('marks a stale version, with the API message naming who changed the course and when', () => {
    const detail =
      'This course was changed by Ada Admin (ada@example.com) at 2026-11-25T09:00:00.000Z. Reload to see their changes, then edit again.';
    expect(formErrorsFrom(new ApiError(409, 'stale_version', detail), tierFields)).toEqual({
      fields: {},
      form: detail,
      stale: true,
    });
  });

  it('words errors without a detail itself', () => {
    expect(formErrorsFrom(new ApiError(0, 'network_error', undefined), {}).form).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(errorMessage(new ApiError(500, 'internal_error', undefined))).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(errorMessage(new Error('boom'))).toBe('The request failed. Please try again.');
  });
});

describe('sentence', () => {
  it.each([
    ['must be lower-case', 'Must be lower-case.'],
    ['Title is required.', 'Title is required.'],
    ['x;', 'X.'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(sentence(input)).toBe(output);
  });
});
