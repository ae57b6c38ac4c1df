// internalData (docs/session-api.md#the-group-object): opaque to every client, read only by our own web components. It is
// standard base64 of UTF-8 JSON; its shape is versioned by `v` and may change without notice.
import { formatDecimal, formatDecimalTrimmed, multiplyDecimal, type Decimal } from './money.ts';
import { monthlyCost } from './price-signage.ts';
import type { PaymentMethod, PaymentPlan, Store } from './catalog.ts';
import type { Language } from './languages.ts';
import type { InternalDisclosure } from './credit-disclosure.ts';

export interface InternalData {
  v: 1;
  type: string;
  methodIds: string[];
  title: string;
  amount: string;
  currency: string;
  /** The language the texts are in: the components write their own texts in it when the page sets none. */
  language: Language;
  methods: Array<{
    id: string;
    name: string;
    description: string;
    plans: Array<{
      name: string;
      durationMonths: number;
      monthlyCost: string;
      /** Display-ready decimals (no trailing zeros), in the store's currency. */
      administrationFee: string;
      setupFee: string;
      /** Nominal annual interest in percent: the catalog's rate 0.0995 is "9.95". */
      interestPercent: string;
    }>;
    legalLinks: Array<{ url: string; type: string; appendAmount: boolean }>;
  }>;
  /** The group's credit disclosure (credit-disclosure.ts), null when it has none. */
  disclosure: InternalDisclosure | null;
}

export function internalDataOf(
  store: Store,
  members: readonly PaymentMethod[],
  title: string,
  amount: Decimal,
  language: Language,
  disclosure: InternalDisclosure | null,
): InternalData {
  return internalDataWith(
    store,
    members,
    title,
    language,
    formatDecimal(amount),
    (plan) => monthlyCost(plan, amount).toString(),
    disclosure,
  );
}

/**
 * The same with the amount's text and each plan's monthly cost given: the compiled offers
 * (offer-template.ts) write placeholders there and fill them in per amount.
 */
export function internalDataWith(
  store: Store,
  members: readonly PaymentMethod[],
  title: string,
  language: Language,
  amountText: string,
  monthlyCostText: (plan: PaymentPlan) => string,
  disclosure: InternalDisclosure | null,
): InternalData {
  return {
    v: 1,
    type: members[0]!.type,
    methodIds: members.map((m) => m.id),
    title,
    amount: amountText,
    currency: store.currency,
    language,
    methods: members.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      plans: m.plans.map((p) => ({
        name: p.name,
        durationMonths: p.durationMonths,
        monthlyCost: monthlyCostText(p),
        administrationFee: formatDecimalTrimmed(p.administrationFee),
        setupFee: formatDecimalTrimmed(p.setupFee),
        interestPercent: formatDecimalTrimmed(multiplyDecimal(p.interest, { units: 100n, scale: 0 })),
      })),
      legalLinks: m.legalLinks.map((l) => ({ url: l.url, type: l.type, appendAmount: l.appendAmount })),
    })),
    disclosure,
  };
}

export function encodeInternalData(data: InternalData): string {
  // Stryker disable next-line StringLiteral: equivalent, UTF-8 is also Buffer.from's default
  return Buffer.from(JSON.stringify(data), 'utf8').toString('base64');
}
