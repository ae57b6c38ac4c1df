// The audit trail of catalog writes (docs/audit.md). CatalogChanges.write() hands every write an
// AuditRecorder bound to its transaction and its actor, so an event commits or rolls back with the
// change it describes: a refused or failed write leaves none. An event holds the fields that
// differ (before and after; only after for a creation, only before for a deletion); a write that
// changes nothing records nothing. Secrets never reach it: client entities carry no secret or hash
// here, and a secret change is only the marker SECRET_CHANGED.
import type { Db, Tx } from '../storage/handles.ts';
import type { Decimal } from '../domain/money.ts';
import { formatDecimalTrimmed } from '../domain/money.ts';
import { AuditEventsRepository, type StoredAuditEvent } from '../storage/repositories/audit-events.ts';
import { limits, pageOf, type Page, type PageRequest } from './admin/common.ts';

export const ACTOR_TYPES = ['client', 'cli', 'catalog-file', 'console'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/**
 * Who writes: an admin API client (its client id, and the request's X-Request-Id as `traceId`; also a
 * client signed in to the operator console), an operator command (`pms client create`), a catalog
 * file (its absolute path), or a person signed in to the console with single sign-on (`console`: their subject).
 */
export interface Actor {
  type: ActorType;
  id: string;
  /** Who it is in words where the id does not say: a console person's name or e-mail. */
  name?: string | undefined;
  traceId?: string | undefined;
}

/**
 * `signing-key`: recorded by the key rotation itself (auth/signing-keys.ts), in its own transaction;
 * `webhook-endpoint`: by the endpoints' writes (services/webhooks/endpoints.ts), likewise.
 */
export const AUDIT_ENTITIES = ['merchant', 'store', 'client', 'payment-method', 'signing-key', 'webhook-endpoint'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'rotate-secret', 'rotate'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an event records in place of a secret that was set or changed. */
export const SECRET_CHANGED = '[changed]';

/** Per field: its value before and after (either absent for a creation or a deletion), or SECRET_CHANGED. */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown } | typeof SECRET_CHANGED>;

/** What a client write records of its secret: that it changed (never the secret, never its hash), or nothing. */
export function secretChange(changed: boolean): AuditChanges {
  return changed ? { clientSecret: SECRET_CHANGED } : {};
}

function isDecimal(value: object): value is Decimal {
  return typeof (value as { units?: unknown }).units === 'bigint' && typeof (value as { scale?: unknown }).scale === 'number';
}

/**
 * An entity as JSON: decimals as their shortest text ("0.5", whatever the column's scale), fields
 * left undefined omitted, object keys sorted (so that equal values compare equal as text).
 */
export function auditValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(auditValue);
  if (typeof value !== 'object' || value === null) return value;
  if (isDecimal(value)) return formatDecimalTrimmed(value);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, auditValue(v)]),
  );
}

