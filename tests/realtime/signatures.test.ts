import { describe, expect, it } from 'vitest';
import {
  apiStringToSign,
  authorizeChannel,
  hmacSha256Hex,
  md5Hex,
  signApiRequest,
  verifyApiRequest,
  verifyChannelAuth,
} from '~/lib/server/realtime/signatures.ts';

// Pusher's published worked examples (pusher.com/docs/channels/library_auth_reference/auth-signatures
// and .../rest-api), copied verbatim so a wrong string-to-sign cannot pass by agreeing with itself.
const key = '278d425bdf160c739803';
const secret = '7ad3773142a6692b25b8';

describe('channel authorisation (published vectors)', () => {
  it('signs private-foobar for socket 1234.1234', () => {
    expect(authorizeChannel({ secret, key, socketId: '1234.1234', channel: 'private-foobar' })).toEqual({
      auth: '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    });
  });

  // The docs' presence example prints user_info {name: "Mr. Channels"} beside this hash, but the hash was
  // computed before Pusher's rename and is the signature of "Mr. Pusher" (as the pusher-http-haskell
  // test suite has it). The published hash is the vector; the name is the one that produces it.
  it('signs presence-foobar with the user data as part of the string', () => {
    const result = authorizeChannel({
      secret,
      key,
      socketId: '1234.1234',
      channel: 'presence-foobar',
      channelData: { user_id: 10, user_info: { name: 'Mr. Pusher' } },
    });
    expect(result).toEqual({
      auth: '278d425bdf160c739803:afaed3695da2ffd16931f457e338e6c9f2921fa133ce7dac49f529792be6304c',
      channel_data: '{"user_id":10,"user_info":{"name":"Mr. Pusher"}}',
    });
  });

  it('signs the user-authentication example string the same way', () => {
    expect(hmacSha256Hex(secret, '1234.1234::user::{"id":"12345"}')).toBe('4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba');
  });

  it('verifies what it signs and refuses a tampered channel, socket, key or user', () => {
    const channelData = '{"user_id":"7"}';
    const { auth } = authorizeChannel({ secret, key, socketId: '1.2', channel: 'presence-room', channelData });
    expect(verifyChannelAuth({ secret, key, socketId: '1.2', channel: 'presence-room', auth, channelData })).toBe(true);
    expect(verifyChannelAuth({ secret, key, socketId: '1.3', channel: 'presence-room', auth, channelData })).toBe(false);
    expect(verifyChannelAuth({ secret, key, socketId: '1.2', channel: 'presence-hall', auth, channelData })).toBe(false);
    expect(verifyChannelAuth({ secret, key, socketId: '1.2', channel: 'presence-room', auth, channelData: '{"user_id":"8"}' })).toBe(false);
    expect(verifyChannelAuth({ secret, key: 'other', socketId: '1.2', channel: 'presence-room', auth, channelData })).toBe(false);
    expect(verifyChannelAuth({ secret, key, socketId: '1.2', channel: 'presence-room', auth: undefined, channelData })).toBe(false);
  });
});

describe('HTTP API signature (published vector)', () => {
  const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
  const query = 'auth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f';

  it('hashes the body and builds the string to sign', () => {
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    expect(apiStringToSign('POST', '/apps/3/events', new URLSearchParams(query))).toBe(
      'POST\n/apps/3/events\nauth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f',
    );
  });

  it('produces the documented signature', () => {
    expect(signApiRequest({ key, secret, method: 'POST', path: '/apps/3/events', body, timestamp: 1353088179 })).toBe(
      `${query}&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c`,
    );
  });

  it('accepts the documented request inside the timestamp window only', () => {
    const signed = new URLSearchParams(`${query}&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c`);
    const base = { key, secret, method: 'POST', path: '/apps/3/events', query: signed, body };
    expect(verifyApiRequest({ ...base, nowSeconds: 1353088179 + 600 })).toEqual({ ok: true });
    expect(verifyApiRequest({ ...base, nowSeconds: 1353088179 + 601 }).ok).toBe(false);
    expect(verifyApiRequest({ ...base, nowSeconds: 1353088179, body: body.replace('foo', 'bar') })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('body_md5'),
    });
    expect(verifyApiRequest({ ...base, nowSeconds: 1353088179, path: '/apps/4/events' }).ok).toBe(false);
    expect(verifyApiRequest({ ...base, nowSeconds: 1353088179, key: 'someone-else' }).ok).toBe(false);
  });

  it('sorts and lowercases extra parameters without escaping them', () => {
    expect(apiStringToSign('get', '/apps/3/channels', { Name: 'Something else', auth_key: 'foo', auth_signature: 'x' })).toBe(
      'GET\n/apps/3/channels\nauth_key=foo&name=Something else',
    );
  });
});
