import { sql, type Kysely } from 'kysely';

// The merchant's rules for one order (docs/session-api.md#order-rules), stored with the session:
// `rules`, the canonical JSON of the rules and the session's own lifetime, null for a session
// without them. Expand only: a nullable column, which older releases neither read nor write; a
// session they create reads as one without rules.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions add column rules jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop column if exists rules`.execute(db);
}
