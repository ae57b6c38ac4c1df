// Payment methods for the admin API (docs/catalog.md#admin-api): `PUT /admin/v1/payment-methods/{id}` takes one
// method object of the catalog. Deleting a method never breaks a session: it is simply no longer
// offered.
import type { Db } from '../../storage/handles.ts';
import { validatePaymentMethodBody } from '../../catalog-input/validate.ts';
import type { PaymentMethod } from '../../domain/catalog.ts';
import type { OperatorTypes } from '../../domain/payment-method-types.ts';
import { Errors } from '../../errors.ts';
import { CatalogWriter } from '../../storage/repositories/catalog-writer.ts';
import { PaymentMethodsRepository } from '../../storage/repositories/payment-methods.ts';
import type { Actor } from '../audit.ts';
import type { CatalogChanges } from '../catalog-changes.ts';
import { isUuid } from '../../lib/ids.ts';
import { knownReferences, limits, pageOf, validated, type Page, type PageRequest, type PutResult } from './common.ts';

export class AdminPaymentMethods {
  constructor(
    private readonly db: Db,
    private readonly changes: CatalogChanges,
    /** The configured operator's types: a known type under another prefix is refused. */
    private readonly operator: OperatorTypes,
  ) {}

  /** Every method, or one store's (`storeId`), ordered by store and then in display order. */
  async list(request: PageRequest & { storeId?: string | undefined }): Promise<Page<PaymentMethod>> {
    const storeId = request.storeId?.toLowerCase();
    if (storeId !== undefined && !isUuid(storeId)) return pageOf([], 0, request);
    const { methods, totalElements } = await new PaymentMethodsRepository(this.db).list({ storeId, ...limits(request) });
    return pageOf(methods, totalElements, request);
  }

  async get(id: string): Promise<PaymentMethod> {
    const method = isUuid(id) ? await new PaymentMethodsRepository(this.db).findById(id.toLowerCase()) : undefined;
    if (!method) throw new Errors.NOT_FOUND(`Payment method "${id}"`);
    return method;
  }

  /** Creates or replaces the method `id` with the body (validated whole; its store must exist). */
  async put(id: string, body: unknown, actor: Actor): Promise<PutResult<PaymentMethod>> {
    return this.changes.write(actor, async (tx, audit) => {
      const known = await knownReferences(tx, body);
      const method = await validated(() => validatePaymentMethodBody(id.toLowerCase(), body, known, this.operator));
      const methods = new PaymentMethodsRepository(tx);
      const before = await methods.findById(method.id);
      const outcome = await new CatalogWriter(tx).upsertPaymentMethod(method);
      const stored = await methods.findById(method.id);
      if (!before) await audit.created('payment-method', method.id, stored!);
      else if (outcome !== 'unchanged') await audit.updated('payment-method', method.id, before, stored!);
      return { created: outcome === 'created', entity: stored! };
    });
  }

  async delete(id: string, actor: Actor): Promise<void> {
    await this.changes.write(actor, async (tx, audit) => {
      const methods = new PaymentMethodsRepository(tx);
      const methodId = id.toLowerCase();
      const before = isUuid(methodId) ? await methods.findById(methodId) : undefined;
      if (!before || !(await methods.delete(methodId))) throw new Errors.NOT_FOUND(`Payment method "${id}"`);
      await audit.deleted('payment-method', methodId, before);
    });
  }
}
