import { loadConfig, type AppConfig } from '../config';

/** The server's configuration for tests: quiet, with the given overrides. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', CHECK_RESPONSES: 'true', ...overrides });
}
