import { loadConfig, type AppConfig } from '../config';

/**
 * Tests play many buyers from one machine, each quoting far more often than a shopper: the limits on
 * quotes and held names are lifted unless a test sets its own (the abuse tests do).
 */
export const MANY_BUYERS_ON_ONE_MACHINE = {
  RATE_LIMIT_QUOTE: '1000000',
  RATE_LIMIT_QUOTE_ADDRESS: '1000000',
  HELD_NAMES_PER_ACCOUNT: '1000000',
  HELD_NAMES_PER_ADDRESS: '1000000',
};

/**
 * The server's configuration for tests: quiet, with the given overrides. The local ledger's rate is
 * one USD for one HBAR, so the spec's USD prices read as the same HBAR amounts in tests that are not
 * about the rate; tests of pricing set their own rate.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    LOG_LEVEL: 'silent',
    CHECK_RESPONSES: 'true',
    FIXED_USD_PER_HBAR: '1',
    // A round sweeps as far as it goes: tests follow burns and wipes at their next catch-up.
    HOLDER_SWEEP_PASS_MS: '0',
    HOLDER_SWEEP_PAGE_MS: '0',
    ...MANY_BUYERS_ON_ONE_MACHINE,
    ...overrides,
  });
}
