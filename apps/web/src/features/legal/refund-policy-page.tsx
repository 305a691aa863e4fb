import { usePageTitle } from '@/lib/use-page-title';

export function RefundPolicyPage() {
  usePageTitle('Refund Policy');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Refund Policy</h1>
    </section>
  );
}
