/**
 * Encrypts small secrets for storage (the users' provider API keys) with AES-256-GCM under a key derived
 * from SECRET_KEY by HKDF-SHA256 with a fixed context string, so the session-signing secret is never used
 * as an encryption key directly and each purpose gets its own key. The associated data binds a ciphertext
 * to its row's owner: a value copied into another user's row does not decrypt.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const SALT = 'rephire/secret-box';

export class SecretBox {
  readonly #key: Buffer;

  constructor(secret: string, purpose: string) {
    if (secret.length < 32) throw new Error('The secret must be at least 32 characters');
    this.#key = Buffer.from(hkdfSync('sha256', secret, SALT, `${purpose}/${VERSION}`, 32));
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The plaintext, or undefined when the value was sealed under another secret, for another owner, or altered. */
  open(sealed: string, associatedData: string): string | undefined {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
