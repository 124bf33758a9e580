import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    const config = loadConfig({}, root);
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', appName: 'RepHire', trustProxy: false, apiKeyRequestsPerMinute: 600 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(root, 'data'));
  });

  it('generates a secret once, keeps it in DATA_DIR with owner-only access, and reuses it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    const first = loadConfig({}, root).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(48);
    const file = path.join(root, 'data', 'secret-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({}, root).secretKey).toBe(first);
    const other = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    expect(loadConfig({}, other).secretKey).not.toBe(first);
  });

  it('prefers SECRET_KEY and refuses a short one', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    const secret = 'x'.repeat(40);
    expect(loadConfig({ SECRET_KEY: secret }, root).secretKey).toBe(secret);
    expect(() => loadConfig({ SECRET_KEY: 'short' }, root)).toThrow(/at least 32/);
  });

  it('reads the environment', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    const config = loadConfig(
      { PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgres://x/y', APP_NAME: 'Hire', TRUST_PROXY: 'true', DATA_DIR: 'd' },
      root,
    );
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://x/y', appName: 'Hire', trustProxy: true });
    expect(config.dataDir).toBe(path.join(root, 'd'));
    expect(() => loadConfig({ PORT: 'abc' }, root)).toThrow(/PORT/);
    expect(loadConfig({ API_KEY_RATE_LIMIT: '30' }, root).apiKeyRequestsPerMinute).toBe(30);
    expect(() => loadConfig({ API_KEY_RATE_LIMIT: '0' }, root)).toThrow(/API_KEY_RATE_LIMIT/);
  });

  it('reads the REST hook allow-list: none by default, IPs and CIDR blocks, anything else refused', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    expect(loadConfig({}, root).webhookAllowedAddresses).toEqual([]);
    expect(loadConfig({ WEBHOOK_ALLOWED_ADDRESSES: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }, root).webhookAllowedAddresses).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '*']) {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_ADDRESSES: bad }, root), bad).toThrow(/WEBHOOK_ALLOWED_ADDRESSES/);
    }
  });

  it('reads the lead provider pace', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rephire-cfg-'));
    expect(loadConfig({}, root).leadsProviderRequestsPerMinute).toBe(300);
    expect(loadConfig({ LEADS_PROVIDER_REQUESTS_PER_MINUTE: '600' }, root).leadsProviderRequestsPerMinute).toBe(600);
    expect(() => loadConfig({ LEADS_PROVIDER_REQUESTS_PER_MINUTE: '0' }, root)).toThrow(/LEADS_PROVIDER_REQUESTS_PER_MINUTE/);
  });
});
