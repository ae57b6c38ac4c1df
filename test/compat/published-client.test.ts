// A merchant integration as the operator's own published clients make it (strict-client.ts),
// against the real service started with PROVIDER_PREFIX=RESURS: only the base URL differs.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist, processEnvironment, runServerToExit, startServer } from '../helpers/process.ts';
import type { ProcessEnvironment, ServerProcess } from '../helpers/process.ts';
import { operatorTypes } from '../../src/domain/payment-method-types.ts';
import { catalogMethod, testIds } from '../helpers/fixtures.ts';
import { ApiError, RESURS_TYPES, StrictMerchantClient, TokenError } from './strict-client.ts';

const [STOCKHOLM, OSLO] = testIds('50000000', 2);
const [INVOICE, PART_12, PART_24, SWISH] = testIds('5000000a', 4);
const CLIENT = {
  clientId: 'resurs-shop-backend',
  clientSecret: 'resurs-shop-secret-3Vx8Lq',
  merchantId: 'm-resurs-shop',
  scopes: ['merchant-api'],
};

// Every method here: 100 … 50,000 to consumers in Stockholm (the catalog builders' invoice otherwise).
const method = (id: string, overrides: Record<string, unknown>) =>
  catalogMethod(STOCKHOLM, { id, minPurchaseLimit: 100, minApplicationLimit: 100, ...overrides });
const partPayment = (id: string, months: number, factor: number) =>
  method(id, {
    sortOrder: 20,
    name: `Delbetalning ${months} månader`,
    description: `Betala på ${months} månader`,
    type: 'RESURS_PART_PAYMENT_SELECT_NOW',
    priceSignagePossible: true,
    legalLinks: [
      { url: 'https://pay.example.se/secci?amount=', type: 'SECCI', appendAmount: true },
      { url: 'https://pay.example.se/villkor', type: 'GENERAL_TERMS', appendAmount: false, language: 'sv' },
    ],
    plans: [
      {
        name: `${months} månader`,
        description: `${months} månadsbetalningar`,
        durationMonths: months,
        annuityFactor: factor,
        administrationFee: 29,
        setupFee: 195,
        interest: 0.1495,
      },
    ],
  });

const CATALOG = {
  merchants: [{ id: 'm-resurs-shop', name: 'Butiken AB' }],
  stores: [
    {
      id: STOCKHOLM,
      merchantId: 'm-resurs-shop',
      name: 'Butiken Stockholm',
      currency: 'SEK',
      countryCode: 'SE',
      nationalStoreId: 101,
      organizationNumber: '556000-0001',
    },
    { id: OSLO, merchantId: 'm-resurs-shop', name: 'Butikken Oslo', currency: 'NOK', countryCode: 'NO' },
  ],
  clients: [CLIENT],
  paymentMethods: [
    method(INVOICE, { sortOrder: 10, name: 'Faktura', description: 'Betala inom 30 dagar', type: 'RESURS_INVOICE' }),
    partPayment(PART_12, 12, 0.0899),
    partPayment(PART_24, 24, 0.0481),
    method(SWISH, { sortOrder: 30, name: 'Swish', type: 'SWISH', enabledForLegalCustomer: true }),
  ],
};

let environment: ProcessEnvironment;
let server: ServerProcess;
let client: StrictMerchantClient;

beforeAll(async () => {
  buildDist();
  environment = await processEnvironment('compat', { PROVIDER_PREFIX: 'RESURS' }, {}, { migrated: true });
  const catalogFile = path.join(environment.workDir, 'catalog.json');
  await writeFile(catalogFile, JSON.stringify(CATALOG));
  server = await startServer({ ...environment.env, CATALOG_FILE: catalogFile });
  client = new StrictMerchantClient(server.baseUrl, CLIENT.clientId, CLIENT.clientSecret);
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await environment?.close();
});

