// The change preview over HTTP (docs/catalog.md#change-preview): POST /admin/v1/stores/{storeId}/preview
// on the demo store, compared with what group retrieval answers; the body refused as the admin API
// refuses it, naming the field; 401/403/404; and nothing written (catalog, audit trail, webhook outbox).
// First, in process, the catalog file preview behind `pms catalog diff`.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog, issueToken, manualClock, startTestService, type TestService, withAdminClient } from '../helpers/app.ts';
import { catalogSnapshot } from '../helpers/database.ts';
import { CatalogValidationError } from '../../src/catalog-input/validate.ts';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { DEMO_METHODS, NORDIC, OTHER_STORE, STORE } from '../helpers/demo.ts';
import type { components } from '../../client/src/generated/openapi.ts';

const ADMIN = { id: 'ops-admin', secret: 'ops-admin-secret-4f9b1c7e2d', merchantId: 'm-operator' };
/** The service's moment: windows are compared at it. */
const NOW = Date.parse('2026-11-21T12:00:00.000Z');

type Json = Record<string, unknown>;
/** A change of what shoppers are offered, as a preview answers it. */
type Change = components['schemas']['OfferChange'];

let service: TestService;
let adminToken: string;
let merchantToken: string;
/** The demo store's methods as the catalog file gives them (the shape the preview takes). */
let storeMethods: Json[];
let storeFields: Json;

beforeAll(async () => {
  const catalog = await demoCatalog();
  storeMethods = (catalog.paymentMethods as Json[]).filter((m) => m.storeId === STORE);
  storeFields = (catalog.stores as Json[]).find((s) => s.id === STORE)!;
  service = await startTestService({ catalog: withAdminClient(catalog, ADMIN), clock: manualClock(NOW) });
  adminToken = await issueToken(service.app, ADMIN.id, ADMIN.secret);
  merchantToken = await issueToken(service.app, NORDIC.id, NORDIC.secret);
});

afterAll(async () => {
  await service?.close();
});

