// Property: for any amount (weighted to every limit boundary of the demo catalog), customer type,
// campaign and flattening, the merchant's eligibility explanation shows exactly the groups a
// storefront session gets, and its verdicts match an independent model of the rules.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCatalog, issueToken, startTestService, type TestService } from '../helpers/app.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { withoutDisclosures } from '../helpers/fixtures.ts';

const CAMPAIGNS = [undefined, 'BLACKWEEK', 'blackweek', 'CyberMonday', 'SUMMER'] as const;

interface CatalogMethod {
  id: string;
  storeId: string;
  minPurchaseLimit: number;
  maxPurchaseLimit: number;
  enabledForNaturalCustomer: boolean;
  enabledForLegalCustomer: boolean;
  campaign: { campaign: boolean; keywords: string[] };
}

let service: TestService;
let token: string;
let methods: CatalogMethod[];
const sessions = new Map<string | undefined, string>();

/** Cents as BigInt from a decimal string with at most two places: the model's own arithmetic. */
function cents(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

function centsText(value: bigint): string {
  const abs = value < 0n ? 0n : value;
  return `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function expectedReasons(m: CatalogMethod, amount: string, customerType: string | undefined, campaign: string | undefined): string[] {
  const reasons: string[] = [];
  const a = cents(amount);
  if (a < cents(String(m.minPurchaseLimit))) reasons.push('AMOUNT_BELOW_MINIMUM');
  if (a > cents(String(m.maxPurchaseLimit))) reasons.push('AMOUNT_ABOVE_MAXIMUM');
  const enabled =
    customerType === 'NATURAL'
      ? m.enabledForNaturalCustomer
      : customerType === 'LEGAL'
        ? m.enabledForLegalCustomer
        : m.enabledForNaturalCustomer || m.enabledForLegalCustomer;
  if (!enabled) reasons.push('CUSTOMER_TYPE_NOT_ENABLED');
  if (campaign === undefined) {
    if (m.campaign.campaign) reasons.push('CAMPAIGN_METHOD_WITHOUT_CAMPAIGN');
  } else if (!m.campaign.campaign || !m.campaign.keywords.some((k) => k.toLowerCase() === campaign.toLowerCase())) {
    reasons.push('CAMPAIGN_KEYWORD_MISMATCH');
  }
  return reasons;
}

beforeAll(async () => {
  const catalog = await demoCatalog();
  methods = (catalog.paymentMethods as CatalogMethod[]).filter((m) => m.storeId === STORE);
  service = await startTestService({ catalog });
  token = await issueToken(service.app, NORDIC.id, NORDIC.secret);
  for (const campaign of CAMPAIGNS) {
    const response = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${STORE}/sessions`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: campaign === undefined ? {} : { campaign },
    });
    sessions.set(campaign, (response.json() as { id: string }).id);
  }
});

afterAll(async () => {
  await service?.close();
});

it('the explanation agrees with the storefront groups and with the model of the rules', async () => {
  const boundaries = methods.flatMap((m) =>
    [m.minPurchaseLimit, m.maxPurchaseLimit].flatMap((limit) => [-1n, 0n, 1n].map((d) => centsText(cents(String(limit)) + d))),
  );
  const amount = fc.oneof(
    fc.constantFrom(...boundaries),
    fc.bigInt({ min: 0n, max: 30_000_000n }).map(centsText),
    fc.nat({ max: 300_000 }).map(String),
  );
  await fc.assert(
    fc.asyncProperty(
      amount,
      fc.constantFrom(undefined, 'NATURAL', 'LEGAL'),
      fc.constantFrom(...CAMPAIGNS),
      fc.boolean(),
      async (amountText, customerType, campaign, flattened) => {
        const query = new URLSearchParams({ amount: amountText, flattened: String(flattened) });
        if (customerType) query.set('customerType', customerType);
        const storefront = await service.app.inject({
          method: 'GET',
          url: `/v1/sessions/${sessions.get(campaign)}/payment-method-groups?${query}`,
        });
        if (campaign !== undefined) query.set('campaign', campaign);
        const explanation = await service.app.inject({
          method: 'GET',
          url: `/v2/stores/${STORE}/payment_methods/eligibility?${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(storefront.statusCode).toBe(200);
        expect(explanation.statusCode).toBe(200);
        const explained = explanation.json() as {
          methods: Array<{ id: string; eligible: boolean; reasons: string[] }>;
          groups: Array<{ methodIds: string[] }>;
        };
        expect(explained.groups).toEqual(withoutDisclosures(storefront.json()));
        const offered = new Set(explained.groups.flatMap((g) => g.methodIds));
        for (const verdict of explained.methods) {
          const model = expectedReasons(
            methods.find((m) => m.id === verdict.id)!,
            amountText,
            customerType,
            campaign,
          );
          expect(verdict.reasons).toEqual(model);
          expect(verdict.eligible).toBe(model.length === 0);
          expect(offered.has(verdict.id)).toBe(verdict.eligible);
        }
      },
    ),
    { numRuns: 300 },
  );
});
