// The demo storefront (only with the bundled demo catalog): a shop checkout at /demo that uses the
// storefront script as a merchant's page would, and the shop's own backend route that creates
// sessions server-side with the demo client's credentials, so no token ever reaches the browser.
import { ErrorResponse } from '../schemas/common.ts';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { Type } from 'typebox';
import type {} from '@fastify/swagger'; // its FastifySchema field `hide`
import type { AppContext } from '../../context.ts';
import type { DemoCredentials } from '../../demo.ts';
import { Errors } from '../../errors.ts';
import { etagOnSend } from '../plugins/etag.ts';
import { languageOfCountry, languageOfLocale, type Language } from '../../domain/languages.ts';
import { disclosureFormat } from '../../domain/credit-disclosure.ts';
import { formatDecimal, parseDecimal } from '../../domain/money.ts';
import { LocaleSchema, ProductTypeSchema } from '../session-api/schemas.ts';
import { PRODUCT_TYPES } from '../../domain/order-rules.ts';
import { PAGE_LANGUAGES, PAGE_TEXTS, pageLanguage } from './texts.ts';

export interface DemoRoutesOptions {
  ctx: AppContext;
  demo: DemoCredentials;
  /** Absolute URL of the storefront script (embed.src). */
  embedSrc: string;
}

// From source (tests) the assets sit beside this module; esbuild inlines it into dist/main.js and
// scripts/build.mjs copies them to dist/demo/assets.
const ASSET_DIRS = [new URL('./assets/', import.meta.url), new URL('./demo/assets/', import.meta.url)];

const DemoSessionBody = Type.Object({
  campaign: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  locale: Type.Optional(LocaleSchema('The shopper’s language.')),
  // The kinds of goods in the cart: the session's order rule (docs/session-api.md#order-rules).
  productTypes: Type.Optional(Type.Array(ProductTypeSchema, { minItems: 1, maxItems: PRODUCT_TYPES.length })),
});
const DemoSession = Type.Object({ sessionId: Type.String(), expiresAt: Type.String() });
const DemoSignageQuery = Type.Object({
  amount: Type.String({ pattern: '^\\d+(\\.\\d{1,2})?$' }),
  locale: Type.Optional(LocaleSchema('The shopper’s language: the SECCI in it where the catalog has one.')),
  sessionId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'The page’s session: its price-information page is linked.' }),
  ),
});
const DemoDisclosure = Type.Object({
  text: Type.String(),
  warning: Type.Union([Type.String(), Type.Null()]),
  /** The annual percentage rate as written inside `text`, for the page to set in bold. */
  apr: Type.String(),
});
const DemoSignage = Type.Object({
  signage: Type.Union([
    Type.Null(),
    Type.Object({
      monthlyCost: Type.Number(),
      totalCost: Type.Number(),
      effectiveInterest: Type.Number(),
      durationMonths: Type.Integer(),
      currency: Type.String(),
      secciUri: Type.Union([Type.String(), Type.Null()]),
      disclosure: Type.Union([DemoDisclosure, Type.Null()]),
      priceInformationUrl: Type.Union([Type.String(), Type.Null()]),
    }),
  ]),
});

interface SignageCost {
  monthlyCost: number;
  totalCost: number;
  effectiveInterest: number;
  durationMonths: number;
}

/** Price signage's credit disclosure (docs/merchant-api.md), for the plan with the lowest monthly cost. */
interface SignageDisclosure {
  text: string;
  warning: string | null;
  example: { paymentMethodId: string; effectiveInterest: number };
}

