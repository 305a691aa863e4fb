import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutFor } from './shortcuts';

const press = (key: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...mods });

const element = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
};

describe('shortcutFor', () => {
  it('maps the spec keys', () => {
    expect(press(' ')).toBe('toggle-play');
    expect(press('k')).toBe('toggle-play');
    expect(press('K')).toBe('toggle-play');
    expect(press('ArrowLeft')).toBe('seek-back');
    expect(press('ArrowRight')).toBe('seek-forward');
    expect(press('ArrowUp')).toBe('volume-up');
    expect(press('ArrowDown')).toBe('volume-down');
    expect(press('m')).toBe('toggle-mute');
    expect(press('f')).toBe('toggle-fullscreen');
    expect(press('?')).toBe('toggle-help');
    expect(press('n')).toBe('add-note');
    expect(press('N')).toBe('add-note');
    expect(press('x')).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  it('ignores keys with Ctrl, Cmd or Alt', () => {
    expect(press('f', document.body, { ctrlKey: true })).toBeNull();
    expect(press('k', document.body, { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', document.body, { altKey: true })).toBeNull();
  });

  it.each([
    '<input type="text">',
    '<input>',
    '<input type="search">',
    '<input type="email">',
    '<textarea></textarea>',
    '<select><option>a</option></select>',
    '<div contenteditable="true"></div>',
  ])('ignores every shortcut while typing in %s', (html) => {
    const field = element(html);
    for (const key of [' ', 'k', 'm', 'f', 'n', 'ArrowLeft', 'ArrowUp', '?']) expect(press(key, field)).toBeNull();
  });

  it('leaves a slider its arrows and a button its Space, but keeps the other shortcuts', () => {
    const slider = element('<input type="range">');
    expect(press('ArrowLeft', slider)).toBeNull();
    expect(press('m', slider)).toBe('toggle-mute');
    const button = element('<button type="button">Mute</button>');
    expect(press(' ', button)).toBeNull();
    expect(press('k', button)).toBe('toggle-play');
    expect(press('ArrowRight', button)).toBe('seek-forward');
  });
});

describe('isTypingTarget', () => {
  it('is false for non-text controls and non-elements', () => {
    expect(isTypingTarget(element('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(element('<button>b</button>'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});
