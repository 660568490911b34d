import { describe, expect, it } from 'vitest';
import { familyOf, metricNames } from './promql.ts';

describe('metricNames', () => {
  it("finds a selector's name, not its labels, values, ranges or grouping", () => {
    expect(
      metricNames(
        'sum by (le, route) (rate(coach_http_request_duration_seconds_bucket{route!~"/api/x|up", instance=~"$instance"}[$__rate_interval]))',
      ),
    ).toEqual(['coach_http_request_duration_seconds_bucket']);
  });

  it('leaves out functions, aggregations, keywords, numbers and durations', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum without (status) (rate(a_bucket[5m] offset 1h))) > bool 1e3 and on (route) max(b) or vector(0) unless ignoring (x) c',
      ),
    ).toEqual(['a_bucket', 'b', 'c']);
    expect(metricNames('x != x')).toEqual(['x']);
    expect(metricNames('up{job="coach"} == 0')).toEqual(['up']);
  });

  it('names a histogram by its family', () => {
    expect(familyOf('coach_http_request_duration_seconds_count')).toBe(
      'coach_http_request_duration_seconds',
    );
    expect(familyOf('coach_mail_outbox_pending')).toBe('coach_mail_outbox_pending');
  });
});