export async function demoRoutes(app: FastifyInstance, { ctx, demo, embedSrc }: DemoRoutesOptions): Promise<void> {
  const dir = ASSET_DIRS.find((url) => existsSync(url));
  if (!dir) throw new Error('the demo storefront assets (src/http/demo/assets) are missing');
  const read = (name: string) => readFile(new URL(name, dir), 'utf8');
  const [template, script, stylesheet] = await Promise.all([read('index.html'), read('shop.js'), read('shop.css')]);
  // The page is written in the store's language (docs/languages.md), as a shop in that country
  // would serve it: right before its script runs, and without it. The script switches with texts.js.
  const language = pageLanguage(languageOfCountry(demo.countryCode));
  const page = fill(template, {
    storeName: demo.storeName,
    embedSrc,
    lang: language,
    ...Object.fromEntries(Object.entries(PAGE_TEXTS[language]).map(([key, text]) => [`text.${key}`, text])),
    ...Object.fromEntries(PAGE_LANGUAGES.map((l) => [`checked.${l}`, l === language ? ' checked' : ''])),
  });
  const texts = `// The demo page's texts in every language of its switch (src/http/demo/texts.ts).\nexport const TEXTS = ${JSON.stringify(PAGE_TEXTS)};\n`;
  const headers = securityHeaders(new URL(embedSrc).origin, new URL(ctx.config.publicUrl).origin);
  const serve = (reply: FastifyReply, type: string, cacheControl: string, body: string) =>
    reply.headers({ ...headers, 'content-type': `${type}; charset=utf-8`, 'cache-control': cacheControl }).send(body);

  app.get('/demo', { schema: { hide: true } }, async (_request, reply) => serve(reply, 'text/html', 'no-store', page));
  // The assets are revalidated (ETag), so an edited file shows on the next load after a restart.
  const asset = { schema: { hide: true }, onSend: etagOnSend };
  app.get('/demo/shop.js', asset, async (_request, reply) => serve(reply, 'application/javascript', 'no-cache', script));
  app.get('/demo/texts.js', asset, async (_request, reply) => serve(reply, 'application/javascript', 'no-cache', texts));
  app.get('/demo/shop.css', asset, async (_request, reply) => serve(reply, 'text/css', 'no-cache', stylesheet));

  // The shop's backend, as a merchant's would be: a client-credentials token, then the session.
  // Both calls go through inject(): in-process, the same routes and checks as over the network.
  // Like a well-behaved merchant backend it keeps its token until shortly before it expires and
  // asks for one at a time.
  let token: { value: Promise<string>; renewAt: number } | undefined;
  const requestToken = async (request: FastifyRequest): Promise<{ value: string; expiresInSeconds: number }> => {
    const answer = await app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
        scope: 'merchant-api',
      }).toString(),
    });
    if (answer.statusCode !== 200) throw innerFailure(request, 'an access token', answer.statusCode);
    const { access_token: value, expires_in: expiresInSeconds } = answer.json<{ access_token: string; expires_in: number }>();
    return { value, expiresInSeconds };
  };
  /** The shop backend's access token: kept, or fetched through the token endpoint as a merchant backend does. */
  const accessToken = (request: FastifyRequest): Promise<string> => {
    if (token && ctx.clock() < token.renewAt) return token.value;
    // While it is being fetched, every request waits for this one.
    const entry = { value: Promise.resolve(''), renewAt: Number.POSITIVE_INFINITY };
    entry.value = requestToken(request).then(
      ({ value, expiresInSeconds }) => {
        // Renewed at 90 % of its life, a minute early at most: never sent as it expires.
        entry.renewAt = ctx.clock() + expiresInSeconds * 1000 - Math.min(60_000, expiresInSeconds * 100);
        return value;
      },
      (error: unknown) => {
        if (token === entry) token = undefined; // the next request asks again
        throw error;
      },
    );
    token = entry;
    return entry.value;
  };
  /** An inner call with the token. */
  const withToken = async (
    request: FastifyRequest,
    call: (headers: Record<string, string>) => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse> => call({ authorization: `Bearer ${await accessToken(request)}`, 'x-request-id': request.id });

  /**
   * The session's price-information page for the group of `methodId` at `amount`, as the storefront
   * gets it (group retrieval, no credentials); null when the session or the group has none.
   */
  const priceInformationUrl = async (sessionId: string, amount: string, locale: string | undefined, methodId: string) => {
    const query = new URLSearchParams({ amount, customerType: 'NATURAL', ...(locale === undefined ? {} : { locale }) });
    const answer = await app.inject({ method: 'GET', url: `/v1/sessions/${encodeURIComponent(sessionId)}/payment-method-groups?${query}` });
    if (answer.statusCode !== 200) return null;
    const groups = answer.json<Array<{ methodIds: string[]; disclosure: { priceInformationUrl: string } | null }>>();
    return groups.find((g) => g.methodIds.includes(methodId) && g.disclosure)?.disclosure?.priceInformationUrl ?? null;
  };

  // The product page's price signage: the shop's backend asks the merchant API (the token never
  // reaches the browser) for every part payment with price signage at this price, and shows the
  // plan with the lowest monthly cost, its total cost and APR, and the SECCI to read first.
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/demo/price-signage',
    // Several inner requests each: per address, like the storefront (SECURITY.md).
    {
      schema: { hide: true, querystring: DemoSignageQuery, response: { 200: DemoSignage, 429: ErrorResponse } },
      config: { rateLimitPolicy: 'public' },
    },
    async (request, reply) => {
      const { amount, locale, sessionId } = request.query;
      const language = locale === undefined ? '' : `&locale=${encodeURIComponent(locale)}`;
      const get = (url: string) => withToken(request, (headers) => app.inject({ method: 'GET', url, headers }));
      const listed = await get(`/v2/stores/${demo.storeId}/payment_methods?amount=${amount}&size=1000${language}`);
      if (listed.statusCode !== 200) throw innerFailure(request, 'the payment methods', listed.statusCode);
      const methods = listed.json<{ content: Array<{ id: string; priceSignagePossible: boolean; campaign: { campaign: boolean } }> }>()
        .content;
      // Every method's plans at once; the lowest monthly cost wins, the first listed on a tie.
      const answers = await Promise.all(
        methods
          .filter((m) => m.priceSignagePossible && !m.campaign.campaign)
          .map((method) => get(`/v2/stores/${demo.storeId}/payment_methods/${method.id}/price_signage?amount=${amount}${language}`)),
      );
      let best: { cost: SignageCost; secciUri: string | null; disclosure: SignageDisclosure | null; language: Language } | undefined;
      for (const answer of answers) {
        if (answer.statusCode !== 200) throw innerFailure(request, 'price signage', answer.statusCode);
        const signage = answer.json<{
          secciLinks: Array<{ uri: string }>;
          costList: SignageCost[];
          disclosure: SignageDisclosure | null;
        }>();
        for (const cost of signage.costList) {
          if (!best || cost.monthlyCost < best.cost.monthlyCost) {
            // The answer's disclosure is for its lowest monthly cost: the one that may win here.
            const answerLanguage =
              languageOfLocale(String(answer.headers['content-language'] ?? '')) ?? languageOfCountry(demo.countryCode);
            best = { cost, secciUri: signage.secciLinks[0]?.uri ?? null, disclosure: signage.disclosure ?? null, language: answerLanguage };
          }
        }
      }
      const signage = best
        ? {
            monthlyCost: best.cost.monthlyCost,
            totalCost: best.cost.totalCost,
            effectiveInterest: best.cost.effectiveInterest,
            durationMonths: best.cost.durationMonths,
            currency: demo.currency,
            secciUri: best.secciUri,
            disclosure: best.disclosure && {
              text: best.disclosure.text,
              warning: best.disclosure.warning,
              apr: rateAsWritten(best.disclosure.example.effectiveInterest, best.language, demo.countryCode, demo.currency),
            },
            priceInformationUrl:
              sessionId === undefined || best.disclosure === null
                ? null
                : await priceInformationUrl(sessionId, amount, locale, best.disclosure.example.paymentMethodId),
          }
        : null;
      return reply.header('cache-control', 'no-store').send({ signage });
    },
  );

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/demo/session',
    {
      schema: { hide: true, body: DemoSessionBody, response: { 201: DemoSession, 429: ErrorResponse } },
      // A session (a database write) for anyone who asks: per address, like the storefront (SECURITY.md).
      config: { rateLimitPolicy: 'public' },
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request, reply) => {
      // The session in the shopper's language: what the components show follows it.
      const { campaign, locale, productTypes } = request.body;
      const created = await withToken(request, (headers) =>
        app.inject({
          method: 'POST',
          url: `/v1/stores/${demo.storeId}/sessions`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ campaign, locale, productTypes }),
        }),
      );
      if (created.statusCode !== 201) throw innerFailure(request, 'a session', created.statusCode);
      const session = created.json<{ id: string; expiresAt: string }>();
      return reply.code(201).header('cache-control', 'no-store').send({ sessionId: session.id, expiresAt: session.expiresAt });
    },
  );
}

