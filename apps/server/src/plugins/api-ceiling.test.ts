import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddressKey as ceilingKey } from '../lib/client-address';
import { createMemoryCeilingCounter, createRedisCeilingCounter } from './api-ceiling';

describe('the key an address counts under', () => {
  it('keeps an IPv4 address, also when IPv6 maps it', () => {
    expect(ceilingKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ceilingKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ceilingKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /56, however it is written', () => {
    const key = ceilingKey('2001:db8:1234:5600::1');
    expect(key).toBe('2001:db8:1234:5600::/56');
    expect(ceilingKey('2001:0DB8:1234:56ff:ffff:ffff:ffff:ffff')).toBe(key);
    expect(ceilingKey('2001:db8:1234:56aa::abcd%eth0')).toBe(key);
    expect(ceilingKey('2001:db8:1234:5700::1')).not.toBe(key);
    expect(ceilingKey('::1')).toBe('0:0:0:0::/56');
  });

  it('keeps an unparsable address whole rather than merging it with others', () => {
    expect(ceilingKey('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(ceilingKey('fe80::zz')).toBe('fe80::zz');
  });
});

describe('the ceiling counter in memory', () => {
  it('counts in the same tick and starts again when the window ends', async () => {
    const counter = createMemoryCeilingCounter(40);
    try {
      const first = counter.hit('a');
      expect(first).toMatchObject({ count: 1 });
      expect(counter.hit('a')).toMatchObject({ count: 2 });
      expect(counter.hit('b')).toMatchObject({ count: 1 });
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(counter.hit('a')).toMatchObject({ count: 1 });
    } finally {
      counter.close();
    }
  });
});

describe('the ceiling counter shared through Redis', () => {
  it('keeps counting in memory while Redis cannot be reached, and says so once per sync', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const errors: unknown[] = [];
    const counter = createRedisCeilingCounter(unreachable, 60_000, {
      syncMs: 60_000,
      onError: (error) => errors.push(error),
    });
    try {
      counter.hit('10.0.0.1');
      expect(counter.hit('10.0.0.1').count).toBe(2);
      counter.hit('10.0.0.2');
      await counter.sync();
      // Once per sync, not once per address.
      expect(errors).toHaveLength(1);
      expect(counter.hit('10.0.0.1').count).toBe(3);
    } finally {
      counter.close();
      unreachable.disconnect();
    }
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))('the ceiling counter in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.quit());

  it('counts at once here, adds up across counters at each sync, and the key expires with its window', async () => {
    const prefix = `test-ceiling-${randomBytes(4).toString('hex')}:`;
    const options = { prefix, syncMs: 60_000 };
    const first = createRedisCeilingCounter(redis, 1_000, options);
    const second = createRedisCeilingCounter(redis, 1_000, options);
    try {
      first.hit('10.0.0.1');
      expect(first.hit('10.0.0.1').count).toBe(2);
      expect(second.hit('10.0.0.1').count).toBe(1);
      await first.sync();
      await second.sync();
      expect(await redis.get(`${prefix}10.0.0.1`)).toBe('3');
      const pttl = await redis.pttl(`${prefix}10.0.0.1`);
      expect(pttl).toBeGreaterThan(0);
      expect(pttl).toBeLessThanOrEqual(1_000);
      const counted = second.hit('10.0.0.1');
      expect(counted.count).toBe(4);
      expect(counted.resetAt - Date.now()).toBeLessThanOrEqual(1_000);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(first.hit('10.0.0.1')).toMatchObject({ count: 1 });
      await first.sync();
      expect(await redis.get(`${prefix}10.0.0.1`)).toBe('1');
    } finally {
      first.close();
      second.close();
    }
  });
});
