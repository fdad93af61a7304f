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

describe('settings that decide whom the server trusts', () => {
  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', TRUST_PROXY: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps the local ledger faucet and pause switch to loopback clients by default', () => {
    expect(loadConfig({}).LEDGER_DEV_ROUTES).toBe('loopback');
  });
});
