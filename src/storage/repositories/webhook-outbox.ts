// The webhook outbox and its deliveries (services/webhooks). Events are inserted by the catalog
// write that causes them, in its transaction; every instance's dispatcher then claims what is due
// with FOR UPDATE SKIP LOCKED, so instances never wait for each other and never take the same row:
// first the events (one delivery per enabled endpoint of the store's merchant), then the deliveries
// (leased: `next_attempt_at` moves past the attempt's time-out while it is sent, so a delivery whose
// instance died is taken again after the lease, never lost).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewWebhookEvent {
  id: string;
  type: string;
  storeId: string;
  merchantId: string;
  reason: string;
  paymentMethodIds: string[];
  payload: string;
  dueAt: Date;
  windowMethodId?: string | undefined;
}

/** A delivery claimed for one attempt, with what the attempt needs. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  /** Attempts made before this one. */
  attempts: number;
  claim: string;
  payload: string;
  url: string;
  secret: string;
  /** The secret before a rotation, while it still signs (24 hours). */
  previousSecret: string | null;
  /** When the event became due: the metrics' delivery lag. */
  dueAt: Date;
}

export interface AttemptOutcome {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | undefined;
  error: string | undefined;
  succeeded: boolean;
}

export interface StoredAttempt {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  succeeded: boolean;
}

export interface StoredDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  eventType: string;
  state: 'pending' | 'succeeded' | 'failed';
  createdAt: Date;
  nextAttemptAt: Date | null;
  attempts: StoredAttempt[];
}

interface DeliveryRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  event_type: string;
  state: 'pending' | 'succeeded' | 'failed';
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  attempts: Array<{ attempted_at: string; duration_ms: number; status_code: number | null; error: string | null; succeeded: boolean }>;
}

/** Deliveries with their event's type and their attempts in order: the listing's and a single read's one query. */
const DELIVERIES_WITH_ATTEMPTS = sql`
  select d.id, d.event_id, d.endpoint_id, e.type as event_type, d.state, d.created_at, d.next_attempt_at,
    coalesce((select json_agg(json_build_object('attempted_at', a.attempted_at, 'duration_ms', a.duration_ms,
        'status_code', a.status_code, 'error', a.error, 'succeeded', a.succeeded) order by a.attempted_at, a.id)
      from webhook_attempts a where a.delivery_id = d.id), '[]'::json) as attempts
  from webhook_deliveries d join webhook_events e on e.id = d.event_id`;

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function deliveryOf(row: DeliveryRow): StoredDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    state: row.state,
    createdAt: date(row.created_at),
    nextAttemptAt: row.state === 'pending' && row.next_attempt_at !== null ? date(row.next_attempt_at) : null,
    attempts: (row.attempts ?? []).map((a) => ({
      attemptedAt: date(a.attempted_at),
      durationMs: a.duration_ms,
      statusCode: a.status_code,
      error: a.error,
      succeeded: a.succeeded,
    })),
  };
}

export class WebhookOutboxRepository {
  constructor(private readonly db: Db) {}

  async insertEvents(events: NewWebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db
      .insertInto('webhook_events')
      .values(
        events.map((e) => ({
          id: e.id,
          type: e.type,
          store_id: e.storeId,
          merchant_id: e.merchantId,
          reason: e.reason,
          payment_method_ids: JSON.stringify(e.paymentMethodIds),
          payload: e.payload,
          due_at: e.dueAt,
          window_method_id: e.windowMethodId ?? null,
        })),
      )
      .execute();
  }

  /** Drops the window events of these methods not yet due: their windows were rewritten or removed. */
  async cancelWindowEvents(methodIds: string[]): Promise<void> {
    if (methodIds.length === 0) return;
    await this.db
      .deleteFrom('webhook_events')
      .where('window_method_id', 'in', methodIds)
      .where('fanned_out_at', 'is', null)
      .where('due_at', '>', sql<Date>`now()`)
      .execute();
  }

  /** Drops a deleted store's window events not yet due (its methods went with it). */
  async cancelStoreWindowEvents(storeId: string): Promise<void> {
    await this.db
      .deleteFrom('webhook_events')
      .where('store_id', '=', storeId)
      .where('window_method_id', 'is not', null)
      .where('fanned_out_at', 'is', null)
      .where('due_at', '>', sql<Date>`now()`)
      .execute();
  }

