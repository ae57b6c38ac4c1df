// Examples of the session API's answers for the OpenAPI document: the demo store's groups.

/** A group as served; `internalData` here holds a subset of what the service puts there. */
function group(
  id: string,
  methodIds: string[],
  title: string,
  subtitle: string,
  type: string,
  customerTypes: string[],
  disclosure: object | null = null,
) {
  const internalData = Buffer.from(JSON.stringify({ v: 1, type, methodIds, title, amount: '1299.95', currency: 'SEK' }), 'utf8').toString(
    'base64',
  );
  return { id, methodIds, title, subtitle, type, customerTypes, internalData, disclosure };
}

const BUNDLE_ID = 'b9386fd253843b8b379f3214e29d12886b17fbd562807edfbb541760923542c4';

/** The bundle's credit disclosure: its 24-month plan (29 a month in fees, 9.95 % interest) at 1299.95 SEK, in English. */
const BUNDLE_DISCLOSURE = {
  text:
    'Representative example: 1 299,95 kr over 24 months at 89 kr a month, nominal interest rate 9,95 %, setup fee 0 kr, ' +
    'administration fee 29 kr a month. Annual percentage rate 68,11 %, total amount payable 2 136 kr.',
  warning: 'Borrowing money costs money.',
  priceInformationUrl: `https://pay.example.com/v1/sessions/0b8a3f6e-9d1c-4a8e-bb7e-5f2d1c3a4b5c/price-information?amount=1299.95&group=${BUNDLE_ID}&locale=en`,
  example: {
    amount: '1299.95',
    currency: 'SEK',
    paymentMethodId: '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a',
    planName: '24 months',
    durationMonths: 24,
    monthlyCost: 89,
    interest: 9.95,
    setupFee: 0,
    administrationFee: 29,
    totalCost: 2136,
    effectiveInterest: 68.11,
  },
};

/** Groups of the demo store at 1299.95 SEK for a NATURAL customer: two single methods and one bundle. */
export const GROUPS_EXAMPLE = [
  group(
    '6af2df1d0924d3eb018cb4d86cfefc61572b632bb34a4f437b6d0dbc40182982',
    ['9f44e032-0b86-4592-ac19-ff8f3b87a4f2'],
    'Invoice',
    'Pay within 30 days',
    'PROVIDER_INVOICE',
    ['NATURAL'],
  ),
  group(
    BUNDLE_ID,
    ['220aeb84-8e9e-4fc3-82bc-f5b41a251bf0', '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a'],
    'Part payment',
    'From 89 SEK/month',
    'PROVIDER_PART_PAYMENT_SELECT_NOW',
    ['NATURAL'],
    BUNDLE_DISCLOSURE,
  ),
  group(
    '23328f70be2c9094b3381c2aebec55ea54846117ea21a28e93a813cc6ed2eaef',
    ['579c1bb9-03c0-4760-b4bc-952d8efdda47'],
    'Card',
    'Visa, Mastercard',
    'CARD',
    ['NATURAL', 'LEGAL'],
  ),
];
