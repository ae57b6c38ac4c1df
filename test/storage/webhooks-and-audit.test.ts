// The webhook outbox, its endpoints and the audit trail on either database
// (storage/repositories/webhook-outbox.ts, webhook-endpoints.ts, audit-events.ts): fan-out and
// claims in one statement each (FOR UPDATE SKIP LOCKED, a lease in interval arithmetic on now()),
// the per-endpoint share, attempts aggregated as JSON in order, retries, the purges, and the audit
// trail's filters, order and JSON changes.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuditEventsRepository } from '../../src/storage/repositories/audit-events.ts';
import { WebhookEndpointsRepository } from '../../src/storage/repositories/webhook-endpoints.ts';
import { WebhookOutboxRepository, type ClaimedDelivery, type NewWebhookEvent } from '../../src/storage/repositories/webhook-outbox.ts';
import { store } from '../helpers/fixtures.ts';
import { useDatabase, uuid, writeCatalog } from './harness.ts';

const t = useDatabase();
const STORE = uuid(1, '33000000');
const MERCHANT = 'm-hooks';

function event(overrides: Partial<NewWebhookEvent> = {}): NewWebhookEvent {
  return {
    id: randomUUID(),
    type: 'payment_methods.changed',
    storeId: STORE,
    merchantId: MERCHANT,
    reason: 'catalog',
    paymentMethodIds: [uuid(9, '33000000')],
    payload: '{"type":"payment_methods.changed"}',
    dueAt: new Date(Date.now() - 60_000),
    ...overrides,
  };
}

async function endpoint(enabled = true, merchantId = MERCHANT): Promise<string> {
  const id = randomUUID();
  await new WebhookEndpointsRepository(t.db).insert(
    { id, merchantId, url: `https://hooks.example.com/${id}`, description: '', enabled },
    `whsec_${id}`,
  );
  return id;
}

async function deliveriesOf(endpointId: string) {
  return (await new WebhookOutboxRepository(t.db).listDeliveries({ endpointId, limit: 100, offset: 0 })).deliveries;
}

const noneInFlight = { perEndpoint: 100, inFlight: new Map<string, number>() };

