// The credit disclosure beside a monthly cost (domain/credit-disclosure.ts), as group retrieval and
// price signage serve it (docs/session-api.md#credit-disclosure).
import { Type } from 'typebox';
import { component } from './common.ts';

export const DisclosureExampleSchema = component(
  'CreditDisclosureExample',
  Type.Object(
    {
      amount: Type.String({ description: 'The purchase amount, with two decimals.', examples: ['1299.95'] }),
      currency: Type.String({ description: "ISO 4217 code of the store's currency." }),
      paymentMethodId: Type.String({ description: 'The payment method the plan belongs to.' }),
      planName: Type.String({ description: "The plan's name, in the answer's language." }),
      durationMonths: Type.Integer({ minimum: 1 }),
      monthlyCost: Type.Integer({ description: 'ceil(amount × annuityFactor + administrationFee), whole currency units.' }),
      interest: Type.Number({ description: 'Nominal annual interest in percent (the catalog rate 0.0995 is 9.95).' }),
      setupFee: Type.Number(),
      administrationFee: Type.Number({ description: 'Added to every monthly payment.' }),
      totalCost: Type.Number({ description: 'All the buyer pays: durationMonths × monthlyCost + setupFee.' }),
      effectiveInterest: Type.Number({
        description:
          'Annual percentage rate of charge in percent, 2 decimals, computed as price signage computes it (the setup fee ' +
          'paid with the first payment, a year of 12 equal months).',
      }),
    },
    { description: 'The representative example: the plan whose monthly cost is named, at the amount.' },
  ),
);

const TEXT_DESCRIPTION =
  "One or two sentences in the answer's language naming the amount, the duration, the monthly cost, the nominal " +
  'interest, the setup and administration fees, the annual percentage rate and the total payable, every number ' +
  "written as Intl.NumberFormat writes it for the language and the store's country.";
const WARNING_DESCRIPTION =
  "The store's credit warning in the answer's language (its `creditWarning`, else the language's default such as " +
  '"Att låna kostar pengar!"); null when the store turned it off.';

export const GroupDisclosureSchema = component(
  'CreditDisclosure',
  Type.Union(
    [
      Type.Object({
        text: Type.String({ description: TEXT_DESCRIPTION }),
        warning: Type.Union([Type.String(), Type.Null()], { description: WARNING_DESCRIPTION }),
        priceInformationUrl: Type.String({
          format: 'uri',
          description:
            'A page for people with every plan of the group at this amount: ' +
            '`{PUBLIC_URL}/v1/sessions/{sessionId}/price-information?amount=…&group=…` (and `&locale=…` when the request gave one).',
        }),
        example: DisclosureExampleSchema,
      }),
      Type.Null(),
    ],
    {
      description:
        'The credit information required beside a monthly cost offered to consumers: null unless the subtitle names a monthly cost and `customerTypes` include NATURAL.',
    },
  ),
);

export const PriceSignageDisclosureSchema = component(
  'PriceSignageDisclosure',
  Type.Union(
    [
      Type.Object({
        text: Type.String({ description: TEXT_DESCRIPTION }),
        warning: Type.Union([Type.String(), Type.Null()], { description: WARNING_DESCRIPTION }),
        example: DisclosureExampleSchema,
      }),
      Type.Null(),
    ],
    {
      description:
        'The representative example of the plan with the lowest monthly cost (on a tie the first listed); null when `costList` is empty.',
    },
  ),
);
