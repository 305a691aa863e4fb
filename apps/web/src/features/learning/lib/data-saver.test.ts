import { afterEach, describe, expect, it } from 'vitest';
import { browserPrefersSavingData, loadDataSaver, saveDataSaver } from './data-saver';

const nav = (connection?: { saveData?: boolean; effectiveType?: string }) => ({ connection }) as unknown as Navigator;

describe('the data saver', () => {
  afterEach(() => localStorage.clear());

  it('turns on by default with Save-Data or a 3G-or-slower connection', () => {
    expect(browserPrefersSavingData(nav({ saveData: true, effectiveType: '4g' }))).toBe(true);
    expect(browserPrefersSavingData(nav({ effectiveType: '2g' }))).toBe(true);
    expect(browserPrefersSavingData(nav({ effectiveType: '3g' }))).toBe(true);
    expect(browserPrefersSavingData(nav({ effectiveType: '4g' }))).toBe(false);
    expect(browserPrefersSavingData(nav())).toBe(false);
  });

  it("is remembered per learner, over the browser's hint", () => {
    expect(loadDataSaver('a', nav({ saveData: true }))).toBe(true);
    saveDataSaver('a', false);
    expect(loadDataSaver('a', nav({ saveData: true }))).toBe(false);
    expect(loadDataSaver('b', nav({ saveData: true }))).toBe(true);
    saveDataSaver('b', true);
    expect(loadDataSaver('b', nav({ effectiveType: '4g' }))).toBe(true);
  });
});
