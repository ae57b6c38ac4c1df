// Types of pgbouncer.mjs for the TypeScript tests that import it (test/helpers/pgbouncer.ts).
/** Where Debian's pgbouncer is installed, or undefined. */
export function pgBouncerBinary(): string | undefined;

export interface PgBouncer {
  /** postgres:// URL of `database` through the pooler. */
  url(database: string): string;
  /** Server connections PgBouncer holds to PostgreSQL per database and user. */
  readonly poolSize: number;
  output(): string;
  stop(): Promise<void>;
}

export function startPgBouncer(options: { postgresUrl: string; poolSize?: number }): Promise<PgBouncer>;
