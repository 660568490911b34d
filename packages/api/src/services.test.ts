import { describe, expect, it } from 'vitest';
import { defaultServiceBaseUrls, serviceNames } from './services.ts';

describe('defaultServiceBaseUrls', () => {
  it('puts each of the nine services under /api/<service> on the same origin', () => {
    const urls = defaultServiceBaseUrls();
    expect(Object.keys(urls)).toEqual([...serviceNames]);
    expect(urls.auth).toBe('/api/auth');
    expect(urls['device-metrics']).toBe('/api/device-metrics');
  });

  it('prefixes another origin when one is given', () => {
    expect(defaultServiceBaseUrls('https://coach.example.com').resource).toBe(
      'https://coach.example.com/api/resource',
    );
  });
});
