import { clientNetwork } from './client-network';

describe('clientNetwork: what a sign-in attempt is counted against', () => {
  it('an IPv4 client is its address', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
  });

  it('an IPv4 client seen through a dual-stack socket is that IPv4 client, not one /64 shared by all', () => {
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::ffff:198.51.100.9')).toBe('198.51.100.9');
  });

  it('every address of one IPv6 /64 is the same client', () => {
    const one = clientNetwork('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(one);
    expect(clientNetwork('2001:0DB8:0001:0002:1234:5678:9abc:def0')).toBe(one);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(one);
  });

  it('the prefix is configurable', () => {
    expect(clientNetwork('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:db8:1:ff02::1', 56)).toBe('2001:db8:1:ff00::/56');
    expect(clientNetwork('2001:db8::1', 128)).toBe('2001:db8::1/128');
  });

  it('whatever does not parse is counted as written', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('unix-socket')).toBe('unix-socket');
  });
});