  /**
   * Fans out up to `limit` due events in one statement: a pending delivery per enabled endpoint of
   * the store's merchant (the store's merchant now; the event's when the store is gone), and the
   * events marked. Returns the events and deliveries made.
   */
  async fanOutDueEvents(limit: number): Promise<{ events: number; deliveries: number }> {
    const { rows } = await sql<{ events: number; deliveries: number }>`
      with due as (
        select id, store_id, merchant_id from webhook_events
        where fanned_out_at is null and due_at <= now()
        order by due_at, id
        limit ${limit}
        for update skip locked
      ), marked as (
        update webhook_events e set fanned_out_at = now() from due where e.id = due.id returning e.id
      ), made as (
        insert into webhook_deliveries (id, event_id, endpoint_id, state, next_attempt_at)
        select gen_random_uuid(), due.id, ep.id, 'pending', now()
        from due
        left join stores s on s.id = due.store_id
        join webhook_endpoints ep on ep.merchant_id = coalesce(s.merchant_id, due.merchant_id) and ep.enabled
        on conflict (event_id, endpoint_id) do nothing
        returning 1
      )
      select (select count(*) from marked)::int as events, (select count(*) from made)::int as deliveries`.execute(this.db);
    return rows[0] ?? { events: 0, deliveries: 0 };
  }

