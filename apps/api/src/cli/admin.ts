import { STAFF_ROLES, type StaffRole } from '@kaushal/contract';
import { asc, eq } from 'drizzle-orm';
import { openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { userRoles, users } from '../db/schema.ts';
import { grantRoleByEmail, revokeRoleByEmail } from '../modules/roles/index.ts';

/**
 * `npm run admin -- grant EMAIL ROLE`, `revoke EMAIL ROLE`, `list`: staff roles from a shell, for the first admin
 * of a new installation (later ones are granted in the console). Each change is audited as done by `cli`. The
 * person must have signed in once (their account exists); ADMIN_EMAILS covers the other order.
 */
const USAGE = `Usage:
  npm run admin -- grant EMAIL ROLE    give a signed-up user a role (${STAFF_ROLES.join(', ')})
  npm run admin -- revoke EMAIL ROLE   take it away
  npm run admin -- list                everyone holding a staff role`;

const [command, email, role] = process.argv.slice(2);
const isRole = (value: string | undefined): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

async function main(): Promise<number> {
  if (command === 'list' && !email) {
    const config = loadConfig();
    const database = await openConfiguredDatabase(config, 'admin');
    try {
      const rows = await database.db
        .select({ email: users.email, role: userRoles.role })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .orderBy(asc(users.email), asc(userRoles.role));
      if (rows.length === 0) console.log('Nobody holds a staff role yet.');
      for (const row of rows) console.log(`${row.email}\t${row.role}`);
      return 0;
    } finally {
      await database.close();
    }
  }
  if ((command !== 'grant' && command !== 'revoke') || !email || !isRole(role)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, 'admin');
  try {
    const now = new Date();
    if (command === 'grant') {
      const result = await grantRoleByEmail(database.db, email, role, 'cli', now);
      if (result === 'no_user') {
        console.error(`No user has the email ${email}: they must sign in once first (or list it in ADMIN_EMAILS).`);
        return 1;
      }
      console.log(result === 'granted' ? `${email} is now ${role}.` : `${email} was already ${role}.`);
      return 0;
    }
    const result = await revokeRoleByEmail(database.db, email, role, 'cli', now);
    if (result === 'no_user') {
      console.error(`No user has the email ${email}.`);
      return 1;
    }
    console.log(result === 'revoked' ? `${email} is no longer ${role}.` : `${email} did not hold ${role}.`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
