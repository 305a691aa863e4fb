import { GSTIN_INVALID, GSTIN_STATE_MISMATCH, gstinCheckCharacter, isValidGstin } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { createLearner, get, type Learner } from '../../../test/payments.ts';

/** A Karnataka (29) GSTIN with its check character, and the same fourteen with every wrong one. */
const FIRST_14 = '29ABCDE1234F1Z';
const GSTIN_29 = `${FIRST_14}${gstinCheckCharacter(FIRST_14)}`;
const WRONG_CHECKS = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ']
  .filter((c) => c !== gstinCheckCharacter(FIRST_14))
  .map((c) => `${FIRST_14}${c}`);

describe('a GSTIN (the contract check the browser and the server share)', () => {
  it('has one right check character of 36, and a state code that exists', () => {
    expect(isValidGstin(GSTIN_29)).toBe(true);
    expect(WRONG_CHECKS).toHaveLength(35);
    for (const gstin of WRONG_CHECKS) expect(isValidGstin(gstin), gstin).toBe(false);
    const unknownState = `99ABCDE1234F1Z${gstinCheckCharacter('99ABCDE1234F1Z')}`;
    expect(isValidGstin(unknownState)).toBe(false);
  });
});

describe('billing details (decision 024): what the invoice will say, checked before it is kept', () => {
  const ctx = useTestApp();
  const put = (learner: Learner | null, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/billing',
      headers: { origin: TEST_ORIGIN, ...(learner ? { cookie: learner.cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const profileOf = async (learner: Learner) =>
    (await get(ctx, '/api/v1/users/me/billing', learner)).json<{ profile: Record<string, unknown> | null }>().profile;

  it('keeps a name, a state and a GSTIN with its right check character, upper-cased', async () => {
    const learner = await createLearner(ctx);
    expect(await profileOf(learner)).toBeNull();
    const saved = await put(learner, { name: 'Asha Analytics LLP', stateCode: '29', gstin: GSTIN_29.toLowerCase() });
    expect(saved.statusCode).toBe(200);
    expect(await profileOf(learner)).toMatchObject({
      name: 'Asha Analytics LLP',
      stateCode: '29',
      stateName: 'Karnataka',
      gstin: GSTIN_29,
    });
  });

  it('refuses every wrong check character, a wrong shape and another state’s GSTIN, keeping what was there', async () => {
    const learner = await createLearner(ctx);
    expect((await put(learner, { name: 'Asha', stateCode: '29', gstin: GSTIN_29 })).statusCode).toBe(200);
    const kept = await profileOf(learner);

    const refusals: Array<[unknown, string]> = [
      // A few of the wrong check characters (the route allows 30 writes a minute per learner; all 35 are above).
      ...WRONG_CHECKS.filter((_, i) => i % 9 === 0).map((gstin): [unknown, string] => [
        { name: 'Changed', stateCode: '29', gstin },
        GSTIN_INVALID,
      ]),
      [{ name: 'Changed', stateCode: '29', gstin: '29ABCDE1234F1Z' }, GSTIN_INVALID],
      [{ name: 'Changed', stateCode: '29', gstin: `${GSTIN_29}X` }, GSTIN_INVALID],
      [{ name: 'Changed', stateCode: '29', gstin: "29ABCDE1234F1Z'; --" }, GSTIN_INVALID],
      // A real Maharashtra GSTIN with Karnataka as the billing state: the place of supply would be wrong.
      [
        { name: 'Changed', stateCode: '29', gstin: `27ABCDE1234F1Z${gstinCheckCharacter('27ABCDE1234F1Z')}` },
        GSTIN_STATE_MISMATCH,
      ],
      [{ name: 'Changed', stateCode: '99', gstin: null }, 'Choose your state or union territory.'],
      [{ name: '', stateCode: '29' }, 'Enter the name for the invoice.'],
    ];
    for (const [body, message] of refusals) {
      const refused = await put(learner, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toContain(message);
    }
    expect(await profileOf(learner)).toEqual(kept);
  });

  it('is for a signed-in learner only, and each learner sees only their own', async () => {
    expect((await put(null, { name: 'Nobody', stateCode: '29' })).statusCode).toBe(401);
    const [asha, ravi] = [await createLearner(ctx), await createLearner(ctx, 'Ravi Learner')];
    await put(asha, { name: 'Asha', stateCode: '29', gstin: GSTIN_29 });
    expect(await profileOf(ravi)).toBeNull();
  });
});
