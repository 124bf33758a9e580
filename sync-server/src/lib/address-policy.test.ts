import { describe, expect, it } from 'vitest';
import { inAddressRange, ipv6Groups, isPublicAddress } from './address-policy';

describe('isPublicAddress', () => {
  it('refuses every internal IPv4 range', () => {
    for (const ip of ['0.0.0.0', '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.1.2', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255', '192.0.2.10', '198.18.0.1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('allows public IPv4', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '151.101.1.69', '172.32.0.1', '100.128.0.1', '13.107.42.14']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });

  it('refuses internal IPv6, including IPv4 inside IPv6', () => {
    for (const ip of ['::', '::1', '0:0:0:0:0:0:0:1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2001:db8::1', '2002:7f00:1::1', '2001::1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('allows global IPv6 and mapped public IPv4', () => {
    for (const ip of ['2606:4700:4700::1111', '2a00:1450:4001:81c::200e', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    for (const ip of ['localhost', '', '999.1.1.1', 'example.com']) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('expands IPv6 groups', () => {
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
  });
});

describe('inAddressRange', () => {
  it('matches single addresses and CIDR blocks of either family', () => {
    expect(inAddressRange('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(inAddressRange('127.0.0.2', '127.0.0.1')).toBe(false);
    expect(inAddressRange('10.20.30.40', '10.0.0.0/8')).toBe(true);
    expect(inAddressRange('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(inAddressRange('192.168.1.77', '192.168.1.64/26')).toBe(true);
    expect(inAddressRange('192.168.1.128', '192.168.1.64/26')).toBe(false);
    expect(inAddressRange('1.2.3.4', '0.0.0.0/0')).toBe(true);
    expect(inAddressRange('::1', '::1')).toBe(true);
    expect(inAddressRange('fd12:3456::1', 'fd00::/8')).toBe(true);
    expect(inAddressRange('fe80::1', 'fd00::/8')).toBe(false);
    expect(inAddressRange('2001:db8:1:2::5', '2001:db8:1::/48')).toBe(true);
    expect(inAddressRange('2001:db8:2::5', '2001:db8:1::/48')).toBe(false);
  });

  it('never matches across families or with a range that is not one', () => {
    expect(inAddressRange('127.0.0.1', '::1')).toBe(false);
    expect(inAddressRange('::ffff:127.0.0.1', '127.0.0.1')).toBe(false);
    expect(inAddressRange('127.0.0.1', 'localhost')).toBe(false);
  });
});
