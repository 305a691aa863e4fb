import { Mail, MessageCircle } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { t, translateText } from '@/lib/i18n/i18n';
import { site } from '@/lib/site';

/**
 * No chat provider is connected to this site, so the live chat button says when chat is staffed and
 * offers the ways that do work now (email, the form) instead of doing nothing.
 */
export function LiveChatDialog({ onUseForm }: { onUseForm: () => void }) {
  const staffed = site.supportHours.filter((h) => !/email/i.test(h.hours));
  // Closing returns focus to the chat button, unless the visitor chose the form: then focus goes there.
  const toForm = useRef(false);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <MessageCircle aria-hidden="true" />
          {t('Start Live Chat')}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!toForm.current) return;
          toForm.current = false;
          event.preventDefault();
          onUseForm();
        }}
      >
        <DialogTitle>{t('Live chat')}</DialogTitle>
        <DialogDescription>
          {t(
            'Live chat is not available on this site right now. When it is on, our team answers chats during these hours:',
          )}
        </DialogDescription>
        <ul className="space-y-1 text-sm">
          {staffed.map((h) => (
            <li key={h.days}>
              <span className="font-medium">{translateText(h.days)}:</span> {translateText(h.hours)}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          {t('Email reaches the same team, every day of the week. We answer general requests in under 24 hours.')}
        </p>
        {/* The email button is wide (the address is in it): side by side when both fit, else stacked, each
            filling the row, never past the dialog's edge. */}
        <div className="flex flex-wrap gap-3 *:grow">
          <Button asChild className="h-auto min-h-11 whitespace-normal py-2">
            <a href={`mailto:${site.supportEmail}`}>
              <Mail aria-hidden="true" />
              {t('Email {address}', { address: site.supportEmail })}
            </a>
          </Button>
          <DialogClose asChild>
            <Button
              variant="secondary"
              onClick={() => {
                toForm.current = true;
              }}
            >
              {t('Use the contact form')}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
