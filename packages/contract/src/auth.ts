import { z } from 'zod';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Staff roles (instructor, support, admin); empty for learners. The console link shows when there is one. */
  roles: z.array(z.enum(['instructor', 'support', 'admin'])).default([]),
});
export type User = z.infer<typeof userSchema>;

export const oauthProviderSchema = z.enum(['google', 'github']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

export const providerParamsSchema = z.object({ provider: oauthProviderSchema });

/** A state or PKCE challenge as arctic makes them (base64url); anything else did not come from our login. */
const oauthToken = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** The sign-in stand-in's page, opened by the login redirect with the flow's state and PKCE challenge. */
export const standInPageQuerySchema = z.object({ state: oauthToken, code_challenge: oauthToken });

/** The stand-in's form: the person to sign in as, or Cancel. */
export const standInFormSchema = z.object({
  state: oauthToken,
  code_challenge: oauthToken,
  action: z.enum(['allow', 'deny']),
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
});
