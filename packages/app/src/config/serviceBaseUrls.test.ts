import { describe, expect, it } from 'vitest';
import { readServiceBaseUrls } from './serviceBaseUrls.ts';

describe('readServiceBaseUrls', () => {
  it('defaults every service to same-origin /api/<service>', () => {
    const urls = readServiceBaseUrls({});
    expect(urls.auth).toBe('/api/auth');
    expect(urls['device-metrics']).toBe('/api/device-metrics');
  });

  it('moves every service to VITE_API_ORIGIN and one service to its own variable', () => {
    const urls = readServiceBaseUrls({
      VITE_API_ORIGIN: 'https://api.example.com/',
      VITE_API_BASE_URL_DEVICE_METRICS: 'https://metrics.example.com/v1',
    });
    expect(urls.account).toBe('https://api.example.com/api/account');
    expect(urls['device-metrics']).toBe('https://metrics.example.com/v1');
  });
});
