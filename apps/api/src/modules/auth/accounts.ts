import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthAccounts, users } from '../../db/schema.ts';
import { OAuthFlowError, type OAuthProfile, type ProviderId } from '../../providers/oauth/index.ts';
import { STAND_IN_ACCOUNT_PREFIX } from '../../providers/oauth/stand-in.ts';

/** Names from providers can be long; the profile page allows 80 characters (contract updateProfileBodySchema). */
const MAX_NAME = 80;

/**
 * The learner for a provider profile, created or linked as needed:
 * - a known provider account signs in its user (whose name, possibly edited since, is kept);
 * - otherwise the verified email decides: the same email from Google and GitHub is one learner;
 * - otherwise a new learner.
 * The development stand-in signs in any email typed into it, so its identities and the real providers' never
 * meet: an account linked to one kind is refused to the other (OAuthFlowError 'account_conflict').
 * Concurrent first sign-ins meet at the unique email and the account's primary key, never two users.
 */
export async function upsertOAuthUser(
  db: Db,
  provider: ProviderId,
  profile: OAuthProfile,
  now: Date,
  options: { standIn: boolean },
): Promise<string> {
  const email = profile.email.toLowerCase();
  if (options.standIn !== profile.providerAccountId.startsWith(STAND_IN_ACCOUNT_PREFIX)) {
    throw new Error('a provider account id does not match the kind of provider that signed it in');
  }
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerAccountId, profile.providerAccountId)))
      .limit(1);
    if (linked) {
      await tx
        .update(users)
        .set({ lastLoginAt: now, avatarUrl: sql`coalesce(${users.avatarUrl}, ${profile.avatarUrl})` })
        .where(eq(users.id, linked.userId));
      return linked.userId;
    }
    const links = await tx
      .select({ providerAccountId: oauthAccounts.providerAccountId })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(eq(users.email, email));
    if (links.some((l) => l.providerAccountId.startsWith(STAND_IN_ACCOUNT_PREFIX) !== options.standIn)) {
      throw new OAuthFlowError(
        'account_conflict',
        options.standIn
          ? 'the email belongs to an account of a real provider; a stand-in identity never signs in to it'
          : 'the email belongs to an account the development stand-in made; a real provider never signs in to it',
      );
    }
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name: profile.name.slice(0, MAX_NAME),
        avatarUrl: profile.avatarUrl,
        createdAt: now,
        updatedAt: now,
        lastLoginAt: now,
      })
      .onConflictDoUpdate({
        target: users.email,
        set: { lastLoginAt: now, avatarUrl: sql`coalesce(${users.avatarUrl}, excluded.avatar_url)` },
      })
      .returning({ id: users.id });
    if (!user) throw new Error('the user upsert returned no row');
    await tx
      .insert(oauthAccounts)
      .values({ provider, providerAccountId: profile.providerAccountId, userId: user.id, createdAt: now })
      .onConflictDoNothing();
    return user.id;
  });
}
