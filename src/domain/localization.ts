// A store's catalog as served in one language (docs/languages.md): every catalog text replaced by
// its translation where there is one, the default bundle title by the language's own, and legal
// links narrowed to the language. Everything downstream (groups, internalData, price signage)
// works on the result unchanged, so the hot path does no text work per request: the result is
// made once per catalog and question, when its offer is compiled (offer-template.ts, compileOffer),
// and kept with the compiled offer (services/offer-renderer.ts).
import {
  legalLinkLanguage,
  type LegalLink,
  type PaymentMethod,
  type PaymentPlan,
  type Store,
  type StoreMethods,
  type Translations,
} from './catalog.ts';
import { generatedTexts } from './generated-texts.ts';
import { languageOfCountry, languageOfLocale, type Language } from './languages.ts';

/** The bundle title a store gets when its catalog gives none (stored as such). */
export const DEFAULT_BUNDLE_TITLE = generatedTexts('en').bundleTitle;

/** A catalog served in `language`. */
export interface LocalizedCatalog extends StoreMethods {
  language: Language;
}

/** A field's text in `language`: its translation, else the text as written. */
export function translated<Field extends string>(
  text: string,
  translations: Translations<Field> | undefined,
  language: Language,
  field: Field,
): string {
  return translations?.[language]?.[field] ?? text;
}

export function localizeStore(store: Store, language: Language): Store {
  const own = store.translations?.[language]?.bundleTitle;
  // The default title is the service's own text, so it is given in the language (a store that
  // means English "Part payment" in every language says so with an `en`-only catalog or translations).
  const bundleTitle = own ?? (store.bundleTitle === DEFAULT_BUNDLE_TITLE ? generatedTexts(language).bundleTitle : store.bundleTitle);
  return bundleTitle === store.bundleTitle ? store : { ...store, bundleTitle };
}

export function localizePlan(plan: PaymentPlan, language: Language): PaymentPlan {
  const t = plan.translations?.[language];
  if (!t) return plan;
  return { ...plan, name: t.name ?? plan.name, description: t.description ?? plan.description };
}

/**
 * The links a shopper reading `language` is shown: per type, those in `language`, else those in
 * the store's language, else all of that type. Order is kept.
 */
export function legalLinksFor(links: readonly LegalLink[], store: Pick<Store, 'countryCode'>, language: Language): LegalLink[] {
  const storeLanguage = languageOfCountry(store.countryCode);
  const served = (link: LegalLink) => languageOfLocale(legalLinkLanguage(link, store));
  const chosen = new Map<string, Language | undefined>();
  for (const link of links) {
    // Stryker disable next-line ConditionalExpression: equivalent, a type's pick is the same each time it is made
    if (chosen.has(link.type)) continue;
    const ofType = links.filter((l) => l.type === link.type);
    const pick = [language, storeLanguage].find((wanted) => ofType.some((l) => served(l) === wanted));
    chosen.set(link.type, pick);
  }
  return links.filter((link) => {
    const pick = chosen.get(link.type);
    return pick === undefined || served(link) === pick;
  });
}

export function localizeMethod(method: PaymentMethod, store: Pick<Store, 'countryCode'>, language: Language): PaymentMethod {
  const t = method.translations?.[language];
  const plans = method.plans.map((p) => localizePlan(p, language));
  const legalLinks = legalLinksFor(method.legalLinks, store, language);
  const unchanged = !t && plans.every((p, i) => p === method.plans[i]) && legalLinks.length === method.legalLinks.length;
  if (unchanged) return method;
  return { ...method, name: t?.name ?? method.name, description: t?.description ?? method.description, plans, legalLinks };
}

/** The catalog in `language`; unchanged objects are shared with the catalog it came from. */
export function localizeCatalog(catalog: StoreMethods, language: Language): LocalizedCatalog {
  const { store, methods } = catalog;
  return { store: localizeStore(store, language), methods: methods.map((m) => localizeMethod(m, store, language)), language };
}
