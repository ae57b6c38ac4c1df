// The bundled demo catalog under the configured operator's prefix, and what `npm start` prints
// when it serves it: the demo credentials (read from the catalog itself) and a copy-paste
// walk-through of the whole flow: token → session → groups.
import { withOperatorPrefix, type OperatorTypes } from './domain/payment-method-types.ts';
import { DEFAULT_COUNTRY_CODE } from './domain/catalog.ts';
import { Errors } from './errors.ts';
import type { AdminServices } from './services/admin/index.ts';
import { generateClientSecret } from './services/admin/clients.ts';

export const DEMO_CATALOG_FILE = 'demo/catalog.json';

/**
 * The demo catalog as served: the file is written with the default prefix (`PROVIDER_INVOICE`, …,
 * so that it stays a valid catalog file as it is), and its methods' known prefixed types are
 * rewritten to the configured prefix (`RESURS_INVOICE`) before it is validated and applied.
 * Other types, and everything else in the file, are kept as they are.
 */
export function demoCatalogFor(catalog: unknown, operator: OperatorTypes): unknown {
  if (typeof catalog !== 'object' || catalog === null || !Array.isArray((catalog as { paymentMethods?: unknown }).paymentMethods)) {
    return catalog;
  }
  const { paymentMethods } = catalog as { paymentMethods: unknown[] };
  return {
    ...catalog,
    paymentMethods: paymentMethods.map((method) =>
      typeof method === 'object' && method !== null && typeof (method as { type?: unknown }).type === 'string'
        ? { ...method, type: withOperatorPrefix((method as { type: string }).type, operator) }
        : method,
    ),
  };
}

interface DemoCatalogShape {
  stores?: Array<{ id: string; merchantId: string; name: string; currency: string; countryCode?: string }>;
  clients?: Array<{ clientId: string; clientSecret: string; merchantId: string }>;
}

export interface DemoCredentials {
  clientId: string;
  clientSecret: string;
  storeId: string;
  storeName: string;
  /** The store's currency (ISO 4217), for the demo shop's prices. */
  currency: string;
  /** The store's country (ISO 3166-1 alpha-2): the demo shop opens in its language. */
  countryCode: string;
}

/** The first client of the demo catalog and its merchant's first store. */
export function demoCredentials(catalog: unknown): DemoCredentials | undefined {
  const { stores = [], clients = [] } = catalog as DemoCatalogShape;
  const client = clients[0];
  const store = client && stores.find((s) => s.merchantId === client.merchantId);
  return client && store
    ? {
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        storeId: store.id,
        storeName: store.name,
        currency: store.currency,
        countryCode: store.countryCode ?? DEFAULT_COUNTRY_CODE,
      }
    : undefined;
}

/** The operator console's sign-in on a demo instance (docs/tour.md#the-operator-console). */
export interface DemoConsoleClient {
  clientId: string;
  clientSecret: string;
}

export const DEMO_CONSOLE_CLIENT_ID = 'demo-console';
const DEMO_OPERATOR = { id: 'demo-operator', name: 'Demo operator' };

/**
 * An admin client to sign in to the console with, on the demo only: the demo catalog has none (its
 * file is published, so a secret in it would be everyone's). A new secret at every start, printed with
 * the walk-through; the previous one stops working. Recorded in the audit trail as `npm start`.
 */
export async function demoConsoleClient(admin: Pick<AdminServices, 'merchants' | 'clients'>): Promise<DemoConsoleClient> {
  const actor = { type: 'cli' as const, id: 'npm start (demo console client)' };
  try {
    await admin.merchants.get(DEMO_OPERATOR.id);
  } catch (error) {
    if (!(error instanceof Errors.NOT_FOUND)) throw error;
    await admin.merchants.put(DEMO_OPERATOR.id, { name: DEMO_OPERATOR.name }, actor);
  }
  const clientSecret = generateClientSecret();
  await admin.clients.put(DEMO_CONSOLE_CLIENT_ID, { merchantId: DEMO_OPERATOR.id, scopes: ['admin'], clientSecret }, actor);
  return { clientId: DEMO_CONSOLE_CLIENT_ID, clientSecret };
}

export function demoWalkthrough(baseUrl: string, demo: DemoCredentials, console?: DemoConsoleClient): string {
  return `${
    console
      ? `
Operator console: ${baseUrl}/console (sign in with the admin client below; its secret is new at every start)
  client id:     ${console.clientId}
  client secret: ${console.clientSecret}
`
      : ''
  }
Demo catalog loaded (store "${demo.storeName}").
  client id:     ${demo.clientId}
  client secret: ${demo.clientSecret}
  store id:      ${demo.storeId}

Demo storefront: ${baseUrl}/demo

Try it:
  TOKEN=$(curl -s -u ${demo.clientId}:${demo.clientSecret} -d grant_type=client_credentials ${baseUrl}/oauth2/token | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
  SESSION=$(curl -s -X POST -H "Authorization: Bearer $TOKEN" ${baseUrl}/v1/stores/${demo.storeId}/sessions | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
  curl -s "${baseUrl}/v1/sessions/$SESSION/payment-method-groups?amount=1299.95&customerType=NATURAL"

In another language (sv, nb, da, fi, en; without one, the store's): "locale" on the session, or on one request:
  curl -s -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"locale":"fi-FI"}' ${baseUrl}/v1/stores/${demo.storeId}/sessions
  curl -s "${baseUrl}/v1/sessions/$SESSION/payment-method-groups?amount=1299.95&locale=en"

`;
}
