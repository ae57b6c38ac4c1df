// Webhook endpoints for the admin API and the CLI (docs/webhooks.md#endpoints). A secret (`whsec_` and
// the base64 of 32 random bytes) is shown once, in the answer of the request that made it (creation,
// rotation), and never listed. A rotation keeps the previous secret signing beside the new one for
// 24 hours, so receivers can switch without losing an event. Every write, rotations included, is in
// the audit trail (never a secret), in its own transaction with the change.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../storage/handles.ts';
import { CatalogValidationError, validateWebhookEndpointBody, type WebhookEndpointInput } from '../../catalog-input/validate.ts';
import { Errors } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { blockedAddressOf } from '../../lib/public-address.ts';
import { MerchantsRepository } from '../../storage/repositories/merchants.ts';
import { WebhookEndpointsRepository, type WebhookEndpoint } from '../../storage/repositories/webhook-endpoints.ts';
import { WebhookOutboxRepository, type StoredDelivery } from '../../storage/repositories/webhook-outbox.ts';
import { AuditRecorder, SECRET_CHANGED, type Actor } from '../audit.ts';
import { limits, pageOf, validated, type Page, type PageRequest, type PutResult } from '../admin/common.ts';

/** How long the secret a rotation replaced keeps signing beside the new one. */
export const ROTATION_OVERLAP_SECONDS = 24 * 3600;

/** `whsec_` and the base64 of 32 random bytes (Standard Webhooks' secret format). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A refused body, as the validation refuses one: 400 naming the field. */
async function refuse(path: string, message: string): Promise<never> {
  return validated(() => {
    throw new CatalogValidationError([{ path, message }]);
  });
}

export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpoint;
  /** Shown this once. */
  secret: string;
}

export type WebhookEndpointPutResult = PutResult<WebhookEndpoint> & { secret: string | undefined };

export class AdminWebhookEndpoints {
  constructor(
    private readonly db: Db,
    /** WEBHOOK_ALLOW_PRIVATE. */
    private readonly allowPrivate: boolean,
    /** Wakes this instance's dispatcher (a delivery retried on request is due now). */
    private readonly onDue: () => void = () => {},
  ) {}

  async list(request: PageRequest & { merchantId?: string | undefined }): Promise<Page<WebhookEndpoint>> {
    const { endpoints, totalElements } = await new WebhookEndpointsRepository(this.db).list({
      merchantId: request.merchantId,
      ...limits(request),
    });
    return pageOf(endpoints, totalElements, request);
  }

  async get(id: string): Promise<WebhookEndpoint> {
    const endpoint = isUuid(id) ? await new WebhookEndpointsRepository(this.db).findById(id.toLowerCase()) : undefined;
    if (!endpoint) throw new Errors.NOT_FOUND(`Webhook endpoint "${id}"`);
    return endpoint;
  }

  /** Creates an endpoint with a generated id and secret. */
  async create(body: unknown, actor: Actor): Promise<WebhookEndpointWithSecret> {
    const id = randomUUID();
    const result = await this.write(id, undefined, body, actor);
    return { endpoint: result.entity, secret: result.secret! };
  }

  /** Replaces the endpoint `id` (or creates it under that id, with a secret shown once). */
  async put(id: string, body: unknown, actor: Actor): Promise<WebhookEndpointPutResult> {
    if (!isUuid(id)) throw new Errors.NOT_FOUND(`Webhook endpoint "${id}"`);
    return this.write(id.toLowerCase(), id, body, actor);
  }

  private async write(id: string, pathId: string | undefined, body: unknown, actor: Actor): Promise<WebhookEndpointPutResult> {
    const input = await this.validatedBody(pathId, body);
    return this.db.transaction().execute(async (tx) => {
      const audit = new AuditRecorder(tx, actor);
      const endpoints = new WebhookEndpointsRepository(tx);
      const merchant = await new MerchantsRepository(tx).findById(input.merchantId);
      // Deleted since the validation read it.
      if (!merchant) await refuse('merchantId', `refers to unknown merchant "${input.merchantId}"`);
      const endpoint = { id, ...input };
      const before = await endpoints.findById(id);
      if (!before) {
        const secret = generateWebhookSecret();
        await endpoints.insert(endpoint, secret);
        await audit.created('webhook-endpoint', id, endpoint, { secret: SECRET_CHANGED });
        return { created: true, entity: endpoint, secret };
      }
      if (await endpoints.update(endpoint)) await audit.updated('webhook-endpoint', id, before, endpoint);
      return { created: false, entity: endpoint, secret: undefined };
    });
  }

