import { loadConfig, type AppConfig } from '../config';

/**
 * The server's configuration for tests: quiet, with the given overrides. The local ledger's rate is
 * one USD for one HBAR, so the spec's USD prices read as the same HBAR amounts in tests that are not
 * about the rate; tests of pricing set their own rate.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', CHECK_RESPONSES: 'true', FIXED_USD_PER_HBAR: '1', ...overrides });
}
