import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

export function LoginPage() {
  usePageTitle('Sign in');
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Sign in</h1>
      <Button asChild size="lg">
        <a href={apiUrl('/auth/google/login')}>Sign in with Google</a>
      </Button>
      <Button asChild size="lg" variant="secondary">
        <a href={apiUrl('/auth/github/login')}>Sign in with GitHub</a>
      </Button>
    </section>
  );
}
