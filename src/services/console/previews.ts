// The console's change previews (docs/console.md#payment-methods): what shoppers of a store would
// be offered differently with one method edited, added or removed, or with the store edited; the
// store's other methods go in as their forms would send them. Nothing is written (AdminPreview).
import type { OfferChange } from '../../domain/change-preview.ts';
import type { Store } from '../../domain/catalog.ts';
import type { AdminServices } from '../admin/index.ts';
import { attempt, errorsUnder } from './form-values.ts';
import { methodBody, methodValues } from './method-form.ts';

type Services = Pick<AdminServices, 'paymentMethods' | 'preview'>;

/** A preview's outcome: the changes, or the refused fields by the form's names. */
export type PreviewOutcome = { changes: OfferChange[] } | { errors: Record<string, string> };

/** The change of one method: `body` stands in for the method of `id` (or is added); without it, the method is left out. */
export interface MethodChange {
  id: string;
  body?: Record<string, unknown>;
}

/** The store's methods as preview bodies with the change made, and the changed method's place among them. */
export async function methodsProposal(
  services: Services,
  store: Store,
  change: MethodChange = { id: '' },
): Promise<{ paymentMethods: Array<Record<string, unknown>>; index: number }> {
  const methods = await services.paymentMethods.list({ page: 0, size: 1000, storeId: store.id });
  const bodies: Array<Record<string, unknown>> = [];
  let index = -1;
  for (const method of methods.content) {
    if (method.id !== change.id) bodies.push({ ...methodBody(methodValues(method), store.id), id: method.id });
    else if (change.body) {
      index = bodies.length;
      bodies.push({ ...change.body, id: change.id });
    }
  }
  if (index < 0 && change.body) {
    index = bodies.length;
    bodies.push({ ...change.body, id: change.id });
  }
  return { paymentMethods: bodies, index };
}

/** Refusals as the form's fields, any other failure thrown on. */
async function outcome(refusalsOf: (errors: Record<string, string>) => Record<string, string>, run: () => Promise<OfferChange[]>) {
  const done = await attempt(run);
  return done.errors ? { errors: refusalsOf(done.errors) } : { changes: done.result };
}

/** The preview of one method's change; refusals named as the method form names its fields (`paymentMethods[3].name` → `name`). */
export async function previewMethodChange(services: Services, store: Store, change: MethodChange): Promise<PreviewOutcome> {
  const proposed = await methodsProposal(services, store, change);
  return outcome(
    (errors) => errorsUnder(errors, `paymentMethods[${proposed.index}]`),
    async () => (await services.preview.preview(store.id, { paymentMethods: proposed.paymentMethods })).changes,
  );
}

/** The preview of a method's deletion (what shoppers would lose); the others, as stored, are not refused. */
export async function previewMethodRemoval(services: Services, store: Store, id: string): Promise<OfferChange[]> {
  const { paymentMethods } = await methodsProposal(services, store, { id });
  return (await services.preview.preview(store.id, { paymentMethods })).changes;
}

/** The preview of a store's edit with its methods as stored; refusals named as the store form names its fields (`store.currency` → `currency`). */
export async function previewStoreChange(services: Services, store: Store, body: Record<string, unknown>): Promise<PreviewOutcome> {
  const { paymentMethods } = await methodsProposal(services, store);
  return outcome(
    (errors) => errorsUnder(errors, 'store'),
    async () => (await services.preview.preview(store.id, { store: body, paymentMethods })).changes,
  );
}
