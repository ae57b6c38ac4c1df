// The catalog file at start-up (services/catalog-import.ts): skipped when its content was the last
// application and no catalog write happened since; applied again when the file changed, or when
// the admin API or the CLI changed the catalog in between. Also the migrations' fast path.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminServices, type AdminServices } from '../../src/services/admin/index.ts';
import type { Actor } from '../../src/services/audit.ts';
import { CatalogChanges } from '../../src/services/catalog-changes.ts';
import {
  applyCatalog,
  applyCatalogFile,
  catalogFileIsCurrent,
  readCatalogFileWithDigest,
  type CatalogFile,
} from '../../src/services/catalog-import.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { demoCatalog } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { STORE } from '../helpers/demo.ts';

const CARD = '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a';
/** The audit trail's actor of the admin writes made here. */
const OPERATOR: Actor = { type: 'client', id: 'operator' };

let database: TestDatabase;
let admin: AdminServices;
let workDir: string;
let catalogPath: string;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = createAdminServices(database.handle.db, new CatalogChanges(database.handle.db), DEFAULT_OPERATOR_TYPES);
  workDir = await mkdtemp(path.join(tmpdir(), 'pms-catalog-file-'));
  catalogPath = path.join(workDir, 'catalog.json');
});

afterAll(async () => {
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

/** Writes the catalog file and reads it back as the start-up does. */
async function writeCatalog(value: unknown, space?: number): Promise<CatalogFile> {
  await writeFile(catalogPath, JSON.stringify(value, null, space));
  return readCatalogFileWithDigest(catalogPath, DEFAULT_OPERATOR_TYPES);
}

/** A start-up: the file is applied (its summary) or skipped (undefined). */
function startUp(file: CatalogFile) {
  return applyCatalogFile(database.handle.db, file, DEFAULT_OPERATOR_TYPES);
}

async function maxPurchaseLimit(id: string): Promise<string | undefined> {
  const row = await database.handle.db.selectFrom('payment_methods').select('max_purchase_limit').where('id', '=', id).executeTakeFirst();
  return row?.max_purchase_limit;
}

describe('the catalog file at start-up', () => {
  it('is applied on the first start and skipped on a restart with the same content', async () => {
    const catalog = await demoCatalog();
    const first = await startUp(await writeCatalog(catalog));
    expect(first?.paymentMethods.created).toBe(12);
    expect(await startUp(await writeCatalog(catalog))).toBeUndefined();
    // Formatting and key order are not content.
    const reordered = Object.fromEntries(Object.entries(catalog).reverse());
    expect(await startUp(await writeCatalog(reordered, 2))).toBeUndefined();
  });

  it('keeps no fast hash of the client secrets it contains', async () => {
    const file = await writeCatalog(await demoCatalog());
    expect(file.digest).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{43}$/);
    const rows = await database.handle.db.selectFrom('catalog_applications').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ source: path.resolve(catalogPath), digest: file.digest })]);
  });

  it('is applied when its content changed, and skipped again after that', async () => {
    const catalog = await demoCatalog();
    (catalog.paymentMethods as Array<Record<string, unknown>>).find((m) => m.id === CARD)!.maxPurchaseLimit = '77777.00';
    const changed = await startUp(await writeCatalog(catalog));
    expect(changed?.paymentMethods).toEqual({ created: 0, updated: 1, unchanged: 11 });
    expect(await maxPurchaseLimit(CARD)).toBe('77777.00');
    expect(await startUp(await writeCatalog(catalog))).toBeUndefined();

    // Back to the original content: a change too.
    const original = await startUp(await writeCatalog(await demoCatalog()));
    expect(original?.paymentMethods).toEqual({ created: 0, updated: 1, unchanged: 11 });
    expect(await startUp(await writeCatalog(await demoCatalog()))).toBeUndefined();
  });

  it('is applied again after an admin API change in between, restoring the declared state', async () => {
    const file = await writeCatalog(await demoCatalog());
    expect(await startUp(file)).toBeUndefined();

    await admin.paymentMethods.delete(CARD, OPERATOR);
    expect(await catalogFileIsCurrent(database.handle.db, file)).toBe(false);
    const reapplied = await startUp(file);
    expect(reapplied?.paymentMethods).toEqual({ created: 1, updated: 0, unchanged: 11 });
    expect(await maxPurchaseLimit(CARD)).toBeDefined();
    expect(await startUp(file)).toBeUndefined();

    // Any catalog write counts, also one outside the file's entities.
    await admin.merchants.put('m-elsewhere', { name: 'Elsewhere AB' }, OPERATOR);
    expect((await startUp(file))?.paymentMethods.unchanged).toBe(12);
    expect(await startUp(file)).toBeUndefined();
  });

  it('is not applied again for an admin write that was refused (rolled back)', async () => {
    const file = await writeCatalog(await demoCatalog());
    expect(await startUp(file)).toBeUndefined();
    await expect(admin.stores.put(STORE, { merchantId: 'm-nobody' }, OPERATOR)).rejects.toThrow();
    await expect(admin.paymentMethods.delete('00000000-0000-4000-8000-000000000000', OPERATOR)).rejects.toThrow();
    expect(await startUp(file)).toBeUndefined();
  });

  it('is applied again after the CLI applied another catalog, and skipped after the CLI applied this file', async () => {
    const file = await writeCatalog(await demoCatalog());
    expect(await startUp(file)).toBeUndefined();

    // `pms catalog apply other.json`: a catalog write like any other.
    const other = path.join(workDir, 'other.json');
    await writeFile(other, JSON.stringify({ merchants: [{ id: 'm-other', name: 'Other AB' }] }));
    const otherFile = await readCatalogFileWithDigest(other, DEFAULT_OPERATOR_TYPES);
    await admin.applyCatalog(otherFile.value, otherFile);
    expect((await startUp(file))?.merchants.unchanged).toBeGreaterThan(0);

    // `pms catalog apply catalog.json` always applies (an explicit operator action), and records it.
    const summary = await admin.applyCatalog(file.value, file);
    expect(summary.paymentMethods.unchanged).toBe(12);
    expect(await startUp(file)).toBeUndefined();
  });

  it('is applied again after a catalog was applied without being recorded', async () => {
    const file = await writeCatalog(await demoCatalog());
    expect(await startUp(file)).toBeUndefined();
    await applyCatalog(database.handle.db, { merchants: [{ id: 'm-other', name: 'Other AB, renamed' }] });
    expect(await startUp(file)).toBeDefined();
    expect(await startUp(file)).toBeUndefined();
  });
});

describe('migrations', () => {
  it('do nothing on an up-to-date database, nor on one a newer release migrated (docs/migrations.md)', async () => {
    expect(await migrateToLatest(database.handle)).toEqual({ ahead: [] });
    expect(await database.handle.db.selectFrom('catalog_generation').select('id').execute()).toHaveLength(1);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2099-01-01T00:00:00.000Z')`.execute(
      database.handle.db,
    );
    expect(await migrateToLatest(database.handle)).toEqual({ ahead: ['9999_from_the_future'] });
    await sql`delete from kysely_migration where name = '9999_from_the_future'`.execute(database.handle.db);
    expect(await migrateToLatest(database.handle)).toEqual({ ahead: [] });
  });
});