  /** The body validated whole, then the URL's name resolved: every address it has must be public. */
  private async validatedBody(pathId: string | undefined, body: unknown): Promise<WebhookEndpointInput> {
    const merchantId = typeof body === 'object' && body !== null ? (body as { merchantId?: unknown }).merchantId : undefined;
    const merchantIds = new Set<string>();
    if (typeof merchantId === 'string' && (await new MerchantsRepository(this.db).findById(merchantId))) merchantIds.add(merchantId);
    const input = await validated(() =>
      validateWebhookEndpointBody(pathId, body, { merchantIds, storeIds: new Set(), nationalStoreIds: new Map() }, this.allowPrivate),
    );
    if (!this.allowPrivate) {
      const blocked = await blockedAddressOf(new URL(input.url));
      if (blocked !== undefined) {
        await refuse('url', `must resolve to public addresses only (it resolves to ${blocked}; WEBHOOK_ALLOW_PRIVATE=true allows it)`);
      }
    }
    return input;
  }

  /** A new secret, shown once; the previous one keeps signing beside it for 24 hours. */
  async rotateSecret(id: string, actor: Actor): Promise<WebhookEndpointWithSecret> {
    const secret = generateWebhookSecret();
    return this.db.transaction().execute(async (tx) => {
      const endpoints = new WebhookEndpointsRepository(tx);
      const endpoint = isUuid(id) ? await endpoints.findById(id.toLowerCase()) : undefined;
      if (!endpoint || !(await endpoints.rotateSecret(endpoint.id, secret, ROTATION_OVERLAP_SECONDS))) {
        throw new Errors.NOT_FOUND(`Webhook endpoint "${id}"`);
      }
      await new AuditRecorder(tx, actor).secretRotated('webhook-endpoint', endpoint.id);
      return { endpoint, secret };
    });
  }

  /** Deletes the endpoint with its deliveries; events already sent stay sent. */
  async delete(id: string, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const endpoints = new WebhookEndpointsRepository(tx);
      const before = isUuid(id) ? await endpoints.findById(id.toLowerCase()) : undefined;
      if (!before || !(await endpoints.delete(before.id))) throw new Errors.NOT_FOUND(`Webhook endpoint "${id}"`);
      await new AuditRecorder(tx, actor).deleted('webhook-endpoint', before.id, before);
    });
  }

  /** The endpoint's deliveries, newest first, each with its attempts. */
  async deliveries(id: string, request: PageRequest): Promise<Page<StoredDelivery>> {
    const endpoint = await this.get(id);
    const { deliveries, totalElements } = await new WebhookOutboxRepository(this.db).listDeliveries({
      endpointId: endpoint.id,
      ...limits(request),
    });
    return pageOf(deliveries, totalElements, request);
  }

  /**
   * Sends a delivery again now, whatever its state: the same event, the same webhook-id. Refused
   * (409) while its endpoint is disabled, which nothing is sent to.
   */
  async retry(deliveryId: string): Promise<StoredDelivery> {
    const outbox = new WebhookOutboxRepository(this.db);
    const id = deliveryId.toLowerCase();
    const result = isUuid(id) ? await outbox.retryNow(id) : 'not-found';
    if (result === 'not-found') throw new Errors.NOT_FOUND(`Webhook delivery "${deliveryId}"`);
    const delivery = (await outbox.findDelivery(id))!;
    if (result === 'endpoint-disabled') throw new Errors.WEBHOOK_ENDPOINT_DISABLED(delivery.endpointId);
    this.onDue();
    return delivery;
  }
}
