import { usePageTitle } from '@/lib/use-page-title';

export function PrivacyPolicyPage() {
  usePageTitle('Privacy Policy');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
    </section>
  );
}
