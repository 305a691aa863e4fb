import { randomBytes } from 'node:crypto';

/**
 * A new certificate id: 128 random bits in base64url (22 characters). The id is the whole secret of the public
 * page, so it comes from the system's CSPRNG and is long enough that nobody can find certificates by trying.
 */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}
