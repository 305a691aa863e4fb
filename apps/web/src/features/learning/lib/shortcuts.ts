import { type MessageId, msg } from '@/lib/i18n/i18n';
export type PlayerAction =
  | 'toggle-play'
  | 'seek-back'
  | 'seek-forward'
  | 'volume-up'
  | 'volume-down'
  | 'toggle-mute'
  | 'toggle-fullscreen'
  | 'toggle-captions'
  | 'toggle-help'
  /** Handled by the notes panel beside the video (notes-panel.tsx), for YouTube lessons too. */
  | 'add-note';

/** The shortcuts, as listed in the '?' overlay. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; label: MessageId }> = [
  { keys: ['Space', 'K'], label: msg('Play or pause') },
  { keys: ['←'], label: msg('Back 10 seconds') },
  { keys: ['→'], label: msg('Forward 10 seconds') },
  { keys: ['↑'], label: msg('Volume up') },
  { keys: ['↓'], label: msg('Volume down') },
  { keys: ['M'], label: msg('Mute or unmute') },
  { keys: ['F'], label: msg('Full screen on or off') },
  { keys: ['C'], label: msg('Captions on or off') },
  { keys: ['N'], label: msg('Add a note at this moment (pauses the video while you write)') },
  { keys: ['?'], label: msg('Show these shortcuts') },
];

const KEYS: Record<string, PlayerAction> = {
  ' ': 'toggle-play',
  k: 'toggle-play',
  ArrowLeft: 'seek-back',
  ArrowRight: 'seek-forward',
  ArrowUp: 'volume-up',
  ArrowDown: 'volume-down',
  m: 'toggle-mute',
  f: 'toggle-fullscreen',
  c: 'toggle-captions',
  n: 'add-note',
  '?': 'toggle-help',
};

/** Input types that take typed text; a slider, checkbox or button does not. */
const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'image']);

/** True while the learner is typing in a text field: shortcuts must leave those keys alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest?.('[contenteditable=""],[contenteditable="true"]')) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NON_TEXT_INPUTS.has((element as HTMLInputElement).type);
  return false;
}

/** Native widgets that already own a key: a slider its arrows, a button or link Space and Enter. */
function keyOwnedByTarget(key: string, target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'input' && (element as HTMLInputElement).type === 'range') return key.startsWith('Arrow');
  if (tag === 'button' || tag === 'a' || element.getAttribute('role') === 'button') return key === ' ';
  return false;
}

/**
 * The player action for a key press, or null: nothing while typing, nothing with Ctrl/Cmd/Alt (browser and
 * system shortcuts), and nothing for a key the focused control handles itself.
 */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (keyOwnedByTarget(key, event.target)) return null;
  return KEYS[key] ?? null;
}
