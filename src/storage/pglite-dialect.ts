// A small Kysely dialect for PGlite (PostgreSQL compiled to WASM, running in this process).
// PGlite is a single connection, so the driver hands it out to one borrower at a time: a
// transaction's statements are never interleaved with another request's.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { TransactionLockedMigrationsAdapter } from './migration-lock.ts';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^(insert|update|delete|merge)/i.test(query.sql.trimStart())
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // Streaming is not needed by this service; PGlite returns whole results.
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  /** Resolves when the current borrower releases the connection. */
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly closeOnDestroy: boolean,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const mode = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${mode}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    if (this.closeOnDestroy && !this.pglite.closed) await this.pglite.close();
  }
}

export interface PGliteDialectOptions {
  /**
   * false: Kysely's destroy() leaves the PGlite open, for its owner to close or reuse (the tests'
   * pool of databases, test/helpers/database.ts). Default true: destroy() closes it.
   */
  closeOnDestroy?: boolean;
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly options: PGliteDialectOptions = {},
  ) {}
  createAdapter() {
    return new TransactionLockedMigrationsAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.options.closeOnDestroy ?? true);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
