import { useSyncExternalStore } from 'react';
import { translateText } from '@/lib/i18n/i18n';

/**
 * The spec's titled messages ('Sign in required', 'Payment successful!', …): one visible at a time, closing
 * after 5000 ms. Short notices ('Logged out', 'Welcome back!') use notice() instead. This store has no UI
 * dependency, so raising a message does not need the toaster's code: the first message loads it (app/providers.tsx).
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
}

let toasts: ToastMessage[] = [];
let nextId = 1;
/** A message of either kind has been raised: the toasters' code is loaded then, not with the page. */
let toastersWanted = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Asks for the toasters (app/providers.tsx mounts them from then on); notice() calls it too. */
export function wantToasters() {
  if (toastersWanted) return;
  toastersWanted = true;
  emit();
}

export function toast(message: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  // In the interface's language: a message of the catalogue is translated, a server's text shown as is.
  const title = translateText(message.title);
  const description = message.description && translateText(message.description);
  toasts = [{ ...message, title, description, id }, ...toasts].slice(0, TOAST_LIMIT);
  toastersWanted = true;
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

/** The titled messages on screen now (for the toaster). */
export const useToasts = () => useSyncExternalStore(subscribe, snapshot, snapshot);
/** Whether a message has been raised yet (false on the server and in the render that hydrates its page). */
export const useToastersWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => toastersWanted,
    () => false,
  );
