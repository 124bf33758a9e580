/**
 * `npm run dev`: `npm start` for development. With LEADS_PROVIDER=double it first starts the local
 * people-search double (provider-double.ts) and points LEADS_PROVIDER_URL at it, so lead searches work
 * with no provider account and no internet (any API key works; "bad-key" is refused, "rate-limited"
 * gets 429s). LEADS_DOUBLE_PORT fixes its port.
 */
import { startProviderDouble } from './linkedin/provider-double';

if (process.env.LEADS_PROVIDER === 'double') {
  const double = await startProviderDouble({}, Number(process.env.LEADS_DOUBLE_PORT ?? 0));
  process.env.LEADS_PROVIDER_URL = double.url;
  console.log(`Lead provider double answering at ${double.url}`);
}

await import('./start');
