import type { Registry } from 'prom-client';

type Labels = { method: string; route: string; status_class: string };
type Series = { labels: Labels; counts: Float64Array; sum: number; count: number };

/** One series' recorder, bound to its labels once. */
export type RequestObserver = { observe(seconds: number): void };

/**
 * The request-time histogram, read by prom-client's registry like its own. prom-client's
 * Histogram checks and hashes the labels on every observation (about 1 µs, as much as a tenth of
 * what an API request costs the server); here a route's series is looked up once, when its
 * observer is bound, and an observation is a bucket search and two additions.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  bind(labels: Labels): RequestObserver {
    const key = `${labels.method}\n${labels.route}\n${labels.status_class}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels, counts: new Float64Array(this.buckets.length), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    const { buckets } = this;
    const bound = series;
    return {
      observe(seconds) {
        let index = 0;
        while (index < buckets.length && seconds > buckets[index]!) index += 1;
        if (index < buckets.length) bound.counts[index]! += 1;
        bound.sum += seconds;
        bound.count += 1;
      },
    };
  }

  /** The samples in prom-client's shape: cumulative buckets, `+Inf`, sum and count per series. */
  async get() {
    const values = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      if (count === 0) continue;
      let cumulative = 0;
      this.buckets.forEach((bound, index) => {
        cumulative += counts[index]!;
        values.push({
          labels: { ...labels, le: bound },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
