import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './toast-store';

export { dismissToast, TOAST_DURATION_MS, TOAST_LIMIT, type ToastMessage, toast } from './toast-store';

export function Toaster() {
  const items = useToasts();
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          duration={item.duration ?? TOAST_DURATION_MS}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            item.variant === 'destructive'
              ? 'border-danger/60 bg-[#3a1114] text-white [.light_&]:bg-red-50 [.light_&]:text-red-900'
              : item.variant === 'success'
                ? 'border-success/60 bg-surface text-fg'
                : 'border-border bg-surface text-fg',
          )}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>
            {item.description && (
              <RadixToast.Description className="text-sm opacity-90">{item.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close
            aria-label={t('Close notification')}
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