  /** The earliest due time of an event not fanned out yet: when the dispatcher must look next. */
  async nextEventDue(): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('webhook_events')
      .select((eb) => eb.fn.min('due_at').as('due'))
      .where('fanned_out_at', 'is', null)
      .executeTakeFirst();
    return row?.due ? date(row.due) : undefined;
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints for one attempt each, leased for
   * `leaseSeconds` (longer than an attempt may take), oldest due first, and never more than
   * `perEndpoint` per endpoint counting the `inFlight` attempts the caller already has for it: an
   * endpoint with many due deliveries (a hanging receiver's backlog) takes its share, and the next
   * endpoints' deliveries are claimed beside it.
   */
  async claimDueDeliveries(
    limit: number,
    leaseSeconds: number,
    capacity: { perEndpoint: number; inFlight: ReadonlyMap<string, number> },
  ): Promise<ClaimedDelivery[]> {
    const busy = JSON.stringify([...capacity.inFlight].map(([endpoint, n]) => ({ endpoint, n })));
    const { rows } = await sql<{
      id: string;
      event_id: string;
      endpoint_id: string;
      attempts: number;
      claim: string;
      payload: string;
      url: string;
      secret: string;
      previous_secret: string | null;
      due_at: Date | string;
    }>`
      with busy as (
        select endpoint, n from json_to_recordset(${busy}::json) as b(endpoint uuid, n int)
      ), ranked as (
        select d2.id, d2.next_attempt_at,
          coalesce(busy.n, 0) + row_number() over (partition by d2.endpoint_id order by d2.next_attempt_at, d2.id) as slot
        from webhook_deliveries d2
        join webhook_endpoints ep on ep.id = d2.endpoint_id and ep.enabled
        left join busy on busy.endpoint = d2.endpoint_id
        where d2.state = 'pending' and d2.next_attempt_at <= now()
      ), picked as (
        -- Locked here, and checked again on the row as it is once locked (another instance may
        -- have claimed it since the ranking read it).
        select d3.id from webhook_deliveries d3
        join ranked r on r.id = d3.id
        where r.slot <= ${capacity.perEndpoint} and d3.state = 'pending' and d3.next_attempt_at <= now()
        order by r.next_attempt_at, r.id
        limit ${limit}
        for update of d3 skip locked
      ), claimed as (
        update webhook_deliveries d
        set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), claim = gen_random_uuid(), updated_at = now()
        where d.id in (select id from picked)
        returning d.id, d.event_id, d.endpoint_id, d.attempts, d.claim
      )
      select c.id, c.event_id, c.endpoint_id, c.attempts, c.claim, e.payload, e.due_at, ep.url, ep.secret,
        case when ep.previous_secret_expires_at > now() then ep.previous_secret end as previous_secret
      from claimed c
      join webhook_events e on e.id = c.event_id
      join webhook_endpoints ep on ep.id = c.endpoint_id`.execute(this.db);
    return rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      endpointId: r.endpoint_id,
      attempts: r.attempts,
      claim: r.claim,
      payload: r.payload,
      url: r.url,
      secret: r.secret,
      previousSecret: r.previous_secret,
      dueAt: date(r.due_at),
    }));
  }

  /**
   * Records an attempt and its consequence: succeeded, failed for good (`retryInSeconds`
   * undefined), or pending again after the delay. The delivery's state is written only while the
   * claim is still this attempt's (a retry on request or a lease taken over made another).
   */
  async recordAttempt(delivery: ClaimedDelivery, outcome: AttemptOutcome, retryInSeconds: number | undefined): Promise<void> {
    const state = outcome.succeeded ? 'succeeded' : retryInSeconds === undefined ? 'failed' : 'pending';
    await sql`
      with attempt as (
        insert into webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error, succeeded)
        values (${delivery.id}, ${outcome.attemptedAt}, ${Math.round(outcome.durationMs)}, ${outcome.statusCode ?? null},
          ${outcome.error ?? null}, ${outcome.succeeded})
        returning 1
      )
      update webhook_deliveries
      set state = ${state}, attempts = attempts + 1, claim = null, updated_at = now(),
        next_attempt_at = case when ${state} = 'pending' then now() + make_interval(secs => ${retryInSeconds ?? 0}) end
      where id = ${delivery.id} and claim = ${delivery.claim}`.execute(this.db);
  }

  /** An endpoint's deliveries, newest first, each with its attempts in order. */
  async listDeliveries(filter: {
    endpointId: string;
    limit: number;
    offset: number;
  }): Promise<{ deliveries: StoredDelivery[]; totalElements: number }> {
    const [{ rows }, count] = await Promise.all([
      sql<DeliveryRow>`
        ${DELIVERIES_WITH_ATTEMPTS}
        where d.endpoint_id = ${filter.endpointId}
        order by d.created_at desc, d.id desc
        limit ${filter.limit} offset ${filter.offset}`.execute(this.db),
      this.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('endpoint_id', '=', filter.endpointId)
        .executeTakeFirstOrThrow(),
    ]);
    return { deliveries: rows.map(deliveryOf), totalElements: Number(count.n) };
  }

  async findDelivery(id: string): Promise<StoredDelivery | undefined> {
    const { rows } = await sql<DeliveryRow>`${DELIVERIES_WITH_ATTEMPTS} where d.id = ${id}`.execute(this.db);
    return rows[0] && deliveryOf(rows[0]);
  }

  /**
   * Makes a delivery due now, whatever its state (a new claim supersedes one in progress), unless its
   * endpoint is disabled: nothing is sent to a disabled endpoint, so it is left as it is.
   */
  async retryNow(id: string): Promise<'retried' | 'endpoint-disabled' | 'not-found'> {
    const { rows } = await sql<{ enabled: boolean | null; retried: number }>`
      with target as (
        select d.id, ep.enabled from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id where d.id = ${id}
      ), retried as (
        update webhook_deliveries set state = 'pending', next_attempt_at = now(), claim = null, updated_at = now()
        where id in (select id from target where enabled)
        returning 1
      )
      select (select enabled from target) as enabled, (select count(*) from retried)::int as retried`.execute(this.db);
    const row = rows[0];
    if (!row || row.enabled === null) return 'not-found';
    return row.retried > 0 ? 'retried' : 'endpoint-disabled';
  }

  /**
   * Deletes up to `limit` finished deliveries (succeeded or failed) last changed before `cutoff`,
   * with their attempts, then events fanned out before it that have no delivery left. Returns the
   * rows deleted.
   */
  async deleteFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const deliveries = await sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries where state <> 'pending' and updated_at < ${cutoff}
        limit ${limit} for update skip locked)`.execute(this.db);
    const events = await sql`
      delete from webhook_events where id in (
        select e.id from webhook_events e
        where e.fanned_out_at is not null and e.fanned_out_at < ${cutoff}
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
        limit ${limit} for update skip locked)`.execute(this.db);
    return Number(deliveries.numAffectedRows ?? 0n) + Number(events.numAffectedRows ?? 0n);
  }

  /**
   * Seconds since the oldest event still waiting to be delivered (due, not delivered); 0 when none.
   * The pending deliveries of a disabled endpoint wait by the operator's choice, not for want of
   * delivery: they do not count.
   */
  async oldestPendingAgeSeconds(): Promise<number> {
    const { rows } = await sql<{ age: number | null }>`
      select extract(epoch from now() - least(
        (select min(due_at) from webhook_events where fanned_out_at is null and due_at <= now()),
        (select min(e.due_at) from webhook_deliveries d
          join webhook_events e on e.id = d.event_id
          join webhook_endpoints ep on ep.id = d.endpoint_id and ep.enabled
          where d.state = 'pending')
      ))::float8 as age`.execute(this.db);
    return Math.max(0, rows[0]?.age ?? 0);
  }
}
