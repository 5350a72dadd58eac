import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** authenticatorData flags: user present, user verified, backup eligible, backed up, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

type CBOR = Parameters<typeof isoCBOR.encode>[0];

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/**
 * A passkey authenticator in software, for the API's tests: a P-256 key (ES256), attestation "none", user verified,
 * backed up (a synced passkey). It answers the server's registration and authentication options as a browser would
 * hand navigator.credentials' answer over, as JSON; `counter` is its signature counter (a test may wind it back).
 * The web app's tests use Chromium's own virtual authenticator instead.
 */
export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = b64(randomBytes(16));
  counter = 0;
  private userHandle = '';

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  private authenticatorData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  /** The answer to registration options (PublicKeyCredentialCreationOptionsJSON). */
  register(options: { challenge: string; user: { id: string } }): Record<string, unknown> {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const publicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
    const id = Buffer.from(this.credentialId, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(publicKey)]);
    const authData = this.authenticatorData(UP | UV | BE | BS | AT, attested);
    const attestationObject = isoCBOR.encode(new Map<string, CBOR>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options (PublicKeyCredentialRequestOptionsJSON); the counter moves on by one first. */
  authenticate(options: { challenge: string }, { moveCounter = true } = {}): Record<string, unknown> {
    if (moveCounter) this.counter += 1;
    const authData = this.authenticatorData(UP | UV | BE | BS);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}
