import { usePageTitle } from '@/lib/use-page-title';

export function TermsPage() {
  usePageTitle('Terms and Conditions');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Terms and Conditions</h1>
    </section>
  );
}
