import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { Link, useSearchParams } from '@/lib/router';
import { site } from '@/lib/site';
import { usePageTitle } from '@/lib/use-page-title';
import { PAYMENT_RESULT_DELAY_MS } from './lib/payment-messages';

/** Course ids are slugs; anything else in the query is ignored rather than put into a link. */
const COURSE_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * /payment-status?success=&course= (spec section 2): where the checkout lands in redirect mode. It reads only
 * its query: 'Processing your payment...' for 2 seconds, then the success or the failure view.
 */
export function PaymentStatusPage() {
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const rawCourse = params.get('course') ?? '';
  const coursePath = COURSE_ID.test(rawCourse) ? `/course/${rawCourse}` : '/courses';
  const [processing, setProcessing] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setProcessing(false), PAYMENT_RESULT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // The result replaces the waiting text: move focus to its heading so it is read out.
  useEffect(() => {
    if (!processing) heading.current?.focus();
  }, [processing]);

  usePageTitle(processing ? t('Processing payment') : success ? t('Payment successful') : t('Payment failed'));

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      {processing ? (
        <div role="status" className="flex flex-col items-center gap-4">
          <LoaderCircle className="size-12 animate-spin text-accent" aria-hidden="true" />
          <h1 className="text-lg font-medium">{t('Processing your payment...')}</h1>
        </div>
      ) : success ? (
        <div className="flex flex-col items-center gap-4">
          <CircleCheck className="size-16 text-success" aria-hidden="true" />
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
            {t('Payment Successful!')}
          </h1>
          <p className="text-muted">
            {t('You have been enrolled in the course. Your lessons are ready when you are.')}
          </p>
          <div className="mt-4 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to="/dashboard">{t('Go to Dashboard')}</Link>
            </Button>
            <Button asChild size="lg">
              <Link to={coursePath}>{t('Start Learning')}</Link>
            </Button>
          </div>
          <p className="text-sm text-muted">
            {tRich('Your invoice is in your {history}.', {
              history: (
                <Link to="/purchases" className="text-accent underline underline-offset-4 hover:no-underline">
                  {t('purchase history')}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4">
          <CircleX className="size-16 text-danger" aria-hidden="true" />
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
            {t('Payment Failed')}
          </h1>
          <p className="text-muted">
            {tRich(
              'Your payment could not be completed and you have not been enrolled. If money was deducted, please contact us at {email}.',
              {
                email: (
                  <a className="text-accent underline-offset-4 hover:underline" href={`mailto:${site.supportEmail}`}>
                    {site.supportEmail}
                  </a>
                ),
              },
            )}
          </p>
          <div className="mt-4 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to={coursePath}>{t('Try Again')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/courses">{t('Back to Courses')}</Link>
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