function preview(body: unknown, storeId = STORE, token: string | null = adminToken): Promise<LightMyRequestResponse> {
  return service.app.inject({
    method: 'POST',
    url: `/admin/v1/stores/${storeId}/preview`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
}

async function changesOf(body: unknown): Promise<Change[]> {
  const response = await preview(body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as { changes: Change[] }).changes;
}

/** The demo store's methods with the one `id` changed by `change` (or left out when it gives undefined). */
function methodsWith(id: string, change: (m: Json) => Json | undefined): Json[] {
  return storeMethods.flatMap((m) => {
    if (m.id !== id) return [m];
    const changed = change(m);
    return changed ? [changed] : [];
  });
}

/** What group retrieval answers a session of the demo store for an amount and customer type: id, title, type. */
async function groupsNow(app: FastifyInstance, amount: string, customerType: 'NATURAL' | 'LEGAL', campaign?: string) {
  const created = await app.inject({
    method: 'POST',
    url: `/v1/stores/${STORE}/sessions`,
    headers: { authorization: `Bearer ${merchantToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(campaign ? { campaign } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  const response = await app.inject({
    method: 'GET',
    url: `/v1/sessions/${id}/payment-method-groups?amount=${amount}&customerType=${customerType}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ id: string; title: string; type: string }>).map(({ id: groupId, title, type }) => ({
    id: groupId,
    title,
    type,
  }));
}

/** The ranges of one question's changes, touching ones joined: where it differs at all. */
function spans(changes: Change[], customerType: string, campaign: string | null): Array<[string, string | null]> {
  const joined: Array<[string, string | null]> = [];
  for (const c of changes.filter((x) => x.customerType === customerType && x.campaign === campaign)) {
    const last = joined.at(-1);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    if (last && last[1] !== null && cents(last[1]) + 1n === cents(c.from)) last[1] = c.to;
    else joined.push([c.from, c.to]);
  }
  return joined;
}

/** Each change's after is its before without the group of `methodId` (a method offered alone). */
function expectOnlyRemoved(changes: Change[], methodId: string): void {
  for (const c of changes) {
    const removed = c.before.filter((g) => !c.after.some((a) => a.id === g.id));
    expect(removed.map((g) => g.id)).toEqual([groupIdOf([methodId])]);
    expect(c.after).toEqual(c.before.filter((g) => g.id !== removed[0]!.id));
  }
}

async function outboxAndAudit(): Promise<{ audit: number; events: number }> {
  const db = service.database.handle.db;
  const count = async (table: 'audit_events' | 'webhook_events') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { audit: await count('audit_events'), events: await count('webhook_events') };
}

// `pms catalog diff` runs this service call in its own process (test/cli/catalog-diff.test.ts runs
// the command); here it runs in the test's process, first, while the database holds the demo catalog
// as applied: the file's stores, a store the database does not hold yet, and a refused file.
describe('the catalog file preview (pms catalog diff)', () => {
  const previewCatalog = (file: unknown) => service.ctx.admin.preview.previewCatalog(file);
  const NEW_STORE = '00000000-0000-4000-8000-0000000005e1';

  it('compares each store of the file with the database, and answers as the route does for the same methods', async () => {
    const catalog = await demoCatalog();
    const stores = (catalog.stores as Json[]).map((s) => s.id);
    expect(await previewCatalog(catalog)).toEqual(stores.map((storeId) => ({ storeId, changes: [] })));

    // Only methods, and one of them changed: its store alone is compared; Swish, left out of the
    // file, stays (applying the file would not delete it).
    const changedMethods = methodsWith(DEMO_METHODS.pp24, (m) => ({ ...m, minPurchaseLimit: '1000.01' }));
    const previews = await previewCatalog({ paymentMethods: changedMethods.filter((m) => m.id !== DEMO_METHODS.swish) });
    expect(previews.map((p) => p.storeId)).toEqual([STORE]);
    expect(previews[0]!.changes).toEqual(await changesOf({ paymentMethods: changedMethods }));
    expect(previews[0]!.changes.map((c) => [c.customerType, c.campaign, c.from, c.to])).toEqual([['NATURAL', null, '1000.00', '1000.00']]);
  });

  it('compares a store the database does not hold yet with a store offering nothing', async () => {
    const swish = storeMethods.find((m) => m.id === DEMO_METHODS.swish)!;
    const store = { ...storeFields, id: NEW_STORE, name: 'Nordic Home Outlet', nationalStoreId: 99 };
    const method = { ...swish, id: '00000000-0000-4000-8000-0000000005e2', storeId: NEW_STORE };
    const [preview] = await previewCatalog({ stores: [store], paymentMethods: [method] });
    expect(preview!.storeId).toBe(NEW_STORE);
    // Swish from 1.00 to 150000.00, for both customer types, where there was nothing.
    expect(preview!.changes.map((c) => [c.customerType, c.campaign, c.from, c.to])).toEqual([
      ['NATURAL', null, '1.00', '150000.00'],
      ['LEGAL', null, '1.00', '150000.00'],
    ]);
    for (const change of preview!.changes) {
      expect(change.before).toEqual([]);
      expect(change.after).toEqual([{ id: groupIdOf([method.id as string]), title: 'Swish', type: 'SWISH' }]);
    }
    // Nothing saved: the store is still unknown to the admin API.
    const read = await service.app.inject({
      method: 'GET',
      url: `/admin/v1/stores/${NEW_STORE}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(read.statusCode).toBe(404);
  });

  it('refuses a file as pms catalog apply does, naming every offending field', async () => {
    const refusal = await previewCatalog({
      paymentMethods: [
        { ...storeMethods[0]!, minPurchaseLimit: 100, maxPurchaseLimit: 10 },
        { ...storeMethods[1]!, storeId: '00000000-0000-4000-8000-ffffffffffff' },
      ],
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CatalogValidationError);
    expect((refusal as CatalogValidationError).issues.map((i) => i.path)).toEqual([
      'paymentMethods[0].maxPurchaseLimit',
      'paymentMethods[1].storeId',
    ]);
  });
});

describe('POST /admin/v1/stores/{storeId}/preview', () => {
  it('answers no changes for the store as it is, with or without its store fields', async () => {
    expect(await changesOf({ paymentMethods: storeMethods })).toEqual([]);
    expect(await changesOf({ paymentMethods: storeMethods, store: storeFields })).toEqual([]);
  });

  it('is exact in cents, and gives both sides as group retrieval forms them', async () => {
    // The 24-month part payment from 1000.01 instead of 1000: at 1000.00 alone, the bundle loses it.
    const changes = await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.pp24, (m) => ({ ...m, minPurchaseLimit: '1000.01' })) });
    expect(changes.map((c) => [c.customerType, c.campaign, c.from, c.to])).toEqual([['NATURAL', null, '1000.00', '1000.00']]);
    const [change] = changes;
    expect(change!.before).toEqual(await groupsNow(service.app, '1000.00', 'NATURAL'));
    expect(change!.before).toEqual(await groupsNow(service.app, '1000', 'NATURAL'));
    const bundleBefore = change!.before.find((g) => g.type === 'PROVIDER_PART_PAYMENT_SELECT_NOW')!;
    const bundleAfter = change!.after.find((g) => g.type === 'PROVIDER_PART_PAYMENT_SELECT_NOW')!;
    expect(bundleBefore.title).toBe('Delbetalning');
    expect(bundleAfter.title).toBe('Delbetalning 12 månader');
    expect(bundleAfter.id).not.toBe(bundleBefore.id);
    // Elsewhere the same: the groups just above are those of today.
    expect(change!.after.filter((g) => g !== bundleAfter)).toEqual(change!.before.filter((g) => g !== bundleBefore));

    // The card up to 99.99: 100.00 … 200000.00 changes, for both customer types, in ranges where
    // neither side changes (other methods' limits split it), each without the card's group.
    const card = await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.card, (m) => ({ ...m, maxPurchaseLimit: 99.99 })) });
    expect(spans(card, 'NATURAL', null)).toEqual([['100.00', '200000.00']]);
    expect(spans(card, 'LEGAL', null)).toEqual([['100.00', '200000.00']]);
    expect(card.every((c) => c.campaign === null)).toBe(true);
    expectOnlyRemoved(card, DEMO_METHODS.card);
    for (const c of card) {
      expect(c.before).toEqual(await groupsNow(service.app, c.from, c.customerType as 'NATURAL' | 'LEGAL'));
      expect(c.before).toEqual(await groupsNow(service.app, c.to!, c.customerType as 'NATURAL' | 'LEGAL'));
    }
  });

  it('compares campaigns and the store’s fields (a bundle title), and titles are in the store’s language', async () => {
    const retitled = await changesOf({ paymentMethods: storeMethods, store: { ...storeFields, bundleTitle: 'Dela upp' } });
    expect(retitled.length).toBeGreaterThan(0);
    for (const change of retitled) {
      expect(change.before.map((g) => g.title)).toContain('Delbetalning');
      expect(change.after.map((g) => g.title)).toContain('Dela upp');
    }
    // Black Week's card removed: only BLACKWEEK and CYBERMONDAY sessions see a difference.
    const campaigns = await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.blackWeekCard, () => undefined) });
    expect([...new Set(campaigns.map((c) => `${c.customerType} ${c.campaign}`))]).toEqual([
      'NATURAL BLACKWEEK',
      'NATURAL CYBERMONDAY',
      'LEGAL BLACKWEEK',
      'LEGAL CYBERMONDAY',
    ]);
    for (const type of ['NATURAL', 'LEGAL']) {
      for (const campaign of ['BLACKWEEK', 'CYBERMONDAY']) expect(spans(campaigns, type, campaign)).toEqual([['1.00', '200000.00']]);
    }
    expectOnlyRemoved(campaigns, DEMO_METHODS.blackWeekCard);
    expect(campaigns[0]!.before).toEqual(await groupsNow(service.app, '1.00', 'NATURAL', 'BLACKWEEK'));
    // The part payment of Black Week (500 … 60000) splits NATURAL's BLACKWEEK range; LEGAL's is one range.
    expect(campaigns.filter((c) => c.customerType === 'NATURAL' && c.campaign === 'BLACKWEEK').map((c) => [c.from, c.to])).toEqual([
      ['1.00', '499.99'],
      ['500.00', '60000.00'],
      ['60000.01', '200000.00'],
    ]);
  });

  it('compares what is offered now: a proposed method outside its window counts on neither side', async () => {
    const later = { ...storeMethods[0]!, id: '00000000-0000-4000-8000-00000000c0de', name: 'Later', activeFrom: '2026-12-01T00:00:00Z' };
    expect(await changesOf({ paymentMethods: [...storeMethods, later] })).toEqual([]);
    const ended = methodsWith(DEMO_METHODS.swish, (m) => ({ ...m, activeUntil: '2026-11-21T11:59:59.999Z' }));
    const changes = await changesOf({ paymentMethods: ended });
    expect(spans(changes, 'NATURAL', null)).toEqual([['1.00', '150000.00']]);
    expect(spans(changes, 'LEGAL', null)).toEqual([['1.00', '150000.00']]);
    expect(changes.every((c) => c.campaign === null)).toBe(true);
    expectOnlyRemoved(changes, DEMO_METHODS.swish);
  });

  it('previews a change of a method’s order rules for the orders it concerns, and only for them', async () => {
    // The demo's account excludes gift cards; without the exclusion, gift-card orders are offered it.
    const account = methodsWith(DEMO_METHODS.account, (m) => ({ ...m, excludedProductTypes: [] }));
    const allowed = await changesOf({ paymentMethods: account });
    expect(allowed.length).toBeGreaterThan(0);
    for (const c of allowed) {
      expect(c).toMatchObject({ productType: 'GIFT_CARD' });
      expect(c.country).toBeUndefined();
      // The account gained, nothing else.
      const added = c.after.filter((g) => !c.before.some((b) => b.id === g.id));
      expect(added.map((g) => g.id)).toEqual([groupIdOf([DEMO_METHODS.account])]);
      expect(c.before).toEqual(c.after.filter((g) => g.id !== added[0]!.id));
    }
    // Swish also offered in Norway: orders from NO (offered nothing today: every method follows the store's SE) gain it.
    const norway = await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.swish, (m) => ({ ...m, countries: ['SE', 'NO'] })) });
    expect(norway.length).toBeGreaterThan(0);
    for (const c of norway) {
      expect(c).toMatchObject({
        country: 'NO',
        before: [],
        after: [{ id: groupIdOf([DEMO_METHODS.swish]), title: 'Swish', type: 'SWISH' }],
      });
    }
    // Swish only in Norway: Swedish orders lose it, and Norwegian ones gain it.
    const moved = await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.swish, (m) => ({ ...m, countries: ['NO'] })) });
    expect([...new Set(moved.map((c) => c.country))]).toEqual(['NO', 'SE']);
    for (const c of moved.filter((x) => x.country === 'SE')) {
      expect(c.before.map((g) => g.id)).toContain(groupIdOf([DEMO_METHODS.swish]));
      expect(c.after.map((g) => g.id)).not.toContain(groupIdOf([DEMO_METHODS.swish]));
    }
    // The store's country written out, and the same exclusion again: nothing changes.
    expect(await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.swish, (m) => ({ ...m, countries: ['SE'] })) })).toEqual([]);
    expect(
      await changesOf({ paymentMethods: methodsWith(DEMO_METHODS.pp12, (m) => ({ ...m, excludedProductTypes: ['GIFT_CARD'] })) }),
    ).toEqual([]);
  });

  it('refuses a body as the admin API does, 400 naming every offending field', async () => {
    const refused = async (body: unknown, fields: string[]) => {
      const response = await preview(body);
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json() as { code: string; parameters: Record<string, string> };
      expect(error.code).toBe('ADMIN_VALIDATION_FAILED');
      expect(Object.keys(error.parameters).sort()).toEqual([...fields].sort());
      return error;
    };
    const tooLow = methodsWith(DEMO_METHODS.pp12, (m) => ({ ...m, maxPurchaseLimit: 10 }));
    const error = await refused({ paymentMethods: tooLow }, ['paymentMethods[1].maxPurchaseLimit']);
    expect(error.parameters['paymentMethods[1].maxPurchaseLimit']).toBe('must be at least minPurchaseLimit');
    await refused({}, ['paymentMethods']);
    await refused({ paymentMethods: {} }, ['paymentMethods']);
    await refused([], ['(body)']);
    await refused({ paymentMethods: storeMethods, extra: 1 }, ['extra']);
    // The admin API's limits have at most two decimals, as stored.
    await refused({ paymentMethods: methodsWith(DEMO_METHODS.pp24, (m) => ({ ...m, minPurchaseLimit: '1000.005' })) }, [
      'paymentMethods[2].minPurchaseLimit',
    ]);
    await refused({ paymentMethods: [{ ...storeMethods[0], minPurchaseLimit: '1.2.3', typo: true }, 7] }, [
      'paymentMethods[0].minPurchaseLimit',
      'paymentMethods[0].typo',
      'paymentMethods[1]',
    ]);
    const { id: _id, ...withoutId } = storeMethods[0]!;
    await refused({ paymentMethods: [withoutId] }, ['paymentMethods[0].id']);
    await refused({ paymentMethods: [storeMethods[0], storeMethods[0]] }, ['paymentMethods[1].id']);
    const other = await refused({ paymentMethods: [{ ...storeMethods[0], storeId: OTHER_STORE }] }, ['paymentMethods[0].storeId']);
    expect(other.parameters['paymentMethods[0].storeId']).toContain(STORE);
    await refused({ paymentMethods: [{ ...storeMethods[0], type: 'RESURS_INVOICE' }] }, ['paymentMethods[0].type']);
    await refused({ paymentMethods: methodsWith(DEMO_METHODS.swish, (m) => ({ ...m, countries: ['SE', 'no'] })) }, [
      'paymentMethods[6].countries[1]',
    ]);
    await refused(
      { paymentMethods: methodsWith(DEMO_METHODS.swish, (m) => ({ ...m, excludedProductTypes: ['GIFT_CARD', 'GIFT_CARD'] })) },
      ['paymentMethods[6].excludedProductTypes[1]'],
    );
    await refused({ paymentMethods: storeMethods, store: { ...storeFields, currency: 'sek', merchantId: 'm-nobody' } }, ['store.currency']);
    await refused({ paymentMethods: storeMethods, store: { ...storeFields, merchantId: 'm-nobody' } }, ['store.merchantId']);
    await refused({ paymentMethods: storeMethods, store: { ...storeFields, id: OTHER_STORE } }, ['store.id']);
  });

  it('answers 401 without a token, 403 without scope admin, 404 for an unknown store, 400 for a malformed id', async () => {
    const body = { paymentMethods: storeMethods };
    expect((await preview(body, STORE, null)).statusCode).toBe(401);
    expect((await preview(body, STORE, merchantToken)).statusCode).toBe(403);
    const unknown = await preview(body, '00000000-0000-4000-8000-ffffffffffff');
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect((unknown.json() as { code: string }).code).toBe('NOT_FOUND');
    expect((await preview(body, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('saves nothing: no catalog row, no audit event, no webhook event', async () => {
    const endpoint = await service.app.inject({
      method: 'POST',
      url: '/admin/v1/webhook-endpoints',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ merchantId: 'm-nordic-home', url: 'https://93.184.215.14/hooks' }),
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const catalog = await catalogSnapshot(service.database.handle.db);
    const counts = await outboxAndAudit();
    const proposal = {
      paymentMethods: [
        ...methodsWith(DEMO_METHODS.invoice, () => undefined),
        { ...storeMethods[0]!, id: '00000000-0000-4000-8000-0000000000f1' },
      ],
      store: { ...storeFields, name: 'Renamed', bundleTitle: 'Dela upp' },
    };
    expect((await changesOf(proposal)).length).toBeGreaterThan(0);
    expect(await catalogSnapshot(service.database.handle.db)).toEqual(catalog);
    expect(await outboxAndAudit()).toEqual(counts);
    // The same change made for real is seen by these counts.
    const put = await service.app.inject({
      method: 'PUT',
      url: `/admin/v1/stores/${STORE}`,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify(proposal.store),
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await outboxAndAudit();
    expect(after.audit).toBeGreaterThan(counts.audit);
    expect(after.events).toBeGreaterThan(counts.events);
  });
});