describe("the operator's strict client, unchanged but for its base URL", () => {
  it('authenticates with a JSON token request and lists every store with size=999999', async () => {
    await client.authenticate();
    const stores = await client.getStores();
    expect(stores.page).toEqual({ number: 0, size: 1000, totalElements: 2, totalPages: 1 });
    // By name, byte-wise: "Butike…" before "Butikk…". Oslo's number was assigned: the next after 101.
    expect(stores.content).toEqual([
      { id: STOCKHOLM, nationalStoreId: 101, countryCode: 'SE', name: 'Butiken Stockholm', organizationNumber: '556000-0001' },
      { id: OSLO, nationalStoreId: 102, countryCode: 'NO', name: 'Butikken Oslo' },
    ]);
  });

  it("lists the store's payment methods with the operator's own type identifiers", async () => {
    const methods = await client.getPaymentMethods(STOCKHOLM, '1299.95');
    expect(methods.content.map((m) => m.type)).toEqual([
      'RESURS_INVOICE',
      'RESURS_PART_PAYMENT_SELECT_NOW',
      'RESURS_PART_PAYMENT_SELECT_NOW',
      'SWISH',
    ]);
    expect(methods.content.every((m) => (RESURS_TYPES as readonly string[]).includes(m.type))).toBe(true);
    // The service knows exactly the types the operator's clients type (none more, none fewer).
    expect([...operatorTypes('RESURS').known].sort()).toEqual([...RESURS_TYPES].sort());
  });

  it("reads a method's plans and what a product page may show for a price", async () => {
    expect(await client.getAnnuityFactors(STOCKHOLM, PART_24)).toEqual([
      { paymentPlanName: '24 månader', annuityFactor: 0.0481, durationMonths: 24, administrationFee: 29, setupFee: 195, interest: 0.1495 },
    ]);
    const signage = await client.getPriceSignage(STOCKHOLM, PART_24, 10000);
    expect(signage.secciLinks).toEqual([{ uri: 'https://pay.example.se/secci?amount=10000', language: 'sv' }]);
    expect(signage.generalTermsLinks).toEqual([{ uri: 'https://pay.example.se/villkor', language: 'sv' }]);
    const [cost] = signage.costList;
    // ceil(10000 × 0.0481 + 29) = 510; 24 × 510 + 195 = 12435.
    expect(cost).toMatchObject({ name: '24 månader', description: '24 månadsbetalningar', monthlyCost: 510, totalCost: 12435 });
    expect(cost!.effectiveInterest).toBeGreaterThan(20);
    expect(cost!.effectiveInterest).toBeLessThan(30);
  });

  it('creates a session and gets the groups, the part payments bundled under the operator prefix', async () => {
    const session = await client.createSession(STOCKHOLM);
    const groups = await client.getPaymentMethodGroups(session.id, '1299.95', 'NATURAL');
    expect(groups.map((g) => g.type)).toEqual(['RESURS_INVOICE', 'RESURS_PART_PAYMENT_SELECT_NOW', 'SWISH']);
    expect(groups[1]!.methodIds).toEqual([PART_12, PART_24]);
  });

  it('parses every error the way the operator model expects', async () => {
    const unknownMethod = await client.getAnnuityFactors(STOCKHOLM, '50000000-0000-4000-8000-0000000000ff').catch((e: unknown) => e);
    expect(unknownMethod).toBeInstanceOf(ApiError);
    expect((unknownMethod as ApiError).status).toBe(404);
    const badAmount = await client.getPaymentMethods(STOCKHOLM, 'abc').catch((e: unknown) => e);
    expect(badAmount).toMatchObject({ status: 400, parameters: { amount: expect.any(String) } });
    const wrongSecret = new StrictMerchantClient(server.baseUrl, CLIENT.clientId, 'wrong');
    const refused = await wrongSecret.authenticate().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TokenError);
    expect(refused).toMatchObject({ status: 401, error: 'invalid_client' });
  });

  it('refuses, at start-up, a catalog written with another operator prefix, naming the expected identifier', async () => {
    const wrongPrefix = await processEnvironment('compat-wrong', { PROVIDER_PREFIX: 'RESURS' }, {}, { migrated: true });
    try {
      const wrong = path.join(wrongPrefix.workDir, 'wrong-prefix.json');
      const provider = { ...CATALOG, paymentMethods: [{ ...CATALOG.paymentMethods[0], type: 'PROVIDER_INVOICE' }] };
      await writeFile(wrong, JSON.stringify(provider));
      const result = await runServerToExit({ ...wrongPrefix.env, CATALOG_FILE: wrong });
      expect(result.code).toBe(1);
      expect(result.output).toContain('RESURS_INVOICE');
    } finally {
      await wrongPrefix.close();
    }
  }, 60_000);
});
