import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('takes PORT from the environment', () => {
    expect(loadConfig({ PORT: '9090' }).PORT).toBe(9090);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
  });
});

describe('ledger configuration', () => {
  it('needs an operator for the real network', () => {
    expect(() => loadConfig({ LEDGER: 'hedera' })).toThrow(/HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY/);
    expect(
      loadConfig({ LEDGER: 'hedera', HEDERA_OPERATOR_ID: '0.0.1234', HEDERA_OPERATOR_KEY: 'a'.repeat(64) })
        .HEDERA_NETWORK,
    ).toBe('testnet');
  });
});