/** The fields that differ between two states of an entity (undefined: it did not exist). */
export function fieldChanges(before: object | undefined, after: object | undefined): AuditChanges {
  const b = (before === undefined ? {} : auditValue(before)) as Record<string, unknown>;
  const a = (after === undefined ? {} : auditValue(after)) as Record<string, unknown>;
  const changes: AuditChanges = {};
  for (const field of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
    if (JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
    changes[field] = { ...(field in b ? { before: b[field] } : {}), ...(field in a ? { after: a[field] } : {}) };
  }
  return changes;
}

/** One entity's change as a write recorded it: its whole state before and after (either absent). */
export interface EntityChange {
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  before: object | undefined;
  after: object | undefined;
}

/** Records the events of one catalog write, in its transaction, as its actor. */
export class AuditRecorder {
  private readonly events: AuditEventsRepository;
  private count = 0;

  constructor(
    tx: Tx,
    private readonly actor: Actor,
    /** Told of every change recorded, in the same transaction (the webhooks' outbox: services/webhooks). */
    private readonly onChange?: (change: EntityChange) => Promise<void>,
  ) {
    this.events = new AuditEventsRepository(tx);
  }

  /** Events recorded so far by this write. */
  get recorded(): number {
    return this.count;
  }

  /** `extra`: what the entity's fields do not show (a secret set: `{clientSecret: SECRET_CHANGED}`). */
  async created(entity: AuditEntity, entityId: string, after: object, extra: AuditChanges = {}): Promise<void> {
    await this.record(entity, entityId, 'create', { ...fieldChanges(undefined, after), ...extra });
    await this.onChange?.({ entity, entityId, action: 'create', before: undefined, after });
  }

  /** Records nothing when no field differs and there is no `extra`: nothing changed. */
  async updated(entity: AuditEntity, entityId: string, before: object, after: object, extra: AuditChanges = {}): Promise<void> {
    const changes = { ...fieldChanges(before, after), ...extra };
    if (Object.keys(changes).length === 0) return;
    await this.record(entity, entityId, 'update', changes);
    await this.onChange?.({ entity, entityId, action: 'update', before, after });
  }

  async deleted(entity: AuditEntity, entityId: string, before: object): Promise<void> {
    await this.record(entity, entityId, 'delete', fieldChanges(before, undefined));
    await this.onChange?.({ entity, entityId, action: 'delete', before, after: undefined });
  }

  /** A client's secret (`clientSecret`) or a webhook endpoint's (`secret`): recorded as changed, never its value. */
  async secretRotated(entity: 'client' | 'webhook-endpoint', entityId: string): Promise<void> {
    await this.record(entity, entityId, 'rotate-secret', { [entity === 'client' ? 'clientSecret' : 'secret']: SECRET_CHANGED });
  }

  private async record(entity: AuditEntity, entityId: string, action: AuditAction, changes: AuditChanges): Promise<void> {
    await this.events.insert({
      actorType: this.actor.type,
      actor: this.actor.id,
      actorName: this.actor.name,
      entity,
      entityId,
      action,
      changes,
      traceId: this.actor.traceId,
    });
    this.count += 1;
  }
}

export interface AuditEventQuery extends PageRequest {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** An event as read back: the columns hold only what AuditRecorder writes. */
export interface AuditEvent extends Omit<StoredAuditEvent, 'actorType' | 'entity' | 'action'> {
  actorType: ActorType;
  entity: AuditEntity;
  action: AuditAction;
}

/** An actor as the console shows it and the filter takes it: `console:editor-1`, `client:ops-admin`. */
export function actorLabel(event: Pick<AuditEvent, 'actorType' | 'actor'>): string {
  return `${event.actorType}:${event.actor}`;
}

/**
 * The actors a filter's `actor` names: an id of any type (`ops-admin`, `pms client create`, a file's path,
 * a subject), or, when it starts with a type and a colon, that type's actor of the rest (`console:editor-1`,
 * as actorLabel shows it). Both are asked for, so that an id with a colon of its own is still found.
 */
function actorsMatching(actor: string): Array<{ type?: ActorType; id: string }> {
  const colon = actor.indexOf(':');
  const type = actor.slice(0, colon);
  const typed = colon > 0 && (ACTOR_TYPES as readonly string[]).includes(type);
  return typed ? [{ id: actor }, { type: type as ActorType, id: actor.slice(colon + 1) }] : [{ id: actor }];
}

/** The audit trail as the admin API reads it: never changed, deleted only by the retention purge. */
export class AuditTrail {
  constructor(private readonly db: Db) {}

  async list(query: AuditEventQuery): Promise<Page<AuditEvent>> {
    const { entity, entityId, actor, from, to } = query;
    const repository = new AuditEventsRepository(this.db);
    const actors = actor === undefined ? undefined : actorsMatching(actor);
    const { events, totalElements } = await repository.list({ entity, entityId, actors, from, to, ...limits(query) });
    return pageOf(events as AuditEvent[], totalElements, query);
  }
}
