import express from 'express';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { DEFAULT_TRUST_PROXY, parseTrustProxy, type TrustProxy } from '../config/trust-proxy';
import { clientAddress, trustFunction } from './client-address';

const setting = (value: string): TrustProxy => parseTrustProxy(value)!;

/** A request as it reaches us: from `peer`, with the X-Forwarded-For the hops before it wrote (if any). */
const from = (peer: string | undefined, forwardedFor?: string) => ({
  socket: { remoteAddress: peer } as IncomingMessage['socket'],
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
});

describe('clientAddress', () => {
  describe('with the default, loopback', () => {
    it('takes the header from a proxy on the same host, as the tests and `npm start` behind a local proxy do', () => {
      expect(clientAddress(from('127.0.0.1', '203.0.113.7'), DEFAULT_TRUST_PROXY)).toBe('203.0.113.7');
      expect(clientAddress(from('::1', '203.0.113.7'), DEFAULT_TRUST_PROXY)).toBe('203.0.113.7');
      expect(clientAddress(from('::ffff:127.0.0.1', '203.0.113.7'), DEFAULT_TRUST_PROXY)).toBe('203.0.113.7');
    });

    it('ignores the header from any other peer: a client cannot name its own address', () => {
      expect(clientAddress(from('198.51.100.9', '203.0.113.7'), DEFAULT_TRUST_PROXY)).toBe('198.51.100.9');
      expect(clientAddress(from('10.0.0.2', '127.0.0.1'), DEFAULT_TRUST_PROXY)).toBe('10.0.0.2');
    });

    it('ignores what a client put on the left of the header before the local proxy appended its address', () => {
      expect(clientAddress(from('127.0.0.1', '1.2.3.4, 198.51.100.9'), DEFAULT_TRUST_PROXY)).toBe('198.51.100.9');
    });

    it('is the peer without a header, and unknown once the socket is gone', () => {
      expect(clientAddress(from('198.51.100.9'), DEFAULT_TRUST_PROXY)).toBe('198.51.100.9');
      expect(clientAddress(from(undefined), DEFAULT_TRUST_PROXY)).toBe('unknown');
    });
  });

  describe('with a number of hops', () => {
    it('1: the address the one proxy appended, whoever the proxy is and whatever the client added on the left', () => {
      expect(clientAddress(from('172.18.0.5', '203.0.113.7'), setting('1'))).toBe('203.0.113.7');
      expect(clientAddress(from('172.18.0.5', '6.6.6.6, 7.7.7.7, 203.0.113.7'), setting('1'))).toBe('203.0.113.7');
      expect(clientAddress(from('172.18.0.5'), setting('1'))).toBe('172.18.0.5');
    });

    it('2: a CDN then a balancer; the client\'s own entries still do not count', () => {
      expect(clientAddress(from('10.0.0.3', '6.6.6.6, 203.0.113.7, 198.51.100.20'), setting('2'))).toBe('203.0.113.7');
    });

    it('0: no proxy; the peer even on loopback', () => {
      expect(clientAddress(from('127.0.0.1', '203.0.113.7'), setting('0'))).toBe('127.0.0.1');
    });
  });

  describe('with addresses and CIDRs', () => {
    const proxies = setting('10.0.0.0/8, 192.0.2.1');

    it('believes the header only from a listed peer', () => {
      expect(clientAddress(from('10.1.2.3', '203.0.113.7'), proxies)).toBe('203.0.113.7');
      expect(clientAddress(from('192.0.2.1', '203.0.113.7'), proxies)).toBe('203.0.113.7');
      expect(clientAddress(from('192.0.2.2', '203.0.113.7'), proxies)).toBe('192.0.2.2');
      expect(clientAddress(from('127.0.0.1', '203.0.113.7'), proxies)).toBe('127.0.0.1');
    });

    it('walks through listed proxies from the right and stops at the first address that is not one', () => {
      expect(clientAddress(from('10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.9'), proxies)).toBe('203.0.113.7');
      // A client listing a proxy's address on the left gains nothing: the walk stopped before it.
      expect(clientAddress(from('10.0.0.1', '10.0.0.7, 203.0.113.7'), proxies)).toBe('203.0.113.7');
    });

    it('takes the names Express knows and IPv6 ranges', () => {
      expect(clientAddress(from('fd12::1', '2001:db8::7'), setting('uniquelocal'))).toBe('2001:db8::7');
      expect(clientAddress(from('fe80::1', '203.0.113.7'), setting('linklocal'))).toBe('203.0.113.7');
      expect(clientAddress(from('::ffff:10.0.0.5', '203.0.113.7'), proxies)).toBe('203.0.113.7');
    });
  });

  describe('on real sockets', () => {
    let server: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
    const listen = async (s: Server) => {
      server = s;
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      return (s.address() as AddressInfo).port;
    };

    it('is what Express makes req.ip with the same rule', async () => {
      const hops = setting('1');
      const app = express();
      app.set('trust proxy', trustFunction(hops));
      app.get('/', (req, res) => void res.json({ ip: req.ip, ours: clientAddress(req, hops) }));
      const port = await listen(createServer(app));
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' } });
      expect(await res.json()).toEqual({ ip: '203.0.113.7', ours: '203.0.113.7' });
    });

    it('reads a WebSocket upgrade, which Express never sees, by the same rule', async () => {
      const seen: string[] = [];
      const port = await listen(
        createServer().on('upgrade', (request: IncomingMessage, socket) => {
          seen.push(clientAddress(request, setting('1')), clientAddress(request, setting('0')));
          socket.destroy();
        }),
      );
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/realtime`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' } });
      await new Promise((resolve) => ws.on('error', resolve).on('close', resolve));
      expect(seen).toEqual(['203.0.113.7', '127.0.0.1']);
    });
  });
});
