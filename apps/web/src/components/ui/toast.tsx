import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { cn } from '@/lib/cn';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './toast-store';

export { dismissToast, TOAST_DURATION_MS, TOAST_LIMIT, type ToastMessage, toast } from './toast-store';

export function Toaster() {
  const items = useToasts();
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
