import { usePageTitle } from '@/lib/use-page-title';

export function AboutPage() {
  usePageTitle('About Us');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">About Us</h1>
    </section>
  );
}
