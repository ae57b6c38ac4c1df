// What mutation testing of src/domain/offer-template.ts found untested (docs/mutation.md): the weight
// an open answer (one with a credit disclosure, kept with its links left open) declares to the
// answers' cache, which bounds that cache by bytes. It must count at least what the answer holds.
import { describe, expect, it } from 'vitest';
import type { StoreMethods } from '../../src/domain/catalog.ts';
import { cartAmountOf, compileOffer, type GroupsSerializer, type OpenAnswer } from '../../src/domain/offer-template.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';

const PART_PAYMENT = DEFAULT_OPERATOR_TYPES.typeOf('PART_PAYMENT_SELECT_NOW');

describe('an open answer', () => {
  it('weighs at least its texts in UTF-8 (kept encoded) and each internalData rest in base64 at its three alignments', () => {
    const partPayment = (name: string) =>
      method({
        type: PART_PAYMENT,
        name,
        priceSignagePossible: true,
        plans: [
          plan({ name: '24', durationMonths: 24, annuityFactor: dec('0.0461'), administrationFee: dec('29'), setupFee: dec('195') }),
          plan({ name: '36', durationMonths: 36, annuityFactor: dec('0.0322'), administrationFee: dec('29') }),
        ],
      });
    // Two disclosing groups (flattened): two links in each place kind.
    const catalog: StoreMethods = { store: store(), methods: [partPayment('Delbetalning A'), partPayment('Delbetalning B'), method()] };
    const offer = compileOffer(catalog, { flattened: true, language: 'sv' }, DEFAULT_OPERATOR_TYPES);
    for (const text of ['1299.95', '100', '49999.99']) {
      const amount = cartAmountOf(text)!;
      const template = offer.compileRegion(amount.cents, JSON.stringify as GroupsSerializer);
      const open = offer.renderOpen(template, amount) as OpenAnswer;
      expect(open.places, text).toHaveLength(4);
      const texts = open.texts.reduce((sum, t) => sum + t.length, 0);
      const rests = open.places.reduce((sum, p) => sum + (p.rest ? 4 * p.rest.bytes : 0), 0);
      expect(rests).toBeGreaterThan(0);
      expect(open.bytes, text).toBeGreaterThanOrEqual(texts + rests);
      // An estimate, not a multiple of it.
      expect(open.bytes, text).toBeLessThan(2 * (texts + rests));
    }
  });
});
