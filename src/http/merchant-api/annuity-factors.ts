// GET /v2/stores/{store_id}/payment_methods/{payment_method_id}/annuity_factors
// (docs/merchant-api.md#payment-plans-annuity-factors): a method's payment plans.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { decimalToNumber } from '../../domain/money.ts';
import { plansInOrder } from '../../domain/price-signage.ts';
import { authenticate, requireStoreGrant } from '../plugins/authenticate.ts';
import { errorResponses } from '../schemas/common.ts';
import { AnnuityFactorsQuery, AnnuityFactorsResponse, METHOD_NOT_FOUND_DOC, MethodParams } from './schemas.ts';
import { singleValuedQuery } from '../plugins/query-guards.ts';

export function annuityFactorsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/stores/:store_id/payment_methods/:payment_method_id/annuity_factors',
    {
      schema: {
        operationId: 'listAnnuityFactors',
        summary: "A payment method's plans (annuity factors and fees)",
        description: [
          'The payment plans of one method of the store, in order of duration, then name: for each, the annuity ' +
            'factor (monthly cost per currency unit of the price), the monthly administration fee, the setup fee and ' +
            'the nominal interest. A method without plans answers `{"content": []}`.',
          'Needs an access token of scope `merchant-api` whose client is granted the store.',
        ].join('\n\n'),
        tags: ['Merchant'],
        security: [{ oauth2: ['merchant-api'] }],
        params: MethodParams,
        querystring: AnnuityFactorsQuery,
        response: { 200: AnnuityFactorsResponse, ...errorResponses(400, 401, 403, 404, 429, 500, 503) },
        'x-docs': {
          responses: {
            '200': {
              description: "The plans, named in the language of `locale` (else the store's).",
              headers: { 'Content-Language': 'The language of the plan names: `sv`, `nb`, `da`, `fi` or `en`.' },
              examples: {
                plans: {
                  summary: 'Part payment over 12 and 24 months',
                  value: {
                    content: [
                      {
                        paymentPlanName: '12 months',
                        annuityFactor: 0.0883,
                        durationMonths: 12,
                        administrationFee: 29,
                        setupFee: 0,
                        interest: 0.0995,
                      },
                      {
                        paymentPlanName: '24 months',
                        annuityFactor: 0.0461,
                        durationMonths: 24,
                        administrationFee: 29,
                        setupFee: 195,
                        interest: 0.0995,
                      },
                    ],
                  },
                },
              },
            },
            '400': {
              description: '`store_id` or `payment_method_id` is not a UUID, or `locale` is repeated or not a well-formed BCP 47 tag.',
            },
            '404': METHOD_NOT_FOUND_DOC,
          },
        },
      },
      onRequest: authenticate(ctx, 'merchant-api'),
      config: { rateLimitPolicy: 'merchant' },
      preValidation: singleValuedQuery(['locale'], []),
    },
    async (request, reply) => {
      const { store_id: storeId, payment_method_id: methodId } = request.params;
      await requireStoreGrant(ctx, request, storeId);
      const { method, language } = await ctx.merchantListing.method(storeId.toLowerCase(), methodId, request.query.locale);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-language', language)
        .send({
          content: plansInOrder(method).map((p) => ({
            paymentPlanName: p.name,
            annuityFactor: decimalToNumber(p.annuityFactor),
            durationMonths: p.durationMonths,
            administrationFee: decimalToNumber(p.administrationFee),
            setupFee: decimalToNumber(p.setupFee),
            interest: decimalToNumber(p.interest),
          })),
        });
    },
  );
}
