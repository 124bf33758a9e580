import { describe, expect, it } from 'vitest';
import { TargetRefused, vetTarget, type TargetPolicy } from './target-policy';

const dns: Record<string, string[]> = {
  'hooks.zapier.com': ['54.86.9.50', '2600:1f18:2148:bc00::1'],
  'rebinding.example': ['34.1.2.3', '10.0.0.8'],
  'inside.example': ['192.168.7.7'],
};
const policy = (allowedAddresses: string[] = []): TargetPolicy => ({
  allowedAddresses,
  resolve: async (hostname) => (dns[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
});

describe('vetTarget', () => {
  it('accepts an https URL whose host resolves only to public addresses, and answers the address to use', async () => {
    const vetted = await vetTarget('https://hooks.zapier.com/hooks/standard/1/abc/', policy());
    expect(vetted).toMatchObject({ address: '54.86.9.50', family: 4 });
    expect(vetted.url.pathname).toBe('/hooks/standard/1/abc/');
    expect((await vetTarget('https://8.8.8.8:8443/x', policy())).address).toBe('8.8.8.8');
  });

  it('refuses a host with any internal address, one that does not resolve, and non-https or credentials', async () => {
    const refused = async (url: string, message: RegExp, p = policy()) => {
      const error = await vetTarget(url, p).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(TargetRefused);
      expect((error as Error).message, url).toMatch(message);
    };
    await refused('https://rebinding.example/x', /private or loopback/);
    await refused('https://inside.example/x', /private or loopback/);
    await refused('https://nowhere.example/x', /does not resolve/);
    await refused('https://127.0.0.1/x', /private or loopback/);
    await refused('http://hooks.zapier.com/x', /https/);
    await refused('https://a:b@hooks.zapier.com/x', /credentials/);
  });

  it('lets the allow-list open exactly the addresses it names', async () => {
    expect((await vetTarget('https://127.0.0.1:4443/x', policy(['127.0.0.1']))).address).toBe('127.0.0.1');
    expect((await vetTarget('https://inside.example/x', policy(['192.168.0.0/16']))).address).toBe('192.168.7.7');
    await expect(vetTarget('https://127.0.0.2/x', policy(['127.0.0.1']))).rejects.toThrow(/private or loopback/);
    await expect(vetTarget('https://rebinding.example/x', policy(['192.168.0.0/16']))).rejects.toThrow(/private or loopback/);
  });
});
