import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderUser {
  id: string;
  name: string;
  email?: string;
  emailVerified?: boolean;
  login?: string;
}

type Provider = 'google' | 'github' | 'facebook';

/**
 * A small OAuth 2.0 authorization server (RFC 6749 authorization-code grant) that answers, per
 * provider, with that provider's userinfo shape. The "signed-in" provider user is set by the test;
 * the consent step approves at once. Codes are single-use, bound to client and redirect_uri.
 */
export class OAuthTestServer {
  readonly clients = new Map<string, { secret: string }>();
  private readonly users = new Map<Provider, ProviderUser>();
  private readonly codes = new Map<string, { provider: Provider; clientId: string; redirectUri: string; user: ProviderUser }>();
  private readonly tokens = new Map<string, { provider: Provider; user: ProviderUser }>();
  private server?: Server;
  base = '';

  signInAs(provider: Provider, user: ProviderUser): void {
    this.users.set(provider, user);
  }

  /** The OAUTH_<PROVIDER>_* and client settings for our API. */
  env(provider: Provider): Record<string, string> {
    const id = `${provider}-client`;
    const secret = `${provider}-secret-${randomBytes(4).toString('hex')}`;
    this.clients.set(id, { secret });
    const P = provider.toUpperCase();
    const userinfo = { google: '/google/userinfo', github: '/github/user', facebook: '/facebook/me' }[provider];
    return {
      [`${P}_CLIENT_ID`]: id,
      [`${P}_CLIENT_SECRET`]: secret,
      [`OAUTH_${P}_AUTHORIZE_URL`]: `${this.base}/${provider}/authorize`,
      [`OAUTH_${P}_TOKEN_URL`]: `${this.base}/${provider}/token`,
      [`OAUTH_${P}_USERINFO_URL`]: `${this.base}${userinfo}`,
    };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const [, provider, action, sub] = url.pathname.split('/') as [string, Provider, string, string?];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    if (action === 'authorize' && req.method === 'GET') {
      const q = url.searchParams;
      const user = this.users.get(provider);
      if (q.get('response_type') !== 'code' || !this.clients.has(q.get('client_id') ?? '') || !q.get('redirect_uri') || !user) {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, { provider, clientId: q.get('client_id') as string, redirectUri: q.get('redirect_uri') as string, user });
      const back = new URL(q.get('redirect_uri') as string);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state') as string);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }

    if (action === 'token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const client = this.clients.get(form.get('client_id') ?? '');
      if (
        form.get('grant_type') !== 'authorization_code' ||
        !grant ||
        grant.provider !== provider ||
        grant.clientId !== form.get('client_id') ||
        grant.redirectUri !== form.get('redirect_uri') ||
        client?.secret !== form.get('client_secret')
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, { provider, user: grant.user });
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /i, '') || url.searchParams.get('access_token') || '';
    const session = this.tokens.get(bearer);
    if (!session || session.provider !== provider) return json(401, { error: 'invalid_token' });
    const { user } = session;
    if (provider === 'google' && action === 'userinfo') {
      return json(200, { sub: user.id, name: user.name, email: user.email, email_verified: user.emailVerified ?? false });
    }
    if (provider === 'github' && action === 'user' && sub === 'emails') {
      return json(200, user.email ? [{ email: user.email, primary: true, verified: user.emailVerified ?? false }] : []);
    }
    if (provider === 'github' && action === 'user') {
      return json(200, { id: Number(user.id), login: user.login ?? user.name, name: user.name, email: null });
    }
    if (provider === 'facebook' && action === 'me') {
      return json(200, { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) });
    }
    return json(404, { error: 'not_found' });
  }
}
