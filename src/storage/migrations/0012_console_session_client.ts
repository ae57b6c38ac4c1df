import { sql, type Kysely } from 'kysely';

// A console session signed in with an admin client remembers which secret it was signed in with
// (docs/console.md#session): `client_secret_digest`, the SHA-256 of the client's secret hash at sign-in
// (not the hash itself, so a copy of the table gives nothing to guess secrets against). A session whose
// client has since been deleted, lost the scope `admin` or had its secret replaced (a rotation, or a
// deleted client created again) ends at its next request. Null for single sign-on's sessions, and for
// those an older release starts during a rolling deploy (those are checked for the client and its scope only).
// Expand only: a nullable column, which older releases neither read nor write.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table console_sessions add column client_secret_digest text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table console_sessions drop column if exists client_secret_digest`.execute(db);
}
