import type { User } from '@kaushal/contract';
import { useSession } from './session-query';

/**
 * The learner, for pages under the signed-in layout (dashboard, profile, settings), which renders them only
 * once the session is known to be signed in. Never a placeholder user.
 */
export function useSignedInUser(): User {
  const session = useSession();
  if (session.status !== 'authenticated') {
    throw new Error('useSignedInUser() is only for pages inside the signed-in layout');
  }
  return session.user;
}
