import { usePageTitle } from '@/lib/use-page-title';

export function ProfilePage() {
  usePageTitle('Profile');
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Profile</h1>
    </section>
  );
}
