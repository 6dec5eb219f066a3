import { describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER, clientAddressForLimits, limitedAddress } from './client-ip.server'

describe('limitedAddress', () => {
  it('counts an IPv4 address whole, also when written as IPv6', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(limitedAddress('::ffff:cb00:7107')).toBe('203.0.113.7')
    expect(limitedAddress('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
    // A port a proxy appended is not part of the address.
    expect(limitedAddress('203.0.113.7:4711')).toBe('203.0.113.7')
    expect(limitedAddress('[2001:db8:85a3:42::1]:4711')).toBe('2001:db8:85a3:42::/64')
    expect(limitedAddress('local')).toBe('local')
  })

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:85a3:42::/64'
    for (const address of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:0000:0000:0000:0002',
      '2001:DB8:85A3:42:ffff:1:2:3',
      '2001:db8:85a3:42::dead:beef%eth0',
      '2001:db8:85a3:42::198.51.100.4',
    ]) {
      expect({ address, network: limitedAddress(address) }).toEqual({ address, network })
    }
    expect(limitedAddress('2001:db8:85a3:43::1')).not.toBe(network)
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64')
    expect(limitedAddress('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('is what every per-address limit reads from a request: the edge’s address, limited', () => {
    const from = (address?: string) =>
      clientAddressForLimits(
        new Request('http://localhost/', {
          headers: address ? { [CLIENT_IP_HEADER]: address } : {},
        }),
      )
    expect(from('2001:db8:85a3:42::7')).toBe('2001:db8:85a3:42::/64')
    expect(from('203.0.113.7')).toBe('203.0.113.7')
    expect(from()).toBe('local')
  })
})