/**
 * The annual percentage rate as the service writes it inside a disclosure's text (the same formats:
 * Intl's percent with two decimals in `<language>-<store country>`, `31,42 %` in Swedish), so the
 * page can find it there and set it in bold.
 */
function rateAsWritten(effectiveInterest: number, language: Language, countryCode: string, currency: string): string {
  const percent = parseDecimal(String(effectiveInterest));
  // As a fraction, exactly: 31.42 → 0.3142.
  const fraction = percent ? formatDecimal({ units: percent.units, scale: percent.scale + 2 }) : String(effectiveInterest / 100);
  return disclosureFormat(language, countryCode, currency).percent(fraction);
}

/** A failed inner call: the database being down stays a 503 the page may retry; else it is our fault. */
function innerFailure(request: FastifyRequest, what: string, status: number): Error {
  if (status === 503) return new Errors.DATABASE_UNAVAILABLE();
  request.log.error({ status }, `the demo shop got no ${what}`);
  return new Errors.INTERNAL();
}

/**
 * Scripts only from files (this origin and the service's), no inline script. Inline styles are
 * allowed because the components style their shadow roots with <style> elements, which CSP
 * governs like any other inline style.
 */
function securityHeaders(embedOrigin: string, apiOrigin: string): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${embedOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${apiOrigin}`,
    // The page's empty data: favicon, which keeps browsers from asking for /favicon.ico.
    "img-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return { 'content-security-policy': policy, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Replaces each `{{name}}` (`{{text.cart}}`) of the template with the value, escaped for HTML. */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([\w.]+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the demo page template names an unknown value {{${name}}}`);
    return escapeHtml(value);
  });
}
