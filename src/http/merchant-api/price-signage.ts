// GET /v2/stores/{store_id}/payment_methods/{payment_method_id}/price_signage?amount=
// (docs/merchant-api.md#price-signage): what a product page may show for a price.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { legalLinkLanguage } from '../../domain/catalog.ts';
import { decimalToNumber, formatDecimal, parseDecimal } from '../../domain/money.ts';
import { plansInOrder, priceSignageCosts } from '../../domain/price-signage.ts';
import { priceSignageDisclosure } from '../../domain/credit-disclosure.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';
import { errorResponses } from '../schemas/common.ts';
import { METHOD_NOT_FOUND_DOC, MethodParams, PriceSignageQuery, PriceSignageResponse } from './schemas.ts';

export function priceSignageRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/stores/:store_id/payment_methods/:payment_method_id/price_signage',
    {
      schema: {
        operationId: 'getPriceSignage',
        summary: 'What a product page may show for a price: monthly cost, total cost and APR per plan',
        description: [
          "For a price, the method's legal documents (SECCI and general terms, each with its language; the price " +
            'appended to the link where the catalog says so) and, when the method allows price signage and the ' +
            'price is within its purchase limits, each plan with its monthly cost, total cost and effective annual ' +
            'rate (APR). A price of 0 has no plan costs.',
          'Money is exact: the monthly cost is `ceil(amount × annuityFactor + administrationFee)` in whole currency ' +
            'units, the total `durationMonths × monthlyCost + setupFee`. The APR follows the Consumer Credit ' +
            'Directive (2008/48/EC, Annex I) with a year of 12 equal months and the setup fee paid with the first ' +
            'payment, solved numerically and rounded half up to 2 decimals.',
          '`disclosure`: the representative example of credit advertising for the plan with the lowest monthly cost ' +
            "(on a tie the first listed): a ready `text` naming every figure, the store's credit `warning` and the `example`'s " +
            'figures; null when `costList` is empty.',
          "Plan texts are in the language of `locale` (else the store's), and the legal documents of each type are those " +
            "in that language, else those in the store's language, else all of that type.",
          'Needs an access token of scope `merchant-api` whose client is granted the store.',
        ].join('\n\n'),
        tags: ['Merchant'],
        security: [{ oauth2: ['merchant-api'] }],
        params: MethodParams,
        querystring: PriceSignageQuery,
        response: { 200: PriceSignageResponse, ...errorResponses(400, 401, 403, 404, 429, 500, 503) },
        'x-docs': {
          responses: {
            '200': {
              description: 'The legal documents and the costs per plan.',
              headers: { 'Content-Language': 'The language of the texts: `sv`, `nb`, `da`, `fi` or `en`.' },
              examples: {
                signage: {
                  summary: 'A 24-month plan at 10,000 SEK',
                  value: {
                    secciLinks: [{ uri: 'https://pay.example.com/secci/part-payment?amount=10000', language: 'sv' }],
                    generalTermsLinks: [{ uri: 'https://pay.example.com/terms/part-payment', language: 'sv' }],
                    costList: [
                      {
                        name: '24 months',
                        description: 'Pay over two years',
                        interest: 0.1995,
                        durationMonths: 24,
                        monthlyCost: 528,
                        totalCost: 12967,
                        administrationFee: 29,
                        setupFee: 295,
                        effectiveInterest: 30.58,
                      },
                    ],
                    disclosure: {
                      text:
                        'Räkneexempel: 10 000,00 kr delbetalt på 24 månader med 528 kr/mån, nominell ränta 19,95 %, ' +
                        'uppläggningsavgift 295 kr, aviavgift 29 kr/mån. Effektiv ränta 30,58 %, totalt att betala 12 967 kr.',
                      warning: 'Att låna kostar pengar!',
                      example: {
                        amount: '10000.00',
                        currency: 'SEK',
                        paymentMethodId: '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a',
                        planName: '24 months',
                        durationMonths: 24,
                        monthlyCost: 528,
                        interest: 19.95,
                        setupFee: 295,
                        administrationFee: 29,
                        totalCost: 12967,
                        effectiveInterest: 30.58,
                      },
                    },
                  },
                },
              },
            },
            '400': {
              description:
                '`amount` missing, repeated or not a plain non-negative decimal, `locale` repeated or not a well-formed BCP 47 tag, ' +
                'or an id that is not a UUID.',
            },
            '404': METHOD_NOT_FOUND_DOC,
          },
        },
      },
      onRequest: authenticate(ctx, 'merchant-api'),
      config: { rateLimitPolicy: 'merchant' },
      preValidation: singleValuedQuery(['amount', 'locale'], ['amount']),
    },
    async (request, reply) => {
      const { store_id: storeId, payment_method_id: methodId } = request.params;
      await requireStoreGrant(ctx, request, storeId);
      // The method in the request's language: plan texts translated, legal links in that language (localization.ts).
      const { store, method, language } = await ctx.merchantListing.method(storeId.toLowerCase(), methodId, request.query.locale);
      const amount = parseDecimal(request.query.amount)!;
      const documents = (type: string) =>
        method.legalLinks
          .filter((l) => l.type === type)
          .map((l) => ({ uri: l.appendAmount ? l.url + formatDecimal(amount) : l.url, language: legalLinkLanguage(l, store) }));
      const costs = priceSignageCosts(method, amount);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-language', language)
        .send({
          secciLinks: documents('SECCI'),
          generalTermsLinks: documents('GENERAL_TERMS'),
          costList: costs.map((c) => ({
            name: c.name,
            description: c.description,
            interest: decimalToNumber(c.interest),
            durationMonths: c.durationMonths,
            monthlyCost: Number(c.monthlyCost),
            totalCost: decimalToNumber(c.totalCost),
            administrationFee: decimalToNumber(c.administrationFee),
            setupFee: decimalToNumber(c.setupFee),
            effectiveInterest: Number(formatDecimal(c.effectiveInterest)),
          })),
          // The representative example of the lowest monthly cost, in the answer's language (credit-disclosure.ts).
          disclosure: priceSignageDisclosure(store, language, method.id, plansInOrder(method), costs, amount),
        });
    },
  );
}
