import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { sampleValue } from '../../testing/metrics-text';
import { RequestHistogram } from './request-histogram';

describe('RequestHistogram', () => {
  it('renders cumulative buckets, +Inf, sum and count per series, as Prometheus reads a histogram', async () => {
    const registry = new Registry();
    const histogram = new RequestHistogram('requests_seconds', 'Request time', [0.005, 0.25, 600], registry);
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const observer = histogram.bind(health);
    for (const seconds of [0.003, 0.2, 0.25, 700]) observer.observe(seconds);
    histogram.bind({ ...health, status_class: '5xx' });

    const text = await registry.metrics();
    expect(text).toContain('# TYPE requests_seconds histogram');
    const bucket = (le: string) => sampleValue(text, 'requests_seconds_bucket', { ...health, le });
    expect([bucket('0.005'), bucket('0.25'), bucket('600'), bucket('+Inf')]).toEqual([1, 3, 3, 4]);
    expect(sampleValue(text, 'requests_seconds_count', health)).toBe(4);
    expect(sampleValue(text, 'requests_seconds_sum', health)).toBeCloseTo(700.453);
    // A series bound but never observed is not written.
    expect(text).not.toContain('5xx');
    // Binding the same labels again adds to the same series.
    histogram.bind(health).observe(1);
    expect(sampleValue(await registry.metrics(), 'requests_seconds_count', health)).toBe(5);
  });
});
