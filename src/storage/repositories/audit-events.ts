// The audit trail's rows (services/audit.ts): inserted in the catalog write's transaction, read by the
// admin list, deleted only by the retention purge. Nothing here updates a row.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewAuditEvent {
  actorType: string;
  actor: string;
  /** Who the actor is in words, where the id does not say (a console person's name or e-mail). */
  actorName?: string | undefined;
  entity: string;
  entityId: string;
  action: string;
  changes: Record<string, unknown>;
  traceId: string | undefined;
}

export interface StoredAuditEvent extends Omit<NewAuditEvent, 'traceId' | 'actorName'> {
  actorName: string | null;
  /** bigserial, as text: exact whatever its size. */
  id: string;
  occurredAt: Date;
  traceId: string | null;
}

export interface AuditEventFilter {
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Events of any of these actors: each an id (a client id, a CLI command, a catalog file's path, a subject), with its type or of any type. */
  actors?: ReadonlyArray<{ type?: string | undefined; id: string }> | undefined;
  /** Inclusive bounds on occurred_at. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export class AuditEventsRepository {
  constructor(private readonly db: Db) {}

  async insert(event: NewAuditEvent): Promise<void> {
    await this.db
      .insertInto('audit_events')
      .values({
        actor_type: event.actorType,
        actor: event.actor,
        actor_name: event.actorName ?? null,
        entity: event.entity,
        entity_id: event.entityId,
        action: event.action,
        changes: JSON.stringify(event.changes),
        trace_id: event.traceId ?? null,
      })
      .execute();
  }

  /** One page, newest first (events of one transaction share occurred_at: then by id, descending). */
  async list(filter: AuditEventFilter & { limit: number; offset: number }): Promise<{ events: StoredAuditEvent[]; totalElements: number }> {
    let filtered = this.db.selectFrom('audit_events');
    if (filter.entity !== undefined) filtered = filtered.where('entity', '=', filter.entity);
    // PostgreSQL text cannot hold NUL: nothing has such an id, and the query would fail.
    if (filter.entityId !== undefined) filtered = filtered.where('entity_id', '=', filter.entityId.replaceAll('\u0000', '\uFFFD'));
    const actors = filter.actors;
    if (actors !== undefined) {
      filtered = filtered.where((eb) =>
        eb.or(
          actors.map(({ type, id }) => {
            const ofId = eb('actor', '=', id.replaceAll('\u0000', '\uFFFD'));
            return type === undefined ? ofId : eb.and([ofId, eb('actor_type', '=', type)]);
          }),
        ),
      );
    }
    if (filter.from !== undefined) filtered = filtered.where('occurred_at', '>=', filter.from);
    // Inclusive to the millisecond: PostgreSQL keeps microseconds, so an event listed at 12:00:00.123
    // (its occurredAt, to the millisecond) may have happened at 12:00:00.123456, after `to` itself.
    if (filter.to !== undefined) filtered = filtered.where('occurred_at', '<', new Date(filter.to.getTime() + 1));
    const [rows, count] = await Promise.all([
      filtered
        .select(['id', 'occurred_at', 'actor_type', 'actor', 'actor_name', 'entity', 'entity_id', 'action', 'changes', 'trace_id'])
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      events: rows.map((r) => ({
        id: String(r.id),
        occurredAt: new Date(r.occurred_at),
        actorType: r.actor_type,
        actor: r.actor,
        actorName: r.actor_name,
        entity: r.entity,
        entityId: r.entity_id,
        action: r.action,
        changes: r.changes,
        traceId: r.trace_id,
      })),
      totalElements: Number(count.total),
    };
  }

  /**
   * Deletes up to `batchSize` events older than `cutoff`, oldest first; returns how many. Rows are
   * taken with SKIP LOCKED, as the session purge does: instances purging together never wait.
   */
  async deleteOlderThan(cutoff: Date, batchSize: number): Promise<number> {
    const result = await this.db
      .deleteFrom('audit_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('audit_events')
          .select('id')
          .where('occurred_at', '<', cutoff)
          .orderBy('occurred_at')
          .orderBy('id')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
