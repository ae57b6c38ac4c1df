// The pooler settings are read and checked once, at start-up (src/config.ts).
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.ts';
import { changeListenerUrl } from '../../src/database-setup.ts';

const DATABASE_URL = 'postgres://app@pgbouncer:6432/pms';
const DIRECT = 'postgres://app@postgres:5432/pms';

describe('pooler configuration', () => {
  it('defaults to PostgreSQL itself, a pool of 10, and listening on DATABASE_URL', () => {
    const config = readConfig({ DATABASE_URL });
    expect(config).toMatchObject({ databasePooler: 'none', databaseDirectUrl: undefined, databasePoolSize: 10 });
    expect(changeListenerUrl(config)).toBe(DATABASE_URL);
  });

  it('listens on the direct connection behind a pooler, and nowhere without one', () => {
    expect(changeListenerUrl(readConfig({ DATABASE_URL, DATABASE_POOLER: 'transaction' }))).toBeUndefined();
    expect(changeListenerUrl(readConfig({ DATABASE_URL, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: DIRECT }))).toBe(DIRECT);
    expect(changeListenerUrl(readConfig({}))).toBeUndefined();
  });

  it.each([
    [{ DATABASE_URL, DATABASE_POOLER: 'session' }, /DATABASE_POOLER must be none or transaction/],
    [{ DATABASE_URL, DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be between 1 and 1000/],
    [{ DATABASE_URL, DATABASE_POOL_SIZE: 'ten' }, /DATABASE_POOL_SIZE must be a whole number/],
    [{ DATABASE_URL, DATABASE_DIRECT_URL: 'mysql://x/y' }, /DATABASE_DIRECT_URL must use postgres: or postgresql:/],
    [{ DATABASE_POOLER: 'transaction' }, /need DATABASE_URL/],
    [{ DATABASE_DIRECT_URL: DIRECT }, /need DATABASE_URL/],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
