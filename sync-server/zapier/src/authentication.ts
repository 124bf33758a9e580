/**
 * A connection is a RepHire server's address and an API key made in Settings → API Keys. Zapier tests
 * it with GET /api/zapier/me and labels it with the key's owner and name.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';

export interface KeyOwner {
  id: number;
  username: string;
  displayName: string | null;
  keyName: string;
}

const test = async (z: ZObject): Promise<KeyOwner> => (await z.request({ url: '/api/zapier/me' })).data as KeyOwner;

export const authentication = {
  type: 'custom' as const,
  fields: [
    {
      key: 'serverUrl',
      label: 'RepHire address',
      type: 'string' as const,
      required: true,
      helpText: 'The address you open RepHire at, for example `https://hiring.example.com`.',
    },
    {
      key: 'apiKey',
      label: 'API key',
      type: 'password' as const,
      required: true,
      helpText: 'Make one in RepHire under **Settings → API Keys** (it starts with `rk_` and is shown once).',
    },
  ],
  test,
  connectionLabel: (_z: ZObject, bundle: Bundle) => {
    const owner = bundle.inputData as unknown as KeyOwner;
    return `${owner.displayName || owner.username} (key "${owner.keyName}")`;
  },
};
