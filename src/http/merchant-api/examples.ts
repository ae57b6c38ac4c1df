// Examples of the merchant API's answers for the OpenAPI document: methods of the demo store, in
// its language (Swedish), with their translations.

export const INVOICE_METHOD = {
  id: '9f44e032-0b86-4592-ac19-ff8f3b87a4f2',
  name: 'Faktura',
  description: 'Betala inom 30 dagar',
  type: 'PROVIDER_INVOICE',
  minPurchaseLimit: 0,
  maxPurchaseLimit: 50000,
  minApplicationLimit: 0,
  maxApplicationLimit: 50000,
  legalLinks: [{ url: 'https://pay.example.com/terms/invoice?amount=', type: 'PRICE_INFO', appendAmount: true, language: 'sv' }],
  enabledForLegalCustomer: false,
  enabledForNaturalCustomer: true,
  campaign: { campaign: false, keywords: [] },
  priceSignagePossible: false,
  excludedProductTypes: [],
  countries: ['SE'],
  translations: {
    fi: { description: 'Maksa 30 päivän kuluessa', name: 'Lasku' },
    en: { description: 'Pay within 30 days', name: 'Invoice' },
  },
};

export const CAMPAIGN_METHOD = {
  id: '707120fd-3673-4b6e-9a91-03a5309c2a8f',
  name: 'Black Week: 6 månader räntefritt',
  description: 'Kampanj: 0 % ränta, inga avgifter, 6 månadsbetalningar',
  type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
  minPurchaseLimit: 500,
  maxPurchaseLimit: 60000,
  minApplicationLimit: 500,
  maxApplicationLimit: 60000,
  legalLinks: [{ url: 'https://pay.example.com/terms/campaign/blackweek?amount=', type: 'PRICE_INFO', appendAmount: true, language: 'sv' }],
  enabledForLegalCustomer: false,
  enabledForNaturalCustomer: true,
  campaign: { campaign: true, keywords: ['BLACKWEEK'] },
  priceSignagePossible: true,
  excludedProductTypes: ['GIFT_CARD'],
  countries: ['SE'],
  translations: {
    fi: { description: 'Kampanja: 0 % korko, ei maksuja, 6 kuukausierää', name: 'Black Week: 6 kuukautta korotta' },
    en: { description: 'Campaign: 0 % interest, no fees, 6 monthly payments', name: 'Black Week: 6 months interest-free' },
  },
};
