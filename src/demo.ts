// What `npm start` prints when it serves the bundled demo catalog: the demo credentials (read from
// the catalog itself) and a copy-paste walk-through of the whole flow: token → session → groups.
export const DEMO_CATALOG_FILE = 'demo/catalog.json';

interface DemoCatalogShape {
  stores?: Array<{ id: string; merchantId: string; name: string }>;
  clients?: Array<{ clientId: string; clientSecret: string; merchantId: string }>;
}

export interface DemoCredentials {
  clientId: string;
  clientSecret: string;
  storeId: string;
  storeName: string;
}

/** The first client of the demo catalog and its merchant's first store. */
export function demoCredentials(catalog: unknown): DemoCredentials | undefined {
  const { stores = [], clients = [] } = catalog as DemoCatalogShape;
  const client = clients[0];
  const store = client && stores.find((s) => s.merchantId === client.merchantId);
  return client && store
    ? { clientId: client.clientId, clientSecret: client.clientSecret, storeId: store.id, storeName: store.name }
    : undefined;
}

export function demoWalkthrough(baseUrl: string, demo: DemoCredentials): string {
  return `
Demo catalog loaded (store "${demo.storeName}").
  client id:     ${demo.clientId}
  client secret: ${demo.clientSecret}
  store id:      ${demo.storeId}

Demo storefront: ${baseUrl}/demo

Try it:
  TOKEN=$(curl -s -u ${demo.clientId}:${demo.clientSecret} -d grant_type=client_credentials ${baseUrl}/oauth2/token | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
  SESSION=$(curl -s -X POST -H "Authorization: Bearer $TOKEN" ${baseUrl}/v1/stores/${demo.storeId}/sessions | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
  curl -s "${baseUrl}/v1/sessions/$SESSION/payment-method-groups?amount=1299.95&customerType=NATURAL"

`;
}
