import { endpoints, type LessonResource } from '@kaushal/contract';
import { Download, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError, api, assetUrl } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { formatFileSize, resourceKind, startDownload } from '@/lib/resource-files';

const DOWNLOAD_FAILED = 'The download could not start. Check your connection and try again.';

/**
 * The lesson's files (notebooks, PDFs, datasets) in the player, each a button that asks the API for a
 * short-lived link of its own and downloads through it. Only an open lesson reaches the player, so a locked
 * lesson offers no download.
 */
export function LessonResources({ resources }: { resources: readonly LessonResource[] }) {
  const headingId = useId();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState('');
  if (resources.length === 0) return null;

  const download = async (resource: LessonResource) => {
    setError('');
    setPending(resource.id);
    try {
      const { url } = await api(endpoints.lessonResourceUrl, { params: { id: resource.id } });
      startDownload(assetUrl(url), resource.fileName);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status >= 400 && failure.detail ? failure.detail : DOWNLOAD_FAILED,
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        {t('Lesson files')}
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {resources.map((resource) => {
          const busy = pending === resource.id;
          return (
            <li key={resource.id}>
              <button
                type="button"
                onClick={() => void download(resource)}
                disabled={busy}
                aria-busy={busy || undefined}
                className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-70"
              >
                {busy ? (
                  <LoaderCircle className="size-5 shrink-0 animate-spin text-accent" aria-hidden="true" />
                ) : (
                  <Download className="size-5 shrink-0 text-accent" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block break-words font-medium text-fg">
                    <span className="sr-only">{t('Download')} </span>
                    {resource.title}
                  </span>
                  <span className="block text-sm text-muted">
                    {resourceKind(resource.contentType)} · {formatFileSize(resource.sizeBytes)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p role="alert" className="text-sm text-danger empty:hidden">
        {error}
      </p>
    </section>
  );
}
