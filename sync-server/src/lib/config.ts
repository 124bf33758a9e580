/**
 * Server configuration, read once from the environment. Nothing here has a hard-coded secret: without
 * SECRET_KEY a random key is generated on first start and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAddressRange } from './address-policy';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  secretKey: string;
  appName: string;
  /** Honour X-Forwarded-* headers (set when behind a TLS-terminating proxy or load balancer). */
  trustProxy: boolean;
  leadsProviderUrl: string;
  /** Requests a minute the lead search sends per provider key (Proxycurl allows 300). */
  leadsProviderRequestsPerMinute?: number;
  /** Directory of the built PWA. */
  staticDir: string;
  /** scrypt cost as log2(N); production uses OWASP's 17. */
  scryptLogN: number;
  /** Requests one integration API key may make per minute (Zapier, forms); over it answers 429. */
  apiKeyRequestsPerMinute: number;
  /**
   * Addresses (IPs or CIDR blocks) REST hook targets may have although they are private or loopback;
   * empty in production, where only public addresses are delivered to.
   */
  webhookAllowedAddresses?: string[];
}

export const DEFAULT_API_KEY_REQUESTS_PER_MINUTE = 600;

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return number;
}

export const DEFAULT_LEADS_PROVIDER_URL = 'https://nubela.co/proxycurl';
const SECRET_FILE = 'secret-key';

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return port;
}

function parseRate(value: string | undefined): number {
  if (value === undefined || value === '') return 300;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`LEADS_PROVIDER_REQUESTS_PER_MINUTE must be a positive number, got "${value}"`);
  return rate;
}

function parseBool(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

/** The secret from SECRET_KEY, else the one kept in dataDir, else a new one written there (mode 600). */
export function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv && fromEnv.trim()) {
    if (fromEnv.trim().length < 32) throw new Error('SECRET_KEY must be at least 32 characters');
    return fromEnv.trim();
  }
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/** WEBHOOK_ALLOWED_ADDRESSES: comma-separated IPs or CIDR blocks. */
export function parseAddressList(name: string, value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isAddressRange(entry));
  if (bad.length) throw new Error(`${name} must list IP addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8), got "${bad.join('", "')}"`);
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const dataDir = path.resolve(root, env.DATA_DIR || './data');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    secretKey: loadOrCreateSecret(dataDir, env.SECRET_KEY),
    appName: env.APP_NAME?.trim() || 'RepHire',
    trustProxy: parseBool(env.TRUST_PROXY),
    leadsProviderUrl: env.LEADS_PROVIDER_URL || DEFAULT_LEADS_PROVIDER_URL,
    leadsProviderRequestsPerMinute: parseRate(env.LEADS_PROVIDER_REQUESTS_PER_MINUTE),
    staticDir: path.resolve(root, 'pwa/dist'),
    scryptLogN: 17,
    apiKeyRequestsPerMinute: parsePositiveInt('API_KEY_RATE_LIMIT', env.API_KEY_RATE_LIMIT, DEFAULT_API_KEY_REQUESTS_PER_MINUTE),
    webhookAllowedAddresses: parseAddressList('WEBHOOK_ALLOWED_ADDRESSES', env.WEBHOOK_ALLOWED_ADDRESSES),
  };
}
