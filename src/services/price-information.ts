// The price-information page of a session's group (docs/session-api.md#price-information-page): the
// session checked as group retrieval checks it (404 unknown, 409 expired), the language chosen as
// group retrieval chooses it, the group looked for among the session's groups at the amount.
import { DEFAULT_COUNTRY_CODE } from '../domain/catalog.ts';
import { requestLanguage } from '../domain/languages.ts';
import { parseDecimal } from '../domain/money.ts';
import type { OperatorTypes } from '../domain/payment-method-types.ts';
import { priceInformationPage, type PriceInformationPage } from '../domain/price-information.ts';
import { Errors } from '../errors.ts';
import type { SessionService } from './sessions.ts';
import type { StoreMethodsReader } from './store-methods-reader.ts';

export interface PriceInformationRequest {
  sessionId: string;
  /** Validated: `^\d+(\.\d{1,2})?$`. */
  amount: string;
  /** Validated: 64 lowercase hex digits. */
  group: string;
  locale: string | undefined;
}

export async function priceInformationFor(
  deps: { sessions: SessionService; storeMethods: StoreMethodsReader; operatorTypes: OperatorTypes },
  request: PriceInformationRequest,
): Promise<PriceInformationPage> {
  const session = await deps.sessions.requireActive(request.sessionId);
  const catalog = await deps.storeMethods.storeMethods(session.storeId);
  const language = requestLanguage(catalog?.store.countryCode ?? DEFAULT_COUNTRY_CODE, request.locale, session.locale);
  const amount = parseDecimal(request.amount)!;
  // A store that is gone offers nothing.
  const outcome = catalog
    ? priceInformationPage(
        catalog,
        { amount, campaign: session.campaign, language, groupId: request.group, rules: session.rules },
        deps.operatorTypes,
      )
    : { missing: 'not-offered' as const };
  if ('page' in outcome) return outcome.page;
  throw new Errors.GROUP_NOT_FOUND(
    outcome.missing === 'not-offered'
      ? `Group ${request.group} is not offered to this session at amount ${request.amount}`
      : `Group ${request.group} names no monthly cost at amount ${request.amount}: it has no price information`,
  );
}
