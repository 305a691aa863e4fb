import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';

/**
 * The spec's titled messages ('Sign in required', 'Payment successful!', …): one visible at a time, closing
 * after 5000 ms. Short notices ('Logged out', 'Welcome back!') use sonner instead (see toaster.tsx).
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
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(message: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  toasts = [{ ...message, id }, ...toasts].slice(0, TOAST_LIMIT);
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

export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {items.map((t) => (
        <RadixToast.Root
          key={t.id}
          duration={t.duration ?? TOAST_DURATION_MS}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-danger/60 bg-[#3a1114] text-white [.light_&]:bg-red-50 [.light_&]:text-red-900'
              : t.variant === 'success'
                ? 'border-success/60 bg-surface text-fg'
                : 'border-border bg-surface text-fg',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
            {t.description && (
              <RadixToast.Description className="text-sm opacity-90">{t.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close
            aria-label="Close notification"
            className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed top-4 right-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none" />
    </RadixToast.Provider>
  );
}
