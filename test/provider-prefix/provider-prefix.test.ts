// PROVIDER_PREFIX, the operator's name in the known payment method types: the configuration, a
// service under RESURS (bundling, types served as stored, refusal of another prefix's known types
// in the catalog file and the admin API, the demo catalog, the API description), the catalog file
// at start-up after a change of prefix, the real server process and the CLI.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogValidationError, loadCatalogValidation, validateCatalog } from '../../src/catalog-input/validate.ts';
import { ConfigError, readConfig } from '../../src/config.ts';
import { DEFAULT_OPERATOR_TYPES, operatorTypes } from '../../src/domain/payment-method-types.ts';
import { applyCatalog, applyCatalogFile, readCatalogFileWithDigest } from '../../src/services/catalog-import.ts';
import { demoCatalog, issueToken, startTestService, withAdminClient, type TestService } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { DEMO_METHODS, STORE } from '../helpers/demo.ts';
import { catalogMethod } from '../helpers/fixtures.ts';
import {
  buildDist,
  freePort,
  processEnvironment,
  runCliInProcess,
  runServerToExit,
  startServer,
  type ProcessEnvironment,
} from '../helpers/process.ts';

const RESURS = operatorTypes('RESURS');
const { invoice: INVOICE, pp12: TWELVE, pp24: TWENTY_FOUR, pp36: THIRTY_SIX, account: FLEXIBLE } = DEMO_METHODS;
const NORDIC = { id: 'nordic-home-backend', secret: 'demo-secret-nordic-home-7Qm2vX9pL4' };
const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };

type Catalog = Record<string, unknown> & { paymentMethods: Array<Record<string, unknown>> };

/** The demo catalog written by hand for the RESURS operator (every `PROVIDER_` → `RESURS_`), with an admin client. */
async function resursCatalog(): Promise<Catalog> {
  const catalog = JSON.parse(JSON.stringify(await demoCatalog()).replaceAll('"PROVIDER_', '"RESURS_')) as Catalog;
  return withAdminClient(catalog, ADMIN) as Catalog;
}

function typesOf(value: unknown): string[] {
  return (value as Array<{ type: string }>).map((item) => item.type);
}

describe('the PROVIDER_PREFIX setting', () => {
  it('defaults to PROVIDER and keeps a valid prefix as written', () => {
    expect(readConfig({}).providerPrefix).toBe('PROVIDER');
    expect(readConfig({ PROVIDER_PREFIX: '' }).providerPrefix).toBe('PROVIDER');
    expect(readConfig({ PROVIDER_PREFIX: 'RESURS' }).providerPrefix).toBe('RESURS');
    expect(readConfig({ PROVIDER_PREFIX: 'My_Bank2' }).providerPrefix).toBe('My_Bank2');
  });

  it.each(['_RESURS', '1RESURS', 'RES-URS', 'RESURS ', 'RESÜRS', 'RESURS_INVOICE!'])('refuses %j, naming the variable', (value) => {
    expect(() => readConfig({ PROVIDER_PREFIX: value })).toThrow(ConfigError);
    expect(() => readConfig({ PROVIDER_PREFIX: value })).toThrow(/^PROVIDER_PREFIX must be letters, digits and _, starting with a letter/);
  });
});

