import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A link to share, shown in full (so it can be selected by hand) with a Copy button; whether the copy worked
 * is announced. `what` names the link for screen readers ('the link for SAVE20').
 */
export function CopyLink({ url, what }: { url: string; what: string }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <div className="mt-2 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 rounded bg-surface-2 px-1.5 py-0.5 text-xs break-all">{url}</code>
        <Button variant="secondary" size="sm" onClick={copy}>
          {status === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          Copy link
          <span className="sr-only"> {what}</span>
        </Button>
      </div>
      <p role="status" className="text-xs text-muted">
        {status === 'copied'
          ? 'Link copied.'
          : status === 'failed'
            ? 'Could not copy: select the link and copy it.'
            : ''}
      </p>
    </div>
  );
}