describe('webhook endpoints', () => {
  it('update writes only a change; a rotation keeps the old secret signing for the overlap', async () => {
    await writeCatalog(t.db, {
      merchants: [
        { id: MERCHANT, name: 'Hooks' },
        { id: 'm-elsewhere', name: 'Elsewhere' },
      ],
      stores: [store({ id: STORE, merchantId: MERCHANT, nationalStoreId: 1 })],
    });
    const endpoints = new WebhookEndpointsRepository(t.db);
    const id = await endpoint();
    const stored = (await endpoints.findById(id))!;
    expect(await endpoints.update(stored)).toBe(false);
    expect(await endpoints.update({ ...stored, description: 'orders' })).toBe(true);
    expect((await endpoints.findById(id))?.description).toBe('orders');
    expect(await endpoints.rotateSecret(id, 'whsec_new', 3600)).toBe(true);
    const row = await t.db
      .selectFrom('webhook_endpoints')
      .select(['secret', 'previous_secret', 'previous_secret_expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe('whsec_new');
    expect(row.previous_secret).toBe(`whsec_${id}`);
    const overlap = new Date(row.previous_secret_expires_at!).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(3500_000);
    expect(overlap).toBeLessThanOrEqual(3600_000);
    expect(await endpoints.rotateSecret(randomUUID(), 'x', 1)).toBe(false);
    expect((await endpoints.list({ merchantId: MERCHANT, limit: 10, offset: 0 })).totalElements).toBe(1);
    expect(await endpoints.delete(id)).toBe(true);
    expect(await endpoints.findById(id)).toBeUndefined();
  });
});

describe('the outbox', () => {
  it("fans a due event out once, to the enabled endpoints of its store's merchant; a future one waits", async () => {
    const outbox = new WebhookOutboxRepository(t.db);
    const enabled = await endpoint();
    const disabled = await endpoint(false);
    const otherMerchant = await endpoint(true, 'm-elsewhere');
    const future = event({ dueAt: new Date(Date.now() + 3600_000) });
    await outbox.insertEvents([event(), future]);
    expect(await outbox.fanOutDueEvents(10)).toEqual({ events: 1, deliveries: 1 });
    expect(await outbox.fanOutDueEvents(10)).toEqual({ events: 0, deliveries: 0 });
    expect(await deliveriesOf(enabled)).toHaveLength(1);
    expect(await deliveriesOf(disabled)).toHaveLength(0);
    expect(await deliveriesOf(otherMerchant)).toHaveLength(0);
    expect((await outbox.nextEventDue())?.getTime()).toBe(future.dueAt.getTime());
    // A window event not yet due is cancelled by its method's rewrite.
    const windowed = event({ dueAt: new Date(Date.now() + 7200_000), windowMethodId: uuid(9, '33000000') });
    await outbox.insertEvents([windowed]);
    await outbox.cancelWindowEvents([uuid(9, '33000000')]);
    expect(await t.db.selectFrom('webhook_events').select('id').where('id', '=', windowed.id).executeTakeFirst()).toBeUndefined();
    await t.db.deleteFrom('webhook_events').where('id', '=', future.id).execute();
    await new WebhookEndpointsRepository(t.db).delete(otherMerchant);
  });

  it('claims due deliveries under a lease, at most a share per endpoint; records attempts; a stale claim writes nothing', async () => {
    const outbox = new WebhookOutboxRepository(t.db);
    // Deliveries of the previous test's endpoint, finished, so that only this test's are due.
    await t.db.updateTable('webhook_deliveries').set({ state: 'succeeded' }).execute();
    const busy = await endpoint();
    await outbox.insertEvents([event(), event(), event()]);
    expect((await outbox.fanOutDueEvents(10)).events).toBe(3);
    // Another enabled endpoint of the merchant got the same three (the previous test's).
    const share = await outbox.claimDueDeliveries(10, 60, { perEndpoint: 2, inFlight: new Map([[busy, 1]]) });
    const ofBusy = share.filter((d) => d.endpointId === busy);
    expect(ofBusy).toHaveLength(1);
    expect(share.length).toBe(3);
    // Leased: claimed again by nobody until the lease runs out.
    expect(await outbox.claimDueDeliveries(10, 60, noneInFlight)).toHaveLength(3);
    expect(await outbox.claimDueDeliveries(10, 60, noneInFlight)).toHaveLength(0);
    const [first] = ofBusy as [ClaimedDelivery];
    expect(first.secret).toBe(`whsec_${busy}`);
    expect(first.previousSecret).toBeNull();
    expect(first.attempts).toBe(0);

    const attemptedAt = new Date();
    await outbox.recordAttempt(first, { attemptedAt, durationMs: 12.4, statusCode: 503, error: undefined, succeeded: false }, 30);
    // The same claim again is stale: nothing more is written.
    await outbox.recordAttempt(first, { attemptedAt, durationMs: 1, statusCode: 200, error: undefined, succeeded: true }, undefined);
    const stored = (await outbox.findDelivery(first.id))!;
    expect(stored.state).toBe('pending');
    expect(stored.attempts).toHaveLength(2);
    const row = await t.db
      .selectFrom('webhook_deliveries')
      .select(['attempts', 'next_attempt_at'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    const retryIn = new Date(row.next_attempt_at!).getTime() - Date.now();
    expect(retryIn).toBeGreaterThan(25_000);
    expect(retryIn).toBeLessThanOrEqual(30_000);
    expect(stored.nextAttemptAt?.getTime()).toBe(new Date(row.next_attempt_at!).getTime());
    expect(stored.attempts[0]).toEqual({ attemptedAt, durationMs: 12, statusCode: 503, error: null, succeeded: false });

    // Retried now: due again, and claimed with the attempt counted.
    expect(await outbox.retryNow(first.id)).toBe('retried');
    const again = (await outbox.claimDueDeliveries(10, 60, noneInFlight)).find((d) => d.id === first.id)!;
    expect(again.attempts).toBe(1);
    await outbox.recordAttempt(
      again,
      { attemptedAt: new Date(), durationMs: 5, statusCode: 200, error: undefined, succeeded: true },
      undefined,
    );
    const done = (await outbox.findDelivery(first.id))!;
    expect(done.state).toBe('succeeded');
    expect(done.nextAttemptAt).toBeNull();
    // The stale attempt is on record (it was made), though it changed nothing.
    expect(done.attempts.map((a) => a.statusCode)).toEqual([503, 200, 200]);
    expect(await outbox.retryNow(randomUUID())).toBe('not-found');
    await t.db.updateTable('webhook_endpoints').set({ enabled: false }).where('id', '=', busy).execute();
    expect(await outbox.retryNow(first.id)).toBe('endpoint-disabled');
  });

  it('measures the oldest waiting event, and purges finished deliveries and their events', async () => {
    const outbox = new WebhookOutboxRepository(t.db);
    // Every pending delivery finished: only a due event not fanned out yet waits.
    await t.db.updateTable('webhook_deliveries').set({ state: 'failed' }).where('state', '=', 'pending').execute();
    expect(await outbox.oldestPendingAgeSeconds()).toBe(0);
    await outbox.insertEvents([event({ dueAt: new Date(Date.now() - 120_000) })]);
    const age = await outbox.oldestPendingAgeSeconds();
    expect(age).toBeGreaterThanOrEqual(119);
    expect(age).toBeLessThan(600);
    await outbox.fanOutDueEvents(10);
    await t.db.updateTable('webhook_deliveries').set({ state: 'succeeded' }).where('state', '=', 'pending').execute();
    await t.db
      .updateTable('webhook_deliveries')
      .set({ updated_at: new Date(Date.now() - 48 * 3600_000) })
      .execute();
    await t.db
      .updateTable('webhook_events')
      .set({ fanned_out_at: new Date(Date.now() - 48 * 3600_000) })
      .where('fanned_out_at', 'is not', null)
      .execute();
    const cutoff = new Date(Date.now() - 24 * 3600_000);
    let deleted = 0;
    for (let batch = -1; batch !== 0; deleted += batch) batch = await outbox.deleteFinishedBefore(cutoff, 2);
    expect(deleted).toBeGreaterThan(0);
    expect(await t.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('webhook_events').select('id').execute()).toEqual([]);
  });
});

describe('the audit trail', () => {
  it('newest first (ties by id), filtered by entity, actor and time, with its JSON changes; purged oldest first', async () => {
    const audit = new AuditEventsRepository(t.db);
    const write = (actor: string, entityId: string, changes: Record<string, unknown>) =>
      audit.insert({ actorType: 'client', actor, entity: 'payment-method', entityId, action: 'updated', changes, traceId: undefined });
    await write('ops-admin', 'pm-1', { name: { from: 'Faktura', to: 'Faktura 30 dagar' }, limits: [0, 1.5] });
    await write('ops-admin', 'pm-2', {});
    await write('other-admin', 'pm-1', { note: 'ü\u00e9' });
    const all = await audit.list({ limit: 10, offset: 0 });
    expect(all.totalElements).toBe(3);
    expect(all.events.map((e) => [e.actor, e.entityId])).toEqual([
      ['other-admin', 'pm-1'],
      ['ops-admin', 'pm-2'],
      ['ops-admin', 'pm-1'],
    ]);
    expect(all.events[2]!.changes).toEqual({ name: { from: 'Faktura', to: 'Faktura 30 dagar' }, limits: [0, 1.5] });
    expect(BigInt(all.events[0]!.id)).toBeGreaterThan(BigInt(all.events[1]!.id));
    const ofPm1 = await audit.list({ entity: 'payment-method', entityId: 'pm-1', limit: 10, offset: 0 });
    expect(ofPm1.events.map((e) => e.actor)).toEqual(['other-admin', 'ops-admin']);
    const ofActor = await audit.list({ actors: [{ type: 'client', id: 'ops-admin' }, { id: 'nobody' }], limit: 1, offset: 1 });
    expect(ofActor.totalElements).toBe(2);
    expect(ofActor.events.map((e) => e.entityId)).toEqual(['pm-1']);
    expect((await audit.list({ actors: [{ type: 'cli', id: 'ops-admin' }], limit: 10, offset: 0 })).totalElements).toBe(0);
    // NUL cannot be in PostgreSQL text: such a filter finds nothing, without an error.
    expect((await audit.list({ entityId: 'pm-1\u0000', limit: 10, offset: 0 })).totalElements).toBe(0);
    const occurred = all.events[0]!.occurredAt;
    // Bounds are inclusive, to the millisecond an event is listed with (PostgreSQL keeps microseconds).
    expect((await audit.list({ from: occurred, to: occurred, limit: 10, offset: 0 })).events.map((e) => e.id)).toContain(all.events[0]!.id);
    expect((await audit.list({ from: new Date(occurred.getTime() + 3600_000), limit: 10, offset: 0 })).totalElements).toBe(0);
    // The actor type is one of a few.
    await expect(
      audit.insert({ actorType: 'robot', actor: 'x', entity: 'e', entityId: 'e', action: 'a', changes: {}, traceId: undefined }),
    ).rejects.toThrow();

    await t.db
      .updateTable('audit_events')
      .set({ occurred_at: new Date(Date.now() - 400 * 86_400_000) })
      .where('entity_id', '=', 'pm-2')
      .execute();
    expect(await audit.deleteOlderThan(new Date(Date.now() - 365 * 86_400_000), 10)).toBe(1);
    expect(await audit.deleteOlderThan(new Date(Date.now() - 365 * 86_400_000), 10)).toBe(0);
    expect((await audit.list({ limit: 10, offset: 0 })).totalElements).toBe(2);
  });
});