describe('a service with PROVIDER_PREFIX=RESURS and a RESURS catalog', () => {
  let service: TestService;
  let merchantToken: string;
  let adminToken: string;

  beforeAll(async () => {
    const catalog = await resursCatalog();
    // An unknown type (the enum is extensible) and one spelled like the default prefix's unknown types.
    catalog.paymentMethods.push(
      {
        ...catalog.paymentMethods.find((m) => m.id === INVOICE)!,
        id: '0f5c3a52-7d7e-4bde-9d65-1e0a9c1f2b01',
        name: 'Pay later',
        type: 'KLARNA_PAY_LATER',
        sortOrder: 95,
      },
      {
        ...catalog.paymentMethods.find((m) => m.id === INVOICE)!,
        id: '0f5c3a52-7d7e-4bde-9d65-1e0a9c1f2b02',
        name: 'Future',
        type: 'FUTURE_TYPE',
        sortOrder: 96,
      },
    );
    service = await startTestService({ env: { PROVIDER_PREFIX: 'RESURS' }, catalog });
    merchantToken = await issueToken(service.app, NORDIC.id, NORDIC.secret);
    adminToken = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  });
  afterAll(() => service?.close());

  async function groups(query: string): Promise<Array<{ type: string; methodIds: string[]; title: string }>> {
    const created = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${merchantToken}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await service.app.inject({
      method: 'GET',
      url: `/v1/sessions/${(created.json() as { id: string }).id}/payment-method-groups?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('bundles the RESURS part payments into one group each', async () => {
    const offered = await groups('amount=5000&customerType=NATURAL');
    expect(typesOf(offered)).toEqual([
      'RESURS_INVOICE',
      'RESURS_PART_PAYMENT_SELECT_NOW',
      'RESURS_PART_PAYMENT_SELECT_LATER',
      'CARD',
      'SWISH',
      'KLARNA_PAY_LATER',
      'FUTURE_TYPE',
    ]);
    const bundle = offered[1]!;
    expect([bundle.title, bundle.methodIds]).toEqual(['Delbetalning', [TWELVE, TWENTY_FOUR, THIRTY_SIX]]);
    expect(offered[2]!.methodIds).toEqual([FLEXIBLE]);
    // internalData carries the type as stored.
    const internal = JSON.parse(
      Buffer.from((offered[1] as unknown as { internalData: string }).internalData, 'base64').toString('utf8'),
    ) as { type: string };
    expect(internal.type).toBe('RESURS_PART_PAYMENT_SELECT_NOW');
    expect(
      typesOf(await groups('amount=5000&customerType=NATURAL&flattened=true')).filter((t) => t === 'RESURS_PART_PAYMENT_SELECT_NOW'),
    ).toHaveLength(3);
  });

  it('lists the methods with their types exactly as stored, unknown ones included', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: `/v2/stores/${STORE}/payment_methods`,
      headers: { authorization: `Bearer ${merchantToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const types = typesOf((response.json() as { content: unknown }).content);
    expect(types).toEqual(
      expect.arrayContaining([
        'RESURS_INVOICE',
        'RESURS_INVOICE_ACCOUNT',
        'RESURS_PART_PAYMENT_SELECT_LATER',
        'CARD',
        'KLARNA_PAY_LATER',
        'FUTURE_TYPE',
      ]),
    );
    expect(types.some((t) => t.startsWith('PROVIDER_'))).toBe(false);
  });

  it('explains eligibility with the same bundles', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: `/v2/stores/${STORE}/payment_methods/eligibility?amount=5000&customerType=NATURAL`,
      headers: { authorization: `Bearer ${merchantToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { groups: explained } = response.json() as { groups: Array<{ type: string; methodIds: string[] }> };
    expect(explained.find((g) => g.type === 'RESURS_PART_PAYMENT_SELECT_NOW')?.methodIds).toEqual([TWELVE, TWENTY_FOUR, THIRTY_SIX]);
  });

  function putMethod(id: string, body: Record<string, unknown>) {
    return service.app.inject({
      method: 'PUT',
      url: `/admin/v1/payment-methods/${id}`,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  }

  const giftCard = (type: string) =>
    catalogMethod(STORE, { name: 'Gift card', type, minPurchaseLimit: 1, maxPurchaseLimit: 2500, maxApplicationLimit: 2500 });

  it.each([
    ['PROVIDER_INVOICE', 'RESURS_INVOICE'],
    ['PROVIDER_PART_PAYMENT_SELECT_NOW', 'RESURS_PART_PAYMENT_SELECT_NOW'],
    ['OTHERBANK_NEW_REVOLVING_CREDIT', 'RESURS_NEW_REVOLVING_CREDIT'],
  ])('refuses an admin PUT of type %s, naming the field and %s; nothing is stored', async (type, expected) => {
    const id = '3b1f0c1e-55aa-4c1b-9d0e-7a6f1e2d3c4b';
    const response = await putMethod(id, giftCard(type));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; code: string };
    expect(body.code).toBe('ADMIN_VALIDATION_FAILED');
    expect(body.message).toContain(`type: must be ${expected}`);
    expect(body.message).toContain(`"${type}"`);
    const stored = await service.app.inject({
      method: 'GET',
      url: `/admin/v1/payment-methods/${id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(stored.statusCode).toBe(404);
  });

  it.each(['RESURS_INVOICE', 'CARD', 'NETS', 'GENERIC', 'KLARNA_PAY_LATER', 'FUTURE_TYPE'])(
    'accepts an admin PUT of type %s and serves it as stored',
    async (type) => {
      const id = '3b1f0c1e-55aa-4c1b-9d0e-7a6f1e2d3c4c';
      const response = await putMethod(id, giftCard(type));
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect((response.json() as { type: string }).type).toBe(type);
    },
  );

  it('refuses a catalog naming PROVIDER_ types, every such field named with the RESURS identifier; nothing applied', async () => {
    const catalog = await demoCatalog();
    const refused = await applyCatalog(service.database.handle.db, catalog, { operator: RESURS }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CatalogValidationError);
    const issues = (refused as CatalogValidationError).issues;
    expect(issues[0]).toEqual({
      path: 'paymentMethods[0].type',
      message: `must be RESURS_INVOICE: "PROVIDER_INVOICE" is that type under another operator's prefix (PROVIDER); this service's prefix is RESURS`,
    });
    expect(issues.map((i) => i.path)).toEqual(
      catalog.paymentMethods &&
        (catalog.paymentMethods as Array<{ type: string }>).flatMap((m, i) =>
          m.type.startsWith('PROVIDER_') ? [`paymentMethods[${i}].type`] : [],
        ),
    );
    // Still the RESURS types: nothing of the refused catalog was written.
    const invoice = await service.app.inject({
      method: 'GET',
      url: `/admin/v1/payment-methods/${INVOICE}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect((invoice.json() as { type: string }).type).toBe('RESURS_INVOICE');

    // The same rule in the validation alone.
    await loadCatalogValidation();
    expect(() => validateCatalog(catalog, RESURS)).toThrow(/paymentMethods\[0\]\.type: must be RESURS_INVOICE/);
    expect(validateCatalog(catalog, DEFAULT_OPERATOR_TYPES).paymentMethods[0]!.type).toBe('PROVIDER_INVOICE');
  });

  it('describes the RESURS types in /openapi.json', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      info: { description: string };
      components: { schemas: Record<string, { description: string; examples: string[] }> };
    };
    const schema = document.components.schemas.PaymentMethodType!;
    expect(schema.examples).toEqual(RESURS.known);
    expect(schema.description).toContain('RESURS_PART_PAYMENT_SELECT_NOW');
    expect(document.info.description).toContain('`RESURS_INVOICE`');
    // No known type of the default prefix is left anywhere (prose, examples).
    expect(response.body).not.toMatch(/PROVIDER_(INVOICE|PART_PAYMENT|CARD|REVOLVING|NEW_REVOLVING)/);
    expect(response.body).toContain('RESURS_PART_PAYMENT_SELECT_LATER');
  });
});

describe('the demo catalog under PROVIDER_PREFIX=RESURS', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { PROVIDER_PREFIX: 'RESURS' }, demo: true });
  });
  afterAll(() => service?.close());

  it('is served with RESURS types, bundled', async () => {
    const token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
    const listing = await service.app.inject({
      method: 'GET',
      url: `/v2/stores/${STORE}/payment_methods`,
      headers: { authorization: `Bearer ${token}` },
    });
    const types = typesOf((listing.json() as { content: unknown }).content);
    expect(types).toContain('RESURS_INVOICE');
    expect(types).toContain('RESURS_PART_PAYMENT_SELECT_NOW');
    expect(types.some((t) => t.startsWith('PROVIDER_'))).toBe(false);
    const session = await service.app.inject({ method: 'POST', url: '/demo/session' });
    const { sessionId } = session.json() as { sessionId: string };
    const offered = await service.app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}/payment-method-groups?amount=1299.95&customerType=NATURAL`,
    });
    expect(typesOf(offered.json())).toEqual([
      'RESURS_INVOICE',
      'RESURS_PART_PAYMENT_SELECT_NOW',
      'RESURS_PART_PAYMENT_SELECT_LATER',
      'CARD',
      'SWISH',
    ]);
  });
});

describe('the catalog file at start-up after a change of PROVIDER_PREFIX', () => {
  let database: TestDatabase;
  let workDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    workDir = await mkdtemp(path.join(tmpdir(), 'pms-prefix-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(workDir, { recursive: true, force: true });
  });

  it('is validated again under the new prefix instead of being skipped as unchanged', async () => {
    const file = path.join(workDir, 'catalog.json');
    await writeFile(file, JSON.stringify(await demoCatalog()));
    const underDefault = await readCatalogFileWithDigest(file, DEFAULT_OPERATOR_TYPES);
    expect(await applyCatalogFile(database.handle.db, underDefault, DEFAULT_OPERATOR_TYPES)).toBeDefined();
    expect(await applyCatalogFile(database.handle.db, underDefault, DEFAULT_OPERATOR_TYPES)).toBeUndefined();
    const underResurs = await readCatalogFileWithDigest(file, RESURS);
    expect(underResurs.digest).not.toBe(underDefault.digest);
    await expect(applyCatalogFile(database.handle.db, underResurs, RESURS)).rejects.toThrow(
      /paymentMethods\[0\]\.type: must be RESURS_INVOICE/,
    );
  });
});

describe('the server process and the CLI with PROVIDER_PREFIX=RESURS', () => {
  let environment: ProcessEnvironment;
  let workDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    buildDist();
    environment = await processEnvironment('prefix-process', { PROVIDER_PREFIX: 'RESURS' }, {}, { migrated: true });
    ({ workDir, env } = environment);
  });
  afterAll(async () => {
    await environment?.close();
  });

  it('serves the demo catalog and /openapi.json with RESURS types', async () => {
    const server = await startServer({ ...env, DEMO: '1', PORT: String(await freePort()) });
    try {
      const document = await (await fetch(`${server.baseUrl}/openapi.json`)).text();
      expect(document).toContain('RESURS_PART_PAYMENT_SELECT_NOW');
      expect(document).not.toMatch(/PROVIDER_(INVOICE|PART_PAYMENT|CARD)/);
      const token = await fetch(`${server.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: NORDIC.id, client_secret: NORDIC.secret }),
      });
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const listing = await fetch(`${server.baseUrl}/v2/stores/${STORE}/payment_methods`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const types = typesOf(((await listing.json()) as { content: unknown }).content);
      expect(types).toContain('RESURS_INVOICE');
      expect(types.some((t) => t.startsWith('PROVIDER_'))).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect((await server.exited).code).toBe(0);
  }, 60_000);

  it('refuses to start with an invalid PROVIDER_PREFIX, naming it', async () => {
    const result = await runServerToExit({ ...env, PROVIDER_PREFIX: 'RES-URS' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PROVIDER_PREFIX must be letters, digits and _');
  });

  it('`pms catalog apply` validates with the configured prefix', async () => {
    // The CLI's program in process (test/helpers/process.ts), on the environment the server uses.
    const cli = (file: string) => runCliInProcess(env, ['catalog', 'apply', file]);
    const providerFile = path.join(workDir, 'provider.json');
    await writeFile(providerFile, JSON.stringify(await demoCatalog()));
    const refused = await cli(providerFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('paymentMethods[0].type: must be RESURS_INVOICE');
    const resursFile = path.join(workDir, 'resurs.json');
    await writeFile(resursFile, JSON.stringify(await resursCatalog()));
    const applied = await cli(resursFile);
    expect(applied.code, applied.stderr).toBe(0);
  }, 60_000);
});
