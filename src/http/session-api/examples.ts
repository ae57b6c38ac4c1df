// Examples of the session API's answers for the OpenAPI document: the demo store's groups.

/** A group as served; `internalData` here holds a subset of what the service puts there. */
function group(id: string, methodIds: string[], title: string, subtitle: string, type: string, customerTypes: string[]) {
  const internalData = Buffer.from(JSON.stringify({ v: 1, type, methodIds, title, amount: '1299.95', currency: 'SEK' }), 'utf8').toString(
    'base64',
  );
  return { id, methodIds, title, subtitle, type, customerTypes, internalData };
}

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
    'b9386fd253843b8b379f3214e29d12886b17fbd562807edfbb541760923542c4',
    ['220aeb84-8e9e-4fc3-82bc-f5b41a251bf0', '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a'],
    'Part payment',
    'From 89 SEK/month',
    'PROVIDER_PART_PAYMENT_SELECT_NOW',
    ['NATURAL'],
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
