// The two ends of internalData: what the service encodes (src/domain) the components decode.
import { describe, expect, it } from 'vitest';
import { parseInternalData } from '../../embed/src/internal-data.ts';
import { groupsFor } from './fixtures.ts';

describe('internalData from the service', () => {
  it('decodes every group the service builds, non-ASCII text included', () => {
    const groups = groupsFor({ amount: '1500', customerType: undefined, flattened: false });
    for (const group of groups) {
      const data = parseInternalData(group.internalData);
      expect(data, group.title).toBeDefined();
      expect(data!.methodIds).toEqual(group.methodIds);
      expect(data!.type).toBe(group.type);
    }
    const bundle = parseInternalData(groups.find((g) => g.title === 'Part payment')!.internalData)!;
    expect(bundle.methods.map((m) => [m.name, m.plans.map((p) => p.monthlyCost)])).toEqual([
      ['Delbetalning 12 mån', ['164']],
      ['Delbetalning 24 mån', ['100']],
    ]);
    expect(bundle.amount).toBe('1500');
    expect(parseInternalData(groups.find((g) => g.type === 'CARD')!.internalData)!.title).toBe('Kort – Visa & Mastercard');
  });
});
