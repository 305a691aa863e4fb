import type { OAuthProvider as ProviderId } from '@kaushal/contract';

export type { ProviderId };

/** What sign-in needs from a provider's profile: who this is, with a verified email. */
export interface OAuthProfile {
  /** The provider's stable account id (Google `sub`, GitHub numeric id). */
  providerAccountId: string;
  /** Already checked to be verified by the provider; lower-cased. */
  email: string;
  name: string;
  avatarUrl: string | null;
}

/**
 * One sign-in provider: builds the authorization URL (state + PKCE), exchanges the code and reads the
 * profile. Google and GitHub are real OAuth 2 clients; the development stand-in signs its own codes.
 */
export interface OAuthProvider {
  readonly id: ProviderId;
  /** 'Google' or 'GitHub', for messages. */
  readonly label: string;
  /** True for the local development stand-in (never in production). */
  readonly standIn: boolean;
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** The access token for this code, or an OAuthFlowError('token_exchange'). */
  exchangeCode(code: string, codeVerifier: string): Promise<string>;
  /** The verified profile, or an OAuthFlowError('profile' | 'unverified_email'). */
  fetchProfile(accessToken: string): Promise<OAuthProfile>;
}

export type OAuthFailure =
  | 'denied'
  | 'provider_error'
  | 'bad_state'
  | 'missing_code'
  | 'token_exchange'
  | 'profile'
  | 'unverified_email'
  | 'account_conflict'
  | 'not_configured';

/** A sign-in that cannot go on; `reason` picks the learner's message, `message` and `cause` go to the log. */
export class OAuthFlowError extends Error {
  override name = 'OAuthFlowError';
  constructor(
    readonly reason: OAuthFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The learner's message for each failure: says what happened and what to do, never internals. */
export function failureText(reason: OAuthFailure | 'internal', label: string): string {
  switch (reason) {
    case 'denied':
      return `You cancelled signing in with ${label}.`;
    case 'provider_error':
      return `${label} could not sign you in. Please try again.`;
    case 'bad_state':
      return 'Your sign-in session expired or was opened in another tab. Please try again.';
    case 'missing_code':
      return `${label} did not complete the sign-in. Please try again.`;
    case 'token_exchange':
      return `We could not complete signing in with ${label}. Please try again.`;
    case 'profile':
      return `We could not read your ${label} profile. Please try again.`;
    case 'unverified_email':
      return label === 'GitHub'
        ? 'Your GitHub account has no verified primary email address. Verify one on GitHub, then try again.'
        : `Your ${label} email address is not verified. Verify it with ${label}, then try again.`;
    case 'account_conflict':
      return 'This email address belongs to an account made with a different kind of sign-in. Please sign in the way you first did.';
    case 'not_configured':
      return `Sign-in with ${label} is not available right now.`;
    case 'internal':
      return 'Something went wrong while signing you in. Please try again.';
  }
}

/** Name, message and status of an error for the log: never a token, body or header. */
export function describeCause(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return {
    error: error.name,
    message: error.message,
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause ? { cause: describeCause(error.cause) } : {}),
  };
}
