import { AlertDialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { msg, t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { useDeleteAccount } from '../api/delete-account';
import { confirmsEmail } from '../lib/confirm-email';

/**
 * 'Delete Account' and its confirmation: the destructive button stays disabled until the learner types
 * their own email. An alert dialog: focus starts on Cancel, Escape cancels, a click outside does nothing.
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const deletion = useDeleteAccount();
  const inputId = useId();
  const confirmed = confirmsEmail(typed, email);

  const onOpenChange = (next: boolean) => {
    if (deletion.isPending) return;
    setOpen(next);
    if (!next) setTyped('');
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || deletion.isPending) return;
    deletion.mutate(undefined, {
      onError: () =>
        toast({
          title: msg('Error'),
          description: msg('Failed to delete your account. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button variant="destructive">{t('Delete Account')}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">{t('Delete your account?')}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted">
            {t(
              'This permanently deletes your account, your enrollments and your learning progress, and signs you out. Records of payments are kept for accounting, without your name or email. This cannot be undone.',
            )}
          </AlertDialog.Description>
          <form className="grid gap-4" onSubmit={onConfirm}>
            <div className="grid gap-2">
              <Label htmlFor={inputId}>
                {tRich('Type your email {email} to confirm', {
                  email: <span className="font-semibold break-all">{email}</span>,
                })}
              </Label>
              <Input
                id={inputId}
                type="email"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                disabled={deletion.isPending}
              />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={deletion.isPending}>
                  {t('Cancel')}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={!confirmed || deletion.isPending}>
                {deletion.isPending ? t('Deleting…') : t('Delete my account')}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
