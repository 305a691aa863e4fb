import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

/** Spec: '404 Oops! Page not found' with a Return to Home link. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-accent">404</h1>
      <p className="text-xl text-fg">Oops! Page not found</p>
      <Button asChild variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
